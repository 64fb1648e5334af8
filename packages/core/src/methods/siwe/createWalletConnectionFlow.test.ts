import { parseSiweMessage, createSiweMessage } from 'viem/siwe';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../errors/request.ts';
import { SCREEN } from '../../screens/screens.ts';
import type { User } from '../../session/user.ts';
import { createWalletRegistry, type Eip1193Provider } from '../../wallets/registry.ts';
import {
  createWalletConnectionFlow,
  type WalletConnectionFlowClient,
} from './createWalletConnectionFlow.ts';

const account = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);

/** An EIP-1193 provider over a viem local account; `reject` makes personal_sign fail with 4001. */
function testProvider(options: { chainId?: number; reject?: () => boolean } = {}) {
  let chainId = options.chainId ?? 31337;
  const calls: string[] = [];
  return {
    calls,
    provider: {
      on: () => {},
      removeListener: () => {},
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        calls.push(method);
        const p = params as unknown[];
        switch (method) {
          case 'eth_requestAccounts':
            return [account.address];
          case 'eth_chainId':
            return `0x${chainId.toString(16)}`;
          case 'wallet_switchEthereumChain':
            chainId = Number.parseInt((p[0] as { chainId: string }).chainId, 16);
            return null;
          case 'personal_sign':
            if (options.reject?.()) {
              throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
            }
            return account.signMessage({ message: { raw: p[0] as `0x${string}` } });
          default:
            throw new Error(`unexpected ${method}`);
        }
      }) as Eip1193Provider['request'],
    },
  };
}

const user = { id: 'did:latchkey:1', linkedAccounts: [] } as unknown as User;

function fakeClient(login?: () => Promise<never>) {
  const seen: { message: string; signature: string; chainId: unknown; walletClientType: string }[] =
    [];
  const client = {
    wallets: createWalletRegistry(),
    api: { siweInit: vi.fn(async () => ({ nonce: 'n0nce1234567890abcdef', expires_at: 0 })) },
    loginWithSiwe: vi.fn(async (body: (typeof seen)[number]) => {
      seen.push(body);
      if (login) return login();
      return { user, isNewUser: true };
    }),
    linkWithSiwe: vi.fn(async () => user),
  } as unknown as WalletConnectionFlowClient;
  return { client, seen };
}

const target = (
  provider: ReturnType<typeof testProvider>['provider'],
  connectorType = 'injected',
  walletClientType = 'metamask',
) => ({
  provider,
  connectorType,
  walletClientType,
  name: 'MetaMask',
});

