import { describe, expect, it, vi } from 'vitest';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import type { User, WalletAccount } from '../../session/user.ts';
import { createWalletRegistry } from '../registry.ts';
import { FRAME_EVENTS } from '@latchkey/api';
import { createFrameRouter, type FrameWindow } from '@latchkey/wallet-frame';
import { CustodyError } from '../../../../wallet-frame/src/custody/errors.ts';
import type { EmbeddedWalletBridge } from './bridge.ts';
import { WalletError } from './errors.ts';
import { createEmbeddedWalletManager, EMBEDDED_WALLET_CREATION_FAILED } from './manager.ts';
import { fakeBrowser, HOST_ORIGIN } from './testing/fakeBrowser.ts';
import type { ChainConfig } from './types.ts';
import { hasEmbeddedWallet, shouldCreateWalletOnLogin } from './types.ts';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const CHAIN: ChainConfig = {
  id: 31337,
  name: 'Anvil',
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};
const now = new Date(0);

function walletAccount(overrides: Partial<WalletAccount> = {}): WalletAccount {
  return {
    type: 'wallet',
    address: ADDRESS,
    chainType: 'ethereum',
    chainId: null,
    walletClientType: 'latchkey',
    connectorType: 'embedded',
    recoveryMethod: 'latchkey',
    imported: false,
    verifiedAt: now,
    firstVerifiedAt: now,
    latestVerifiedAt: now,
    ...overrides,
  };
}

function user(accounts: WalletAccount[] = []): User {
  return {
    id: 'user_1',
    createdAt: now,
    linkedAccounts: accounts,
    mfaMethods: [],
    hasAcceptedTerms: true,
    isGuest: false,
    ...(accounts[0] ? { wallet: accounts[0] } : {}),
  };
}

function fakeClient(initial: User | null) {
  let current = initial;
  const sessionListeners = new Set<(s: { user: User | null }) => void>();
  const client = {
    subscribe: (l: (s: { user: User | null }) => void) => {
      sessionListeners.add(l);
      return () => sessionListeners.delete(l);
    },
    appId: 'clpispdty00ycl80fpueukbhl',
    apiUrl: 'https://api.example',
    wallets: createWalletRegistry(),
    getAccessToken: vi.fn(async (): Promise<string | null> => 'token'),
    getState: () => ({ status: current ? 'authenticated' : 'unauthenticated', user: current }),
    refreshUser: vi.fn(async (): Promise<User | null> => current),
    logout: vi.fn(async () => {}),
    api: { request: vi.fn(async () => undefined) },
  };
  return {
    client,
    asClient: client as unknown as LatchkeyClient,
    setUser: (u: User | null) => {
      current = u;
    },
    /** The same user's session update (e.g. a refresh): not a logout. */
    login: () => {
      for (const l of sessionListeners) l({ user: current });
    },
    logout: () => {
      current = null;
      client.wallets.clear();
      for (const l of sessionListeners) l({ user: null });
    },
  };
}

function fakeBridge(overrides: Partial<EmbeddedWalletBridge> = {}): EmbeddedWalletBridge {
  return {
    frameOrigin: 'https://api.example',
    ready: vi.fn(async () => {}),
    create: vi.fn(async () => ({ address: ADDRESS, deviceStorage: 'local' as const })),
    connect: vi.fn(async ({ address }: { address: string }) => ({ address })),
    recover: vi.fn(async ({ address }: { address: string }) => ({ address })),
    rpc: vi.fn(async () => '0xsig'),
    setRecovery: vi.fn(async ({ address, recoveryMethod }) => ({ address, recoveryMethod })),
    clear: vi.fn(async () => {}),
    loginProof: vi.fn(async () => ({ proof: 'proof', jkt: 'jkt' })),
    reset: vi.fn(),
    destroy: vi.fn(),
    ...overrides,
  };
}

/**
 * A container whose password frame (issue 24) is a router answering `latchkey:wallet:password`
 * with `handler`, as the real page does once the user finished inside it.
 */
function passwordPage(handler: (data: unknown) => unknown) {
  return framePage(FRAME_EVENTS.walletPassword, handler);
}

