/**
 * A test wallet for the SIWE specs: an EIP-1193 provider injected into the page by an init
 * script and announced through EIP-6963, backed by a viem local account in the test process
 * (fixed private key; the page calls it through an exposed binding, so the key never enters
 * the page). `setRejecting(page, true)` makes `personal_sign` fail with EIP-1193 code 4001,
 * as when a person presses Reject in their wallet.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { privateKeyToAccount } from 'viem/accounts';

/** anvil's second dev key: a fixed, well-known test key with no value anywhere. */
export const TEST_WALLET_KEY =
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const;
export const testAccount = privateKeyToAccount(TEST_WALLET_KEY);
/** The name and rdns the wallet announces (EIP-6963). */
export const TEST_WALLET_NAME = 'Latchkey Test Wallet';
export const TEST_WALLET_RDNS = 'dev.latchkey.testwallet';
/** `wallet_client_type` the modal derives from the name. */
export const TEST_WALLET_CLIENT_TYPE = 'latchkey_test_wallet';

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><path d="M9 11h14v11H9z" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="19" cy="16.5" r="1.8" fill="#fff"/></svg>',
  );

/**
 * The page side, as plain JavaScript (a function would carry the TypeScript loader's helpers
 * into the page): an EIP-1193 provider announced through EIP-6963. Runs before any page script.
 */
function pageScript(info: {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
  address: string;
}): string {
  return `(() => {
  const info = ${JSON.stringify(info)};
  const state = { rejecting: false, requests: [] };
  window.__testWallet = state;
  let chainId = '0x7a69';
  const listeners = new Map();
  const provider = {
    async request({ method, params }) {
      state.requests.push(method);
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [info.address];
        case 'eth_chainId':
          return chainId;
        case 'wallet_switchEthereumChain':
          chainId = params[0].chainId;
          return null;
        case 'personal_sign':
          if (state.rejecting) {
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          }
          return window.__testWalletSign(params[0]);
        default:
          throw Object.assign(new Error('Unsupported method ' + method), { code: 4200 });
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({ info: Object.freeze({ ...info }), provider }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;
}

/** Installs the test wallet in every page of `context`. */
export async function installTestWallet(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__testWalletSign', async (_source, hexMessage: string) =>
    testAccount.signMessage({ message: { raw: hexMessage as `0x${string}` } }),
  );
  await context.addInitScript(
    pageScript({
      uuid: '6f1f5a7e-1a2b-4c3d-8e4f-0123456789ab',
      name: TEST_WALLET_NAME,
      icon: ICON,
      rdns: TEST_WALLET_RDNS,
      address: testAccount.address,
    }),
  );
}

/** Makes the wallet reject (or accept again) signature requests in `page`. */
export async function setRejecting(page: Page, rejecting: boolean): Promise<void> {
  await page.evaluate((r) => {
    (window as unknown as { __testWallet: { rejecting: boolean } }).__testWallet.rejecting = r;
  }, rejecting);
}

/** The EIP-1193 methods the page called on the wallet, in order. */
export async function walletRequests(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { __testWallet: { requests: string[] } }).__testWallet.requests,
  );
}
