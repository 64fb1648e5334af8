import { MFA_PASSKEY_INIT_ROUTE, MFA_ROUTES, type UserWire } from '@latchkey/api';
import {
  createFrameRouter,
  createWalletHandlers,
  type FrameWindow,
  openDeviceShareStore,
} from '@latchkey/wallet-frame';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_ID,
  fakeShareServer,
  memoryStorage,
  token,
} from '../../../wallet-frame/src/frame/test/fakes.ts';
import type { LatchkeyClient } from '../session/createLatchkeyClient.ts';
import { toUser, type User } from '../session/user.ts';
import { createWalletRegistry } from '../wallets/registry.ts';
import {
  createEmbeddedWalletBridge,
  type EmbeddedWalletBridge,
} from '../wallets/embedded/bridge.ts';
import { WalletError } from '../wallets/embedded/errors.ts';
import { createEmbeddedWalletManager } from '../wallets/embedded/manager.ts';
import {
  type FakeFrame,
  fakeBrowser,
  HOST_ORIGIN,
} from '../wallets/embedded/testing/fakeBrowser.ts';
import { createMfaClient, isMfaCanceledError } from './client.ts';
import { MFA_CODE_WAIT_MS, MFA_MAX_REQUIRED_ATTEMPTS } from './constants.ts';
import type { MfaClient, MfaRequiredRequest } from './types.ts';

const API_URL = 'https://api.example';
const TOKEN = token('user_1');
const ADDRESS = '0x1111111111111111111111111111111111111111';
const SECRET = 'JBSWY3DPEHPK3PXP';
const AUTH_URL = `otpauth://totp/Latchkey:a%40b.example?secret=${SECRET}&issuer=Latchkey`;

function wireUser(mfa: ('totp' | 'sms' | 'passkey')[] = []): UserWire {
  return {
    id: 'user_1',
    created_at: 0,
    linked_accounts: [],
    mfa_methods: mfa.map((type) => ({ type, verified_at: 1 })),
    has_accepted_terms: true,
    is_guest: false,
  } as unknown as UserWire;
}

function fakeClient(initial: User | null = toUser(wireUser())) {
  let current = initial;
  const client = {
    appId: APP_ID,
    apiUrl: API_URL,
    wallets: createWalletRegistry(),
    getAccessToken: vi.fn(async (): Promise<string | null> => TOKEN),
    getState: () => ({ status: current ? 'authenticated' : 'unauthenticated', user: current }),
    setUser: vi.fn((user: User) => {
      current = user;
    }),
    refreshUser: vi.fn(async () => current),
    logout: vi.fn(async () => {}),
    api: { request: vi.fn(async (_: unknown): Promise<unknown> => undefined) },
  };
  return { client, asClient: client as unknown as LatchkeyClient };
}

/**
 * The real wallet frame (router, wallet and MFA handlers) behind a fake iframe; the MFA routes
 * are answered here the way the server does, the share routes by the fake share server.
 */
function realFrame() {
  const server = fakeShareServer();
  const mfaCalls: { path: string; body: Record<string, unknown>; auth: string | null }[] = [];
  let enrolled: 'totp'[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/v1/mfa/')) return server.fetch(request);
    const body = (await request.json()) as Record<string, unknown>;
    mfaCalls.push({ path, body, auth: request.headers.get('authorization') });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    switch (path) {
      case MFA_ROUTES.mfaTotpInit:
        return json({ secret: SECRET, auth_url: AUTH_URL });
      case MFA_ROUTES.mfaTotpEnroll:
        if (body.code !== '123456') {
          return json({ error: 'The code you entered is not valid', code: 'invalid_data' }, 400);
        }
        enrolled = ['totp'];
        return json({ user: wireUser(enrolled) });
      case MFA_ROUTES.mfaTotpVerify:
        return json({ verified_until: 1_700_000_600 });
      case MFA_ROUTES.mfaUnenroll:
        enrolled = [];
        return json({ user: wireUser(enrolled) });
      default:
        return json({ error: 'Not found', code: 'not_found' }, 404);
    }
  }) as typeof globalThis.fetch;
  const browser = fakeBrowser(API_URL, (frame: FakeFrame) => {
    const win: FrameWindow = {
      addEventListener: (type, l) => frame.frameTarget.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) =>
        frame.frameTarget.removeEventListener(type, l as EventListener),
      parent: browser.parentForFrame,
    };
    createFrameRouter({
      window: win,
      allowedOrigins: [HOST_ORIGIN],
      handlers: createWalletHandlers({
        appId: APP_ID,
        apiUrl: API_URL,
        store: openDeviceShareStore(APP_ID, () => memoryStorage()),
        fetch,
        passwordIterations: 1_000,
      }),
    }).announceReady(HOST_ORIGIN);
  });
  const bridge = createEmbeddedWalletBridge({
    apiUrl: API_URL,
    appId: APP_ID,
    getAccessToken: async () => TOKEN,
    document: browser.document,
  });
  return { bridge, mfaCalls };
}