/** A container whose visible frame page answers its one `event` with `handler`. */
function framePage(
  event:
    | typeof FRAME_EVENTS.walletPassword
    | typeof FRAME_EVENTS.walletImport
    | typeof FRAME_EVENTS.walletCloud,
  handler: (data: unknown) => unknown,
) {
  const requests: unknown[] = [];
  const browser = fakeBrowser('https://api.example', (frame) => {
    const win: FrameWindow = {
      addEventListener: (type, l) => frame.frameTarget.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) =>
        frame.frameTarget.removeEventListener(type, l as EventListener),
      parent: browser.parentForFrame,
    };
    createFrameRouter({
      window: win,
      allowedOrigins: [HOST_ORIGIN],
      handlers: {
        [event]: (data: unknown) => {
          requests.push(data);
          return handler(data);
        },
      },
    }).announceReady(HOST_ORIGIN);
  });
  const container = {
    ownerDocument: browser.document,
    appendChild: (node: unknown) =>
      (browser.document.body as unknown as { appendChild(n: unknown): unknown }).appendChild(node),
  } as unknown as HTMLElement;
  return { container, requests, browser };
}

const notOnDevice = () =>
  new WalletError('Wallet not found on this device.', { type: 'wallet_not_on_device' });

describe('embedded wallet manager: create', () => {
  it('creates, refreshes the user and registers the wallet', async () => {
    const { client, asClient, setUser } = fakeClient(user());
    const bridge = fakeBridge({
      create: vi.fn(async () => {
        setUser(user([walletAccount()]));
        return { address: ADDRESS, deviceStorage: 'memory' as const };
      }),
    });
    const manager = createEmbeddedWalletManager({
      client: asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    const states: string[] = [];
    manager.subscribe((s) => states.push(s.status));
    const result = await manager.create({ recoveryMethod: 'latchkey' });
    expect(result.address).toBe(ADDRESS);
    expect(states).toEqual(['creating', 'connected']);
    expect(manager.getState()).toMatchObject({
      address: ADDRESS,
      deviceStorage: 'memory',
      recoveryMethod: 'latchkey',
    });
    const [wallet] = client.wallets.list();
    expect(wallet).toMatchObject({
      address: ADDRESS,
      chainType: 'ethereum',
      chainId: 'eip155:31337',
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      linked: true,
      imported: false,
    });
    const provider = await wallet!.getEthereumProvider();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
    expect(client.api.request).not.toHaveBeenCalled();
  });

  const failures: [
    string,
    (c: ReturnType<typeof fakeClient>) => Partial<EmbeddedWalletBridge>,
    string,
  ][] = [
    [
      'no access token',
      (c) => {
        c.client.getAccessToken.mockResolvedValue(null);
        return {};
      },
      'Missing access token',
    ],
    [
      'proxy never ready',
      () => ({
        ready: vi.fn(async () => {
          throw new WalletError('walletProxy does not exist', { code: 'wallet_proxy_missing' });
        }),
      }),
      'walletProxy does not exist',
    ],
    [
      'create timed out',
      () => ({
        create: vi.fn(async () => {
          throw new WalletError('walletProxy.create timed out', { code: 'wallet_proxy_timeout' });
        }),
      }),
      'walletProxy.create timed out',
    ],
    [
      'refresh throws',
      (c) => {
        c.client.refreshUser.mockRejectedValue(new Error('HTTP 500'));
        return {};
      },
      'Failed to refresh user',
    ],
    [
      'refresh gives no user',
      (c) => {
        c.client.refreshUser.mockResolvedValue(null);
        return {};
      },
      'Failed to refresh user',
    ],
    ['user lacks the wallet after refresh', () => ({}), 'Updated user is missing embedded wallet'],
  ];

  for (const [name, arrange, text] of failures) {
    it(`${name} -> '${text}', status error, analytics posted once`, async () => {
      const c = fakeClient(user());
      const bridge = fakeBridge(arrange(c));
      const manager = createEmbeddedWalletManager({
        client: c.asClient,
        chains: [CHAIN],
        defaultChainId: 31337,
        bridge,
      });
      const error = await manager.create().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WalletError);
      expect((error as WalletError).message).toBe(text);
      expect(manager.getState().status).toBe('error');
      expect(manager.getState().error).toBe(error);
      expect(c.client.api.request).toHaveBeenCalledTimes(1);
      expect(c.client.api.request).toHaveBeenCalledWith({
        method: 'POST',
        path: '/api/v1/analytics_events',
        body: {
          event_name: EMBEDDED_WALLET_CREATION_FAILED,
          client_id: null,
          payload: { error: text },
        },
        retry: false,
      });
      expect(c.client.wallets.list()).toEqual([]);
    });
  }

  it('analytics errors are ignored', async () => {
    const c = fakeClient(user());
    c.client.getAccessToken.mockResolvedValue(null);
    c.client.api.request.mockRejectedValue(new Error('offline'));
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge(),
    });
    await expect(manager.create()).rejects.toThrow('Missing access token');
  });

  it('refuses a second wallet', async () => {
    const c = fakeClient(user([walletAccount()]));
    const bridge = fakeBridge();
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    await expect(manager.create()).rejects.toMatchObject({ code: 'embedded_wallet_exists' });
    expect(bridge.create).not.toHaveBeenCalled();
  });
});

