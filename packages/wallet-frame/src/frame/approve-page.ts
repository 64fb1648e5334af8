import type { FramePayloads } from '@latchkey/api';
import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type DescribeChain, describeRequest } from '../custody/describe.ts';
import { CustodyError } from '../custody/errors.ts';
import { type EvmRpcRequest, handleEvmRpc } from '../custody/evm-rpc.ts';
import { reconstructEntropy } from '../custody/shares.ts';
import {
  deriveEvmPrivateKey,
  evmPrivateKeyOfSecret,
  generateEntropy,
} from '../custody/wallet-secret.ts';
import {
  type ApproveView,
  type ApproveViewOptions,
  BUTTON_TEXT_MAX,
  mountApproveView,
} from './approve-view.ts';
import { type ClickGuard, type ClickGuardOptions, createClickGuard } from './click-guard.ts';
import { openFrameKey } from './frame-key.ts';
import type { FrameHandler } from './router.ts';
import {
  createCustody,
  type Session,
  shareApiFor,
  WALLET_NOT_ON_DEVICE_MESSAGE,
  type WalletHandlersParameters,
} from './wallet-handlers.ts';

type ApproveIn = FramePayloads['latchkey:wallet:approve']['in'];
type ApproveOut = FramePayloads['latchkey:wallet:approve']['out'];

/** Methods the approval page signs (issue 24 item 1). */
export const APPROVAL_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
] as const;

/**
 * The wallet policy's check of a request the user is about to approve (issue 24 item 3; wired
 * from app.ts). It runs after the user's approved click and before the key is rebuilt; throwing
 * refuses the request (a CustodyError's type, e.g. `policy_chain_not_allowed`, is the answer).
 */
export type ApprovalPolicyCheck = (request: EvmRpcRequest, chain: DescribeChain) => Promise<void>;

/** Parameters of {@link startApprovePage} beyond the frame's base ones. */
export interface ApprovePageOptions extends ApproveViewOptions {
  /** See {@link ApprovalPolicyCheck}. Default: none. */
  policyCheck?: ApprovalPolicyCheck;
  /** Overrides of the click guard (tests: a fake IntersectionObserver, the arm time). */
  guard?: Partial<
    Pick<ClickGuardOptions, 'IntersectionObserver' | 'hasVisibilityV2' | 'armMs' | 'now'>
  >;
}

const invalid = (message: string) => new CustodyError('invalid_request_arguments', message);

function record(data: unknown, what: string): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid(`${what} must be an object`);
  }
  return data as Record<string, unknown>;
}

function addressOf(data: Record<string, unknown>): Address {
  const { address } = data;
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw invalid('address must be an EVM address');
  }
  return getAddress(address);
}

/** The `chain` of the request: id, name and native currency, checked. */
function chainOf(value: unknown): DescribeChain {
  const chain = record(value, 'chain');
  const { id, name } = chain;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw invalid('chain.id must be a positive integer');
  }
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) {
    throw invalid('chain.name must be a short string');
  }
  const currency = record(chain.nativeCurrency, 'chain.nativeCurrency');
  const { symbol, decimals } = currency;
  if (typeof symbol !== 'string' || symbol.length === 0 || symbol.length > 16) {
    throw invalid('chain.nativeCurrency.symbol must be a short string');
  }
  if (
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 36
  ) {
    throw invalid('chain.nativeCurrency.decimals must be an integer from 0 to 36');
  }
  return {
    id,
    name,
    nativeCurrency: {
      name: typeof currency.name === 'string' ? currency.name : symbol,
      symbol,
      decimals,
    },
  };
}

/**
 * The button's label: the host's `buttonText` when it is a short one-line string, else the
 * default of the page's locale (`texts.send` for transactions, `texts.sign` otherwise).
 */
function labelOf(value: unknown, method: string, texts: ApproveView['texts']): string {
  if (
    typeof value === 'string' &&
    value.trim().length > 0 &&
    value.length <= BUTTON_TEXT_MAX &&
    !/[\n\r]/.test(value)
  ) {
    return value.trim();
  }
  return method === 'eth_signTransaction' ? texts.send : texts.sign;
}

/**
 * Runs the derivation and signing code once on a throwaway key while the button is still arming,
 * so the approved click does not pay this fresh page's cold start (JIT, curve tables: about
 * 150 ms measured by `npm run bench:approval`). No secret is involved.
 */
async function warmUp(method: string): Promise<void> {
  try {
    const account = privateKeyToAccount(deriveEvmPrivateKey(generateEntropy()));
    if (method === 'personal_sign') await account.signMessage({ message: 'warm-up' });
    else await account.signTransaction({ chainId: 1, to: account.address, type: 'eip1559' });
  } catch {
    // Only a speed-up.
  }
}

/** Rethrows `error` after zeroing the shares `loading` brings, if it brings them. */
function discard(loading: Promise<Session>) {
  return (error: unknown): never => {
    loading.then(
      (session) => {
        session.device.fill(0);
        session.auth.fill(0);
      },
      () => undefined,
    );
    throw error;
  };
}