function fakeBridge(overrides: Partial<EmbeddedWalletBridge> = {}): EmbeddedWalletBridge {
  return {
    frameOrigin: API_URL,
    ready: vi.fn(async () => {}),
    create: vi.fn(async () => ({ address: ADDRESS })),
    connect: vi.fn(async ({ address }: { address: string }) => ({ address })),
    recover: vi.fn(async ({ address }: { address: string }) => ({ address })),
    rpc: vi.fn(async () => '0xsig'),
    setRecovery: vi.fn(async ({ address, recoveryMethod }) => ({ address, recoveryMethod })),
    clear: vi.fn(async () => {}),
    loginProof: vi.fn(async () => ({ proof: 'proof', jkt: 'jkt' })),
    mfa: vi.fn(async () => ({ verifiedUntil: 1_700_000_600_000 })) as EmbeddedWalletBridge['mfa'],
    reset: vi.fn(),
    destroy: vi.fn(),
    ...overrides,
  };
}

const mfaRequired = () =>
  new WalletError('MFA verification required', { type: 'missing_or_invalid_mfa' });

/** An operation failing with `missing_or_invalid_mfa` `failures` times, then answering 'ok'. */
function flaky(failures: number) {
  let calls = 0;
  const operation = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw mfaRequired();
    return 'ok';
  });
  return operation;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MFA enrolment through the wallet frame', () => {
  it('enrols TOTP: secret and otpauth URL, then the code; the answered user becomes the session user', async () => {
    const { client, asClient } = fakeClient();
    const { bridge, mfaCalls } = realFrame();
    const mfa = createMfaClient({ client: asClient, bridge });

    const init = await mfa.initEnrollment({ method: 'totp' });
    expect(init).toEqual({ secret: SECRET, authUrl: AUTH_URL });

    const user = await mfa.submitEnrollment({ method: 'totp', code: ' 123456 ' });
    expect(user.mfaMethods).toEqual(['totp']);
    expect(client.setUser).toHaveBeenCalledTimes(1);
    expect(client.getState().user?.mfaMethods).toEqual(['totp']);
    // The frame made the calls with DPoP (its key), the code trimmed.
    expect(mfaCalls.map((c) => c.path)).toEqual([MFA_ROUTES.mfaTotpInit, MFA_ROUTES.mfaTotpEnroll]);
    expect(mfaCalls[1]!.body).toEqual({ code: '123456' });
    expect(mfaCalls.every((c) => c.auth === `DPoP ${TOKEN}`)).toBe(true);

    const after = await mfa.unenroll('totp');
    expect(after.mfaMethods).toEqual([]);
    expect(client.getState().user?.mfaMethods).toEqual([]);
  });

  it('a malformed code is refused by the frame before any call; the user is kept', async () => {
    const { client, asClient } = fakeClient();
    const { bridge, mfaCalls } = realFrame();
    const mfa = createMfaClient({ client: asClient, bridge });
    await expect(mfa.submitEnrollment({ method: 'totp', code: '12a456' })).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Passcode can only be numbers',
    });
    expect(mfaCalls).toEqual([]);
    expect(client.setUser).not.toHaveBeenCalled();
  });

  it('verify.submit answers verifiedUntil in ms; totp init is a no-op', async () => {
    const { asClient } = fakeClient();
    const { bridge, mfaCalls } = realFrame();
    const mfa = createMfaClient({ client: asClient, bridge });
    await expect(mfa.verify.init('totp')).resolves.toBeUndefined();
    expect(mfaCalls).toEqual([]);
    expect(mfa.verifiedUntil()).toBe(0);
    await expect(mfa.verify.submit('totp', '654321')).resolves.toEqual({
      verifiedUntil: 1_700_000_600_000,
    });
    expect(mfa.verifiedUntil()).toBe(1_700_000_600_000);
    expect(mfaCalls.map((c) => [c.path, c.body])).toEqual([
      [MFA_ROUTES.mfaTotpVerify, { code: '654321' }],
    ]);
  });

  it('sends the frame events with their data (sms enrolment, sms and passkey verification)', async () => {
    const { client, asClient } = fakeClient();
    const bridge = fakeBridge();
    const mfa = createMfaClient({ client: asClient, bridge });
    vi.mocked(bridge.mfa!).mockResolvedValueOnce({});
    await mfa.initEnrollment({ method: 'sms', phoneNumber: '+15555550100' });
    await mfa.verify.init('sms');
    await mfa.verify.submit('passkey', { id: 'cred' });
    expect(vi.mocked(bridge.mfa!).mock.calls).toEqual([
      ['latchkey:mfa:init-enrollment', { method: 'sms', phoneNumber: '+15555550100' }],
      ['latchkey:mfa:verify', { method: 'sms', action: 'init' }],
      ['latchkey:mfa:verify', { method: 'passkey', action: 'submit', response: { id: 'cred' } }],
    ]);
    // The passkey challenge is the host's own bearer call.
    client.api.request.mockResolvedValueOnce({ options: { challenge: 'abc' } });
    await expect(mfa.verify.init('passkey')).resolves.toEqual({ challenge: 'abc' });
    expect(client.api.request).toHaveBeenCalledWith({
      method: 'POST',
      path: MFA_PASSKEY_INIT_ROUTE,
      body: {},
      accessToken: TOKEN,
      retry: false,
    });
  });
});