describe('embedded wallet manager: connect and recovery', () => {
  it('logs out when the session is not bound to this frame key (issue 10), so a new login can bind it', async () => {
    const c = fakeClient(user([walletAccount({ recoveryMethod: 'latchkey' })]));
    const unbound = () =>
      new WalletError('This session is not bound to the wallet on this device.', {
        type: 'session_not_bound',
      });
    const bridge = fakeBridge({
      connect: vi.fn(async () => {
        throw notOnDevice();
      }),
      recover: vi.fn(async () => {
        throw unbound();
      }),
    });
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    await expect(manager.connect()).rejects.toMatchObject({ type: 'session_not_bound' });
    await Promise.resolve();
    expect(c.client.logout).toHaveBeenCalledTimes(1);
    // The password recovery path too: the screen asks first, the frame's call then finds it.
    const p = fakeClient(user([walletAccount({ recoveryMethod: 'user-passcode' })]));
    const pm = createEmbeddedWalletManager({
      client: p.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge({
        connect: vi.fn(async () => {
          throw notOnDevice();
        }),
        recover: vi.fn(async () => {
          throw unbound();
        }),
      }),
    });
    expect((await pm.connect()).status).toBe('needs-recovery');
    expect(p.client.logout).not.toHaveBeenCalled();
    const page = passwordPage(() => {
      throw new CustodyError('session_not_bound', 'unbound');
    });
    await expect(
      pm.mountPassword(page.container, { action: 'recover' }).result,
    ).rejects.toMatchObject({ type: 'session_not_bound' });
    await Promise.resolve();
    expect(p.client.logout).toHaveBeenCalledTimes(1);
    // Any other failure does not log out.
    const other = fakeBridge({
      connect: vi.fn(async () => {
        throw new WalletError('boom', { type: 'error' });
      }),
    });
    const c2 = fakeClient(user([walletAccount({ recoveryMethod: 'latchkey' })]));
    const m2 = createEmbeddedWalletManager({
      client: c2.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: other,
    });
    await expect(m2.connect()).rejects.toMatchObject({ type: 'error' });
    expect(c2.client.logout).not.toHaveBeenCalled();
  });

  it("recovers silently for 'latchkey' recovery when this device has no share", async () => {
    const c = fakeClient(user([walletAccount({ recoveryMethod: 'latchkey' })]));
    const bridge = fakeBridge({
      connect: vi.fn(async () => {
        throw notOnDevice();
      }),
    });
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    expect(await manager.connect()).toEqual({ status: 'connected', address: ADDRESS });
    expect(bridge.recover).toHaveBeenCalledWith({ address: ADDRESS });
    expect(c.client.wallets.list()).toHaveLength(1);
  });

  it("asks for the password page for 'user-passcode' recovery, then adopts its result", async () => {
    const c = fakeClient(user([walletAccount({ recoveryMethod: 'user-passcode' })]));
    const bridge = fakeBridge({
      connect: vi.fn(async () => {
        throw notOnDevice();
      }),
    });
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    expect(await manager.connect()).toEqual({
      status: 'needs-recovery',
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
    });
    expect(bridge.recover).not.toHaveBeenCalled();
    expect(manager.getState().status).toBe('needs-recovery');
    expect(c.client.wallets.list()).toEqual([]);

    // No password goes to the hidden frame: recover() refuses a 'user-passcode' wallet.
    await expect(manager.recover()).rejects.toMatchObject({ type: 'user_gesture_required' });
    expect(bridge.recover).not.toHaveBeenCalled();
    expect(manager.getState().status).toBe('needs-recovery');

    const page = passwordPage(() => ({
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
      deviceStorage: 'local',
    }));
    const frame = manager.mountPassword(page.container, {
      action: 'recover',
      theme: { colorScheme: 'dark' },
    });
    await frame.ready;
    expect(await frame.result).toMatchObject({ address: ADDRESS, recoveryMethod: 'user-passcode' });
    expect(page.requests).toEqual([{ accessToken: 'token', action: 'recover', address: ADDRESS }]);
    expect(new URL(page.browser.frames[0]!.src).searchParams.get('theme')).toBe('dark');
    expect(manager.getState()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
      deviceStorage: 'local',
    });
    expect(c.client.wallets.list()).toHaveLength(1);
    expect(bridge.recover).not.toHaveBeenCalled();
    expect(bridge.setRecovery).not.toHaveBeenCalled();
  });

  it('other connect failures end in status error', async () => {
    const c = fakeClient(user([walletAccount()]));
    const bridge = fakeBridge({
      connect: vi.fn(async () => {
        throw new WalletError(
          'Reconstructed wallet does not match the stored address; nothing was signed.',
        );
      }),
    });
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    await expect(manager.connect()).rejects.toBeInstanceOf(WalletError);
    expect(manager.getState().status).toBe('error');
    expect(bridge.recover).not.toHaveBeenCalled();
  });

  it('logout resets the manager to idle and drops the provider', async () => {
    const c = fakeClient(user([walletAccount()]));
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge(),
    });
    await manager.connect();
    expect(manager.getState().status).toBe('connected');
    c.login();
    expect(manager.bridge.reset).not.toHaveBeenCalled();
    c.logout();
    expect(manager.getState()).toMatchObject({ status: 'idle', address: null });
    expect(manager.bridge.reset).toHaveBeenCalledTimes(1);
    expect(() => manager.getProvider()).toThrow(WalletError);
  });

  it('connect without an embedded wallet fails', async () => {
    const c = fakeClient(user());
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge(),
    });
    await expect(manager.connect()).rejects.toMatchObject({ code: 'no_embedded_wallet' });
  });

  it('signatures go to the approver set later (providers already handed out); 4100 without one, 4001 on reject', async () => {
    const c = fakeClient(user([walletAccount()]));
    const bridge = fakeBridge();
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    await manager.connect();
    const provider = manager.getProvider();
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x01', ADDRESS] }),
    ).rejects.toMatchObject({ code: 4100, message: 'Signing needs the approval screen' });
    const approver = vi.fn(async () => '0xapproved');
    manager.setApprover(approver);
    expect(await provider.request({ method: 'personal_sign', params: ['0x01', ADDRESS] })).toBe(
      '0xapproved',
    );
    expect(approver).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: ['0x01', ADDRESS],
      chain: CHAIN,
    });
    manager.setApprover(async () => {
      throw new Error('closed');
    });
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x01', ADDRESS] }),
    ).rejects.toMatchObject({ code: 4001 });
    // Without noPrompt the hidden frame is never asked to sign.
    expect(bridge.rpc).not.toHaveBeenCalled();
  });

  it('setNoPrompt asks the hidden frame first, with noPrompt: true', async () => {
    const c = fakeClient(user([walletAccount()]));
    const bridge = fakeBridge();
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    await manager.connect();
    const approver = vi.fn(async () => '0xapproved');
    manager.setApprover(approver);
    manager.setNoPrompt(() => true);
    expect(
      await manager.getProvider().request({ method: 'personal_sign', params: ['0x01', ADDRESS] }),
    ).toBe('0xsig');
    expect(bridge.rpc).toHaveBeenCalledWith({
      address: ADDRESS,
      request: { method: 'personal_sign', params: ['0x01', ADDRESS] },
      noPrompt: true,
    });
    expect(approver).not.toHaveBeenCalled();
  });

  it('mountApproval frames the approval page for the wallet', () => {
    const c = fakeClient(user([walletAccount()]));
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge(),
    });
    const appended: { src: string }[] = [];
    const doc = {
      defaultView: { addEventListener() {}, removeEventListener() {} },
      createElement: () => ({ setAttribute() {}, remove() {}, src: '', contentWindow: null }),
    };
    const container = {
      ownerDocument: doc,
      appendChild: (node: { src: string }) => appended.push(node),
    } as unknown as HTMLElement;
    const approval = manager.mountApproval(container, {
      request: { method: 'personal_sign', params: ['0x01', ADDRESS] },
      chain: CHAIN,
      theme: { colorScheme: 'dark' },
    });
    expect(new URL(appended[0]!.src).pathname).toBe(
      '/apps/clpispdty00ycl80fpueukbhl/embedded-wallets/approve',
    );
    expect(new URL(appended[0]!.src).searchParams.get('theme')).toBe('dark');
    approval.destroy();
  });

  it('switchChain updates the registered wallet; destroy removes it', async () => {
    const other: ChainConfig = { ...CHAIN, id: 1, name: 'Ethereum' };
    const c = fakeClient(user([walletAccount()]));
    const bridge = fakeBridge();
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN, other],
      defaultChainId: 31337,
      bridge,
    });
    await manager.connect();
    await c.client.wallets.list()[0]!.switchChain(1);
    expect(c.client.wallets.list()[0]!.chainId).toBe('eip155:1');
    await expect(c.client.wallets.list()[0]!.switchChain(5)).rejects.toMatchObject({ code: 4902 });
    manager.destroy();
    expect(c.client.wallets.list()).toEqual([]);
    expect(bridge.destroy).toHaveBeenCalled();
  });
});