/**
 * The approval page (`mode: approve`, `/apps/{appId}/embedded-wallets/approve`; issue 24 items 1
 * and 2). Its one handler takes `latchkey:wallet:approve`
 * `{accessToken, address, request: {method, params}, chain, buttonText?}` and:
 *
 * 1. checks the token (`createCustody().authorize`), the chain and that this device holds the
 *    wallet's share (`wallet_not_on_device` otherwise), and describes the request with
 *    `describeRequest` (`invalid_request_arguments` for a malformed one: foreign signer, chainId
 *    missing or not `chain.id`, unsupported method);
 * 2. draws it with the approve button (`buttonText`, else 'Sign and continue' for signatures and
 *    'Submit' for transactions, the spec's sign and send defaults), themed from the URL;
 * 3. waits for a click the click guard accepts (trusted, on the button, the page visible and
 *    unobscured for `APPROVAL_ARM_MS`); refused clicks show a note and sign nothing;
 * 4. (before drawing: runs `policyCheck` if given, so a refused request is refused before any
 *    click, and starts loading the device session so the click does not wait for the network)
 *    rebuilds the key after the click, signs with
 *    `handleEvmRpc`, zeroes the entropy and answers `{response}` (the signature or the signed
 *    serialized transaction) while the page shows 'Signing…' then 'Signed'.
 *
 * It serves ONE request; later ones are refused (`invalid_request_arguments`). Errors are shown
 * in the page and answered as CustodyErrors (others as `error`). The answer waits for the user:
 * the host's timeout (10 min) bounds it.
 */
export function startApprovePage(
  doc: Document,
  win: Window,
  base: WalletHandlersParameters,
  options: ApprovePageOptions = {},
): FrameHandler {
  const view: ApproveView = mountApproveView(doc, options);
  const key = base.key ?? openFrameKey(base.appId, win.indexedDB);
  const api = base.api ?? shareApiFor(base, key);
  const core = createCustody(base, api);
  let used = false;
  let guard: ClickGuard | null = null;

  /** Resolves on the first click the guard accepts; refused ones show the note. */
  const approval = () =>
    new Promise<void>((resolve) => {
      guard = createClickGuard({
        ...options.guard,
        observed: view.root,
        button: view.button,
        win,
        doc,
        onChange: (armed) => {
          view.setArmed(armed);
          if (armed) view.clearRefusal();
        },
      });
      const onClick = (event: MouseEvent) => {
        const verdict = guard!.check(event);
        if (!verdict.ok) {
          view.root.setAttribute('data-refused', verdict.reason);
          // A script's event is not the user's: no note for it (the user did nothing).
          if (verdict.reason !== 'untrusted') view.refuse();
          return;
        }
        view.root.removeAttribute('data-refused');
        view.button.removeEventListener('click', onClick);
        guard!.dispose();
        resolve();
      };
      view.button.addEventListener('click', onClick);
    });

  return async (input) => {
    if (used) throw invalid('This approval page has already been used');
    used = true;
    try {
      const data = record(input, 'Request data');
      const { token, userId } = core.authorize(data);
      const address = addressOf(data);
      const raw = record(data.request, 'request');
      if (typeof raw.method !== 'string') throw invalid('request.method must be a string');
      if (!(APPROVAL_METHODS as readonly string[]).includes(raw.method)) {
        throw invalid(`Unsupported method ${raw.method}`);
      }
      const request: EvmRpcRequest = { method: raw.method, params: raw.params };
      const chain = chainOf(data.chain);
      const description = describeRequest(address, request, chain, view.locale);
      const stored = base.store.get(userId, address);
      if (!stored) throw new CustodyError('wallet_not_on_device', WALLET_NOT_ON_DEVICE_MESSAGE);
      stored.share.fill(0);

      // The policy's verdict and the shares are fetched while the user reads, so the click only
      // rebuilds the key and signs. The shares wait in this page's memory (as the hidden frame
      // keeps them); the key itself is rebuilt only after the approved click.
      const policy = options.policyCheck?.(request, chain);
      const loading = core.loadDeviceSession(token, userId, address);
      loading.catch(() => undefined);
      if (policy) await policy.catch(discard(loading));
      view.show(
        description,
        address,
        labelOf((data as Partial<ApproveIn>).buttonText, raw.method, view.texts),
      );
      setTimeout(() => void warmUp(request.method), 0);
      await approval().catch(discard(loading));
      view.signing();

      const session = await loading;
      const entropy = await reconstructEntropy([session.device, session.auth], address).finally(
        () => {
          session.device.fill(0);
          session.auth.fill(0);
        },
      );
      let response: unknown;
      try {
        const privateKey: Hex = evmPrivateKeyOfSecret(entropy);
        response = await handleEvmRpc(privateKey, request);
      } finally {
        entropy.fill(0);
      }
      view.signed();
      return { response } satisfies ApproveOut;
    } catch (error) {
      guard?.dispose();
      view.fail(error instanceof CustodyError ? error.message : undefined);
      throw error;
    }
  };
}