describe('MFA required: withMfa', () => {
  it('without a handler the missing_or_invalid_mfa error is thrown unchanged, once', async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    const error = mfaRequired();
    const operation = vi.fn(async () => {
      throw error;
    });
    await expect(mfa.withMfa(operation)).rejects.toBe(error);
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('other errors are not retried', async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    const handler = vi.fn();
    mfa.setMfaRequiredHandler(handler);
    const error = new WalletError('nope', { type: 'wallet_not_on_device' });
    const operation = vi.fn(async () => {
      throw error;
    });
    await expect(mfa.withMfa(operation)).rejects.toBe(error);
    expect(handler).not.toHaveBeenCalled();
  });

  it('asks the handler, which resolves after verify.submit; the operation is retried', async () => {
    const { asClient } = fakeClient(toUser(wireUser(['totp', 'sms'])));
    const mfa = createMfaClient({ client: asClient, bridge: fakeBridge() });
    const handler = vi.fn(async () => {
      await mfa.verify.submit('totp', '123456');
    });
    mfa.setMfaRequiredHandler(handler);
    const operation = flaky(1);
    await expect(mfa.withMfa(operation)).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ methods: ['totp', 'sms'], attempt: 1 });
    expect(mfa.isWaiting()).toBe(false);
  });

  it('a handler returning nothing: a successful verify.submit retries', async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    const handler = vi.fn(() => {
      setTimeout(() => void mfa.verify.submit('totp', '123456'), 0);
    });
    mfa.setMfaRequiredHandler(handler);
    await expect(mfa.withMfa(flaky(1))).resolves.toBe('ok');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a failed verify.submit keeps waiting (the user may type again)', async () => {
    const bridge = fakeBridge();
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge });
    vi.mocked(bridge.mfa!).mockRejectedValueOnce(
      new WalletError('The code you entered is not valid', { type: 'error' }),
    );
    mfa.setMfaRequiredHandler(() => {});
    const result = mfa.withMfa(flaky(1));
    await vi.waitFor(() => expect(mfa.isWaiting()).toBe(true));
    await expect(mfa.verify.submit('totp', '000000')).rejects.toThrow('not valid');
    expect(mfa.isWaiting()).toBe(true);
    await mfa.verify.submit('totp', '123456');
    await expect(result).resolves.toBe('ok');
  });

  it("verify.cancel rejects with 'MFA canceled' and does not retry", async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    mfa.setMfaRequiredHandler(() => {
      setTimeout(() => mfa.verify.cancel(), 0);
    });
    const operation = flaky(1);
    const error = await mfa.withMfa(operation).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).message).toBe('MFA canceled');
    expect(isMfaCanceledError(error)).toBe(true);
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it("a handler that rejects cancels ('MFA canceled', the cause kept)", async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    const cause = new Error('closed');
    mfa.setMfaRequiredHandler(async () => {
      throw cause;
    });
    const error = (await mfa.withMfa(flaky(1)).catch((e: unknown) => e)) as WalletError;
    expect(error.message).toBe('MFA canceled');
    expect(error.cause).toBe(cause);
  });

  it(`stops after ${MFA_MAX_REQUIRED_ATTEMPTS} attempts with the last missing_or_invalid_mfa`, async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    const handler = vi.fn(async (_request: MfaRequiredRequest) => {});
    mfa.setMfaRequiredHandler(handler);
    const operation = flaky(100);
    await expect(mfa.withMfa(operation)).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' });
    expect(MFA_MAX_REQUIRED_ATTEMPTS).toBe(4);
    expect(operation).toHaveBeenCalledTimes(4);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(handler.mock.calls.map(([r]) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('succeeds on the 4th attempt', async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    mfa.setMfaRequiredHandler(async () => {});
    const operation = flaky(3);
    await expect(mfa.withMfa(operation)).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(4);
  });

  it(`times out after ${MFA_CODE_WAIT_MS} ms with mfa_timeout`, async () => {
    vi.useFakeTimers();
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    mfa.setMfaRequiredHandler(() => new Promise<void>(() => {}));
    const operation = flaky(1);
    const result = mfa.withMfa(operation).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MFA_CODE_WAIT_MS - 1);
    expect(mfa.isWaiting()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await result) as WalletError;
    expect(error).toBeInstanceOf(WalletError);
    expect(error.type).toBe('mfa_timeout');
    expect(error.message).toBe('Timed out waiting for MFA code');
    expect(operation).toHaveBeenCalledTimes(1);
    expect(mfa.isWaiting()).toBe(false);
  });

  it('concurrent operations share one prompt', async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    const handler = vi.fn(() => {
      setTimeout(() => void mfa.verify.submit('totp', '123456'), 0);
    });
    mfa.setMfaRequiredHandler(handler);
    await expect(Promise.all([mfa.withMfa(flaky(1)), mfa.withMfa(flaky(1))])).resolves.toEqual([
      'ok',
      'ok',
    ]);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('setMfaRequiredHandler returns a function restoring the previous handler', async () => {
    const mfa = createMfaClient({ client: fakeClient().asClient, bridge: fakeBridge() });
    const first = vi.fn(async () => {});
    mfa.setMfaRequiredHandler(first);
    const restore = mfa.setMfaRequiredHandler(null);
    const error = await mfa.withMfa(flaky(1)).catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'missing_or_invalid_mfa' });
    restore();
    await expect(mfa.withMfa(flaky(1))).resolves.toBe('ok');
    expect(first).toHaveBeenCalledTimes(1);
  });
});