describe('createOnLogin rules', () => {
  const external = walletAccount({
    walletClientType: 'metamask',
    connectorType: 'injected',
    recoveryMethod: null,
  });
  it.each([
    ['off', user(), false],
    ['users-without-wallets', user(), true],
    ['users-without-wallets', user([external]), false],
    ['users-without-wallets', user([walletAccount()]), false],
    ['all-users', user([external]), true],
    ['all-users', user([walletAccount()]), false],
  ] as const)('%s', (rule, u, expected) => {
    expect(shouldCreateWalletOnLogin(rule, u)).toBe(expected);
  });
  it('hasEmbeddedWallet', () => {
    expect(hasEmbeddedWallet(user([external]))).toBe(false);
    expect(hasEmbeddedWallet(user([walletAccount()]))).toBe(true);
    expect(hasEmbeddedWallet(null)).toBe(false);
  });
});

describe('embedded wallet manager: the password page (issue 24 item 4)', () => {
  it('create with a password is refused; the page creates and the manager adopts the wallet', async () => {
    const c = fakeClient(user());
    const bridge = fakeBridge();
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    await expect(manager.create({ recoveryMethod: 'user-passcode' })).rejects.toMatchObject({
      type: 'user_gesture_required',
    });
    expect(bridge.create).not.toHaveBeenCalled();
    const page = passwordPage(() => {
      c.setUser(user([walletAccount({ recoveryMethod: 'user-passcode' })]));
      return { address: ADDRESS, recoveryMethod: 'user-passcode', deviceStorage: 'local' };
    });
    const frame = manager.mountPassword(page.container, { action: 'create', appName: 'Demo' });
    const out = await frame.result;
    expect(out).toMatchObject({ address: ADDRESS, recoveryMethod: 'user-passcode' });
    expect(out.user?.id).toBe('user_1');
    expect(page.requests).toEqual([{ accessToken: 'token', action: 'create' }]);
    expect(c.client.refreshUser).toHaveBeenCalled();
    expect(manager.getState()).toMatchObject({
      status: 'connected',
      recoveryMethod: 'user-passcode',
    });
    expect(manager.getProvider()).toBeTruthy();
    expect(bridge.create).not.toHaveBeenCalled();
  });

  it('a created wallet the refreshed user lacks fails like create (analytics, status error)', async () => {
    const c = fakeClient(user());
    const analytics = vi.fn();
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge(),
      analytics,
    });
    const page = passwordPage(() => ({ address: ADDRESS, recoveryMethod: 'user-passcode' }));
    await expect(
      manager.mountPassword(page.container, { action: 'create' }).result,
    ).rejects.toMatchObject({ code: 'missing_embedded_wallet' });
    expect(analytics).toHaveBeenCalledWith(EMBEDDED_WALLET_CREATION_FAILED, {
      error: 'Updated user is missing embedded wallet',
    });
    expect(manager.getState().status).toBe('error');
  });

  it('set and change adopt the new recovery method and refresh the user', async () => {
    const c = fakeClient(user([walletAccount({ recoveryMethod: 'latchkey' })]));
    const bridge = fakeBridge();
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    await manager.connect();
    const provider = manager.getProvider();
    const page = passwordPage(() => ({
      address: ADDRESS,
      recoveryMethod: 'user-passcode',
      deviceStorage: 'local',
    }));
    await manager.mountPassword(page.container, { action: 'set' }).result;
    expect(page.requests).toEqual([{ accessToken: 'token', action: 'set', address: ADDRESS }]);
    expect(manager.getState()).toMatchObject({
      status: 'connected',
      recoveryMethod: 'user-passcode',
    });
    expect(manager.getProvider()).toBe(provider);
    expect(c.client.refreshUser).toHaveBeenCalledTimes(1);
    expect(bridge.setRecovery).not.toHaveBeenCalled();
    expect(() =>
      createEmbeddedWalletManager({
        client: fakeClient(user()).asClient,
        chains: [CHAIN],
        defaultChainId: 31337,
        bridge: fakeBridge(),
      }).mountPassword(page.container, { action: 'change' }),
    ).toThrow(expect.objectContaining({ code: 'no_embedded_wallet' }));
  });

  it("passes the page's refusals on without logging out (recovery_attempts_exceeded)", async () => {
    const c = fakeClient(user([walletAccount({ recoveryMethod: 'user-passcode' })]));
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge({
        connect: vi.fn(async () => {
          throw notOnDevice();
        }),
      }),
    });
    await manager.connect();
    const page = passwordPage(() => {
      throw new CustodyError('recovery_attempts_exceeded', 'Too many attempts');
    });
    await expect(
      manager.mountPassword(page.container, { action: 'recover' }).result,
    ).rejects.toMatchObject({ type: 'recovery_attempts_exceeded' });
    expect(manager.getState().status).toBe('needs-recovery');
    expect(c.client.logout).not.toHaveBeenCalled();
  });
});