const base = {
  createSiweMessage,
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  supportedChainIds: [31337],
  now: () => Date.UTC(2026, 0, 1),
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createWalletConnectionFlow', () => {
  it('connects an injected wallet, signs an EIP-4361 message at once and logs in', async () => {
    const { client, seen } = fakeClient();
    const onComplete = vi.fn();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'login', onComplete });
    const steps: string[] = [];
    flow.subscribe((s) => steps.push(s.step));
    const { provider } = testProvider();
    expect(await flow.connect(target(provider))).toBe(true);
    expect(steps).toEqual(['connecting', 'connected', 'signing', 'verifying', 'success']);
    const parsed = parseSiweMessage(seen[0]!.message);
    expect(parsed).toMatchObject({
      address: account.address,
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      chainId: 31337,
      nonce: 'n0nce1234567890abcdef',
      version: '1',
    });
    expect(seen[0]).toMatchObject({ chainId: 'eip155:31337', walletClientType: 'metamask' });
    expect(await account.signMessage({ message: seen[0]!.message })).toBe(seen[0]!.signature);
    expect(client.wallets.list()).toEqual([
      expect.objectContaining({
        address: account.address,
        linked: true,
        connectorType: 'injected',
      }),
    ]);
    expect(onComplete).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1400);
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ user, isNewUser: true }));
  });

  it('switches a wallet on another chain to a supported one first', async () => {
    const { client } = fakeClient();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'login' });
    const statuses: string[] = [];
    flow.subscribe((s) => statuses.push(s.status));
    const { provider, calls } = testProvider({ chainId: 1 });
    await flow.connect(target(provider));
    expect(calls).toContain('wallet_switchEthereumChain');
    expect(statuses).toContain('switching_to_supported_chain');
    expect(flow.getState()).toMatchObject({ step: 'success', chainId: 31337 });
  });

  it('maps a rejected signature to LOGIN_FAILED_SCREEN and allows 2 retries', async () => {
    const { client } = fakeClient();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'login' });
    const { provider } = testProvider({ reject: () => true });
    expect(await flow.connect(target(provider))).toBe(false);
    expect(flow.getState()).toMatchObject({
      step: 'error',
      errorKind: 'user-rejected',
      screen: SCREEN.LOGIN_FAILED_SCREEN,
      errorMessage: 'You declined the request in your wallet.',
      canRetry: true,
      retries: 0,
    });
    expect(await flow.retry()).toBe(false);
    expect(flow.getState()).toMatchObject({ retries: 1, canRetry: true });
    expect(await flow.retry()).toBe(false);
    expect(flow.getState()).toMatchObject({
      retries: 2,
      canRetry: false,
      errorMessage: 'Unable to connect wallet',
    });
    expect(await flow.retry()).toBe(false);
    expect(flow.getState().retries).toBe(2);
  });

  it('succeeds on a retry after a rejection', async () => {
    const { client } = fakeClient();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'login' });
    let rejectOnce = true;
    const { provider } = testProvider({
      reject: () => {
        const r = rejectOnce;
        rejectOnce = false;
        return r;
      },
    });
    await flow.connect(target(provider));
    expect(await flow.retry()).toBe(true);
    expect(flow.getState().step).toBe('success');
  });

  it.each([
    ['allowlist_rejected', SCREEN.ALLOWLIST_REJECTION_SCREEN],
    ['max_accounts_reached', SCREEN.USER_LIMIT_REACHED_SCREEN],
    ['user_does_not_exist', SCREEN.ACCOUNT_NOT_FOUND_SCREEN],
    ['linked_to_another_user', SCREEN.LOGIN_FAILED_SCREEN],
    ['client_request_timeout', SCREEN.LOGIN_FAILED_SCREEN],
  ] as const)('sends %s to %s', async (code, screen) => {
    const { client } = fakeClient(() =>
      Promise.reject(new ApiError({ code, status: 403, message: 'no', request: 'POST x' })),
    );
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'login' });
    await flow.connect(target(testProvider().provider));
    expect(flow.getState().screen).toBe(screen);
    if (code === 'linked_to_another_user') expect(flow.getState().errorKind).toBe('user-exists');
    if (code === 'client_request_timeout') expect(flow.getState().errorKind).toBe('timed-out');
  });

  it('waits 2500 ms before auto-signing for WalletConnect with MetaMask, and not at all for other WalletConnect wallets', async () => {
    const { client } = fakeClient();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'login' });
    const { provider, calls } = testProvider();
    await flow.connect(target(provider, 'wallet_connect', 'metamask'));
    expect(flow.getState().step).toBe('connected');
    await vi.advanceTimersByTimeAsync(2499);
    expect(calls).not.toContain('personal_sign');
    for (let i = 0; i < 50 && flow.getState().step !== 'success'; i++) {
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(flow.getState().error?.message).toBeUndefined();
    expect(calls).toContain('personal_sign');
    expect(flow.getState().step).toBe('success');

    const other = createWalletConnectionFlow(fakeClient().client, { ...base, mode: 'login' });
    const second = testProvider();
    await other.connect(target(second.provider, 'wallet_connect', 'rainbow'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(other.getState().step).toBe('connected');
    expect(second.calls).not.toContain('personal_sign');
    expect(await other.sign()).toBe(true);
  });

  it('auto-signs WalletConnect wallets on mobile', async () => {
    const flow = createWalletConnectionFlow(fakeClient().client, {
      ...base,
      mode: 'login',
      isMobile: true,
    });
    await flow.connect(target(testProvider().provider, 'wallet_connect', 'rainbow'));
    expect(flow.getState().step).toBe('success');
  });

  it('connect-only: connects without a signature and lists the wallet unlinked', async () => {
    const { client } = fakeClient();
    const onComplete = vi.fn();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'connect-only', onComplete });
    const { provider, calls } = testProvider();
    expect(await flow.connect(target(provider))).toBe(true);
    expect(calls).not.toContain('personal_sign');
    expect(client.loginWithSiwe).not.toHaveBeenCalled();
    expect(client.wallets.list()).toEqual([expect.objectContaining({ linked: false })]);
    await vi.advanceTimersByTimeAsync(1400);
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ user: null }));
    client.wallets.list()[0]!.disconnect();
    expect(client.wallets.list()).toEqual([]);
  });

  it('link mode links through /siwe/link', async () => {
    const { client } = fakeClient();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'link' });
    await flow.connect(target(testProvider().provider));
    expect(client.linkWithSiwe).toHaveBeenCalled();
    expect(client.loginWithSiwe).not.toHaveBeenCalled();
  });

  it('link mode asks for the nonce with the bearer token; a login without one', async () => {
    const { client } = fakeClient();
    (client as { getAccessToken?: () => Promise<string | null> }).getAccessToken = vi.fn(
      async () => 'access.token.jwt',
    );
    const link = createWalletConnectionFlow(client, { ...base, mode: 'link' });
    await link.connect(target(testProvider().provider));
    expect(client.api.siweInit).toHaveBeenLastCalledWith(expect.anything(), {
      accessToken: 'access.token.jwt',
    });
    const login = createWalletConnectionFlow(client, base);
    await login.connect(target(testProvider().provider));
    expect(client.api.siweInit).toHaveBeenLastCalledWith(expect.anything());
  });
});