describe('MFA required: the embedded wallet manager', () => {
  const CHAIN = {
    id: 31337,
    name: 'Anvil',
    rpcUrl: 'http://127.0.0.1:9',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  };
  const now = new Date(0);
  function userWithWallet(): User {
    const wallet = {
      type: 'wallet' as const,
      address: ADDRESS,
      chainType: 'ethereum' as const,
      chainId: null,
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      recoveryMethod: 'latchkey' as const,
      imported: false,
      verifiedAt: now,
      firstVerifiedAt: now,
      latestVerifiedAt: now,
    };
    return {
      id: 'user_1',
      createdAt: now,
      linkedAccounts: [wallet],
      wallet,
      mfaMethods: ['totp'],
      hasAcceptedTerms: true,
      isGuest: false,
    } as User;
  }

  function managerWith(bridge: EmbeddedWalletBridge) {
    const { asClient } = fakeClient(userWithWallet());
    const manager = createEmbeddedWalletManager({
      client: asClient,
      chains: [CHAIN],
      defaultChainId: CHAIN.id,
      bridge,
    });
    return manager;
  }

  /** A handler that passes MFA the way the modal's prompt does. */
  const passes = (mfa: MfaClient) =>
    vi.fn(async () => {
      await mfa.verify.submit('totp', '123456');
    });

  it('connect: refused for MFA, the handler is asked once, then it connects', async () => {
    const connect = vi
      .fn<EmbeddedWalletBridge['connect']>()
      .mockRejectedValueOnce(mfaRequired())
      .mockResolvedValueOnce({ address: ADDRESS });
    const manager = managerWith(fakeBridge({ connect }));
    const handler = passes(manager.mfa);
    manager.mfa.setMfaRequiredHandler(handler);
    await expect(manager.connect()).resolves.toEqual({ status: 'connected', address: ADDRESS });
    expect(connect).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('rpc: a no-prompt signature refused for MFA is signed after the verification', async () => {
    const rpc = vi
      .fn<EmbeddedWalletBridge['rpc']>()
      .mockRejectedValueOnce(mfaRequired())
      .mockResolvedValueOnce('0xsig');
    const manager = managerWith(fakeBridge({ rpc }));
    manager.setNoPrompt(() => true);
    const handler = passes(manager.mfa);
    manager.mfa.setMfaRequiredHandler(handler);
    await manager.connect();
    const provider = manager.getProvider();
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x6869', ADDRESS] }),
    ).resolves.toBe('0xsig');
    expect(rpc).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ensureMfa: before a visible frame page, a refused hidden-frame load asks the handler', async () => {
    const connect = vi
      .fn<EmbeddedWalletBridge['connect']>()
      .mockResolvedValueOnce({ address: ADDRESS })
      .mockRejectedValueOnce(mfaRequired())
      .mockResolvedValueOnce({ address: ADDRESS });
    const manager = managerWith(fakeBridge({ connect }));
    const handler = passes(manager.mfa);
    manager.mfa.setMfaRequiredHandler(handler);
    await manager.connect();
    await expect(manager.ensureMfa()).resolves.toBeUndefined();
    expect(connect).toHaveBeenCalledTimes(3);
    // The page's connect may leave the key locked; ensureMfa asks the frame to rebuild it.
    expect(connect).toHaveBeenNthCalledWith(1, { address: ADDRESS });
    expect(connect).toHaveBeenLastCalledWith({ address: ADDRESS, unlock: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ensureMfa: nothing to do for a user without MFA methods', async () => {
    const connect = vi.fn<EmbeddedWalletBridge['connect']>();
    const { asClient } = fakeClient({ ...userWithWallet(), mfaMethods: [] });
    const manager = createEmbeddedWalletManager({
      client: asClient,
      chains: [CHAIN],
      defaultChainId: CHAIN.id,
      bridge: fakeBridge({ connect }),
    });
    await expect(manager.ensureMfa()).resolves.toBeUndefined();
    expect(connect).not.toHaveBeenCalled();
  });

  it('ensureMfa without the wallet on this device asks unless this page saw a verification', async () => {
    const connect = vi.fn<EmbeddedWalletBridge['connect']>();
    const mfa = vi.fn(async () => ({ verifiedUntil: Date.now() + 600_000 }));
    const manager = managerWith(fakeBridge({ connect, mfa: mfa as EmbeddedWalletBridge['mfa'] }));
    const handler = passes(manager.mfa);
    manager.mfa.setMfaRequiredHandler(handler);
    await expect(manager.ensureMfa({ onDevice: false })).resolves.toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(1);
    // The verification's answer is remembered: no second prompt within it.
    await expect(manager.ensureMfa({ onDevice: false })).resolves.toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(connect).not.toHaveBeenCalled();
    // Cancelled: the page is not mounted ('MFA canceled').
    const other = managerWith(fakeBridge({ connect }));
    other.mfa.setMfaRequiredHandler(() => Promise.reject(new Error('closed')));
    await expect(other.ensureMfa({ onDevice: false })).rejects.toThrow('MFA canceled');
  });

  it('without a handler connect fails with missing_or_invalid_mfa unchanged', async () => {
    const error = mfaRequired();
    const connect = vi.fn<EmbeddedWalletBridge['connect']>().mockRejectedValue(error);
    const manager = managerWith(fakeBridge({ connect }));
    await expect(manager.connect()).rejects.toBe(error);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(manager.getState().error).toBe(error);
  });
});