describe('embedded wallet manager: the cloud recovery page (issue 23)', () => {
  it('recovers a google-drive wallet on a new device through the page and adopts it', async () => {
    const c = fakeClient(user([walletAccount({ recoveryMethod: 'google-drive' })]));
    const bridge = fakeBridge({
      connect: vi.fn(async () => {
        throw notOnDevice();
      }),
    });
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });
    expect(await manager.connect()).toEqual({
      status: 'needs-recovery',
      address: ADDRESS,
      recoveryMethod: 'google-drive',
    });
    expect(bridge.recover).not.toHaveBeenCalled();
    const page = framePage(FRAME_EVENTS.walletCloud, () => ({
      status: 'done',
      address: ADDRESS,
      recoveryMethod: 'google-drive',
      deviceStorage: 'local',
    }));
    const frame = manager.mountCloud(page.container, {
      action: 'recover',
      provider: 'google-drive',
      returnUrl: HOST_ORIGIN,
    });
    expect(await frame.result).toMatchObject({ status: 'done', address: ADDRESS });
    expect(page.requests).toEqual([
      {
        accessToken: 'token',
        action: 'recover',
        provider: 'google-drive',
        address: ADDRESS,
        returnUrl: HOST_ORIGIN,
      },
    ]);
    expect(manager.getState()).toMatchObject({
      status: 'connected',
      recoveryMethod: 'google-drive',
      deviceStorage: 'local',
    });
    expect(c.client.wallets.list()).toHaveLength(1);
  });

  it('create adopts the created wallet; set adopts the new method; a redirect changes nothing', async () => {
    const c = fakeClient(user());
    const manager = createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge: fakeBridge(),
    });
    expect(() =>
      manager.mountCloud(framePage(FRAME_EVENTS.walletCloud, () => ({})).container, {
        action: 'set',
        provider: 'icloud',
      }),
    ).toThrow(expect.objectContaining({ code: 'no_embedded_wallet' }));
    const created = framePage(FRAME_EVENTS.walletCloud, () => {
      c.setUser(user([walletAccount({ recoveryMethod: 'icloud' })]));
      return { status: 'done', address: ADDRESS, recoveryMethod: 'icloud' };
    });
    const out = await manager.mountCloud(created.container, {
      action: 'create',
      provider: 'icloud',
    }).result;
    expect(out).toMatchObject({ status: 'done', address: ADDRESS, user: { id: 'user_1' } });
    expect(created.requests).toEqual([
      { accessToken: 'token', action: 'create', provider: 'icloud' },
    ]);
    expect(manager.getState()).toMatchObject({ status: 'connected', recoveryMethod: 'icloud' });

    const set = framePage(FRAME_EVENTS.walletCloud, () => ({
      status: 'done',
      address: ADDRESS,
      recoveryMethod: 'google-drive',
    }));
    await manager.mountCloud(set.container, { action: 'set', provider: 'google-drive' }).result;
    expect(manager.getState().recoveryMethod).toBe('google-drive');

    const redirect = framePage(FRAME_EVENTS.walletCloud, () => ({
      status: 'redirect',
      url: 'https://accounts.example/authorize',
    }));
    const sessionStore = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => sessionStore.get(k) ?? null,
      setItem: (k: string, v: string) => void sessionStore.set(k, v),
      removeItem: (k: string) => void sessionStore.delete(k),
    });
    const assign = vi.fn();
    (redirect.browser.hostWindow as unknown as { location: unknown }).location = {
      origin: HOST_ORIGIN,
      assign,
    };
    try {
      const answer = await manager.mountCloud(redirect.container, {
        action: 'set',
        provider: 'google-drive',
      }).result;
      expect(answer).toEqual({ status: 'redirect', url: 'https://accounts.example/authorize' });
      expect(redirect.requests).toEqual([
        expect.objectContaining({ action: 'set', returnUrl: HOST_ORIGIN }),
      ]);
      expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize');
      expect(
        JSON.parse(sessionStore.get('latchkey:cloud-recovery:clpispdty00ycl80fpueukbhl')!),
      ).toMatchObject({
        action: 'set',
        provider: 'google-drive',
        address: ADDRESS,
      });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(manager.getState().recoveryMethod).toBe('google-drive');
  });
});