describe('createWalletConnectionFlow link mode (issue 6; spec section 8, "Wallet connection")', () => {
  function linkClient(link: () => Promise<User>) {
    const { client } = fakeClient();
    (client as unknown as { linkWithSiwe: unknown }).linkWithSiwe = vi.fn(link);
    return client;
  }

  it('resolves {user, isNewUser: false} and lists the wallet as linked', async () => {
    const client = linkClient(async () => user);
    const onComplete = vi.fn();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'link', onComplete });
    expect(await flow.connect(target(testProvider().provider))).toBe(true);
    expect(flow.getState()).toMatchObject({ step: 'success', result: { user, isNewUser: false } });
    expect(client.wallets.list()).toEqual([expect.objectContaining({ linked: true })]);
    await vi.advanceTimersByTimeAsync(1400);
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ user, isNewUser: false }));
  });

  it("mode defaults to 'login'", async () => {
    const { client } = fakeClient();
    const { mode: _mode, ...rest } = { ...base, mode: 'login' as const };
    const flow = createWalletConnectionFlow(client, rest);
    await flow.connect(target(testProvider().provider));
    expect(client.loginWithSiwe).toHaveBeenCalled();
    expect(client.linkWithSiwe).not.toHaveBeenCalled();
  });

  it.each([
    ['allowlist_rejected', SCREEN.ALLOWLIST_REJECTION_SCREEN, 'generic'],
    ['max_accounts_reached', SCREEN.USER_LIMIT_REACHED_SCREEN, 'generic'],
    ['user_does_not_exist', SCREEN.ACCOUNT_NOT_FOUND_SCREEN, 'generic'],
    ['linked_to_another_user', SCREEN.LOGIN_FAILED_SCREEN, 'user-exists'],
    ['cannot_link_more_of_type', SCREEN.LOGIN_FAILED_SCREEN, 'generic'],
  ] as const)('a link failing with %s goes to %s', async (code, screen, kind) => {
    const message = 'User already has an account of type wallet linked.';
    const client = linkClient(() =>
      Promise.reject(new ApiError({ code, status: 409, message, request: 'POST /siwe/link' })),
    );
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'link' });
    expect(await flow.connect(target(testProvider().provider))).toBe(false);
    const state = flow.getState();
    expect(state).toMatchObject({ step: 'error', screen, errorKind: kind });
    expect(state.error?.code).toBe(code);
    if (code === 'linked_to_another_user') {
      expect(state.errorMessage).toBe('This wallet has already been linked to another user.');
    }
    if (code === 'cannot_link_more_of_type') expect(state.errorMessage).toBe(message);
    expect(client.wallets.list()).toEqual([]);
  });
});

describe('createWalletConnectionFlow captcha token (issue 6)', () => {
  it('sends the captcha token in the next siwe/init only, never when linking', async () => {
    const { client } = fakeClient();
    const flow = createWalletConnectionFlow(client, { ...base, mode: 'login' });
    await flow.connect(target(testProvider().provider), { captchaToken: 'cap-1' });
    const init = client.api.siweInit as unknown as ReturnType<typeof vi.fn>;
    expect(init).toHaveBeenLastCalledWith({ address: account.address, token: 'cap-1' });
    await flow.connect(target(testProvider().provider));
    expect(init).toHaveBeenLastCalledWith({ address: account.address });

    const linking = fakeClient().client;
    const link = createWalletConnectionFlow(linking, { ...base, mode: 'link' });
    await link.connect(target(testProvider().provider), { captchaToken: 'cap-2' });
    expect(linking.api.siweInit).toHaveBeenLastCalledWith({ address: account.address });
  });
});