describe('embedded wallet manager: the key import page (issue 22 item 4)', () => {
  const manage = (c: ReturnType<typeof fakeClient>, bridge = fakeBridge()) =>
    createEmbeddedWalletManager({
      client: c.asClient,
      chains: [CHAIN],
      defaultChainId: 31337,
      bridge,
    });

  it('mounts the import page with the token only, then adopts and connects the imported wallet', async () => {
    const c = fakeClient(user());
    const bridge = fakeBridge();
    const manager = manage(c, bridge);
    const page = framePage(FRAME_EVENTS.walletImport, () => {
      c.setUser(user([walletAccount({ imported: true })]));
      return { address: ADDRESS, deviceStorage: 'local' };
    });
    const frame = manager.mountImport(page.container, { theme: { colorScheme: 'dark' } });
    const url = new URL(page.browser.frames[0]!.src);
    expect(url.pathname).toBe('/apps/clpispdty00ycl80fpueukbhl/embedded-wallets/import');
    expect(url.searchParams.get('theme')).toBe('dark');
    const out = await frame.result;
    expect(out).toMatchObject({ address: ADDRESS, deviceStorage: 'local' });
    expect(out.user.id).toBe('user_1');
    // The page got the token and nothing else: the key is typed there.
    expect(page.requests).toEqual([{ accessToken: 'token' }]);
    expect(c.client.refreshUser).toHaveBeenCalled();
    expect(manager.getState()).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      recoveryMethod: 'latchkey',
    });
    expect(manager.getProvider()).toBeTruthy();
    // The wallet list says the key was imported.
    expect(c.client.wallets.list().find((w) => w.address === ADDRESS)?.imported).toBe(true);
    expect(bridge.create).not.toHaveBeenCalled();
  });

  it('refuses a user who already has an embedded wallet, before mounting anything', () => {
    const c = fakeClient(user([walletAccount()]));
    const page = framePage(FRAME_EVENTS.walletImport, () => ({ address: ADDRESS }));
    expect(() => manage(c).mountImport(page.container)).toThrow(
      expect.objectContaining({ code: 'embedded_wallet_exists' }),
    );
    expect(page.browser.frames).toHaveLength(0);
  });

  it("rejects with the page's error, or when the refreshed user lacks the wallet", async () => {
    const c = fakeClient(user());
    const refused = framePage(FRAME_EVENTS.walletImport, () => {
      throw new CustodyError('error', 'Only one Latchkey wallet per user is currently allowed');
    });
    await expect(manage(c).mountImport(refused.container).result).rejects.toMatchObject({
      message: 'Only one Latchkey wallet per user is currently allowed',
    });
    const manager = manage(c);
    const lacking = framePage(FRAME_EVENTS.walletImport, () => ({ address: ADDRESS }));
    await expect(manager.mountImport(lacking.container).result).rejects.toMatchObject({
      code: 'missing_embedded_wallet',
    });
    expect(manager.getState().status).toBe('error');
  });
});
