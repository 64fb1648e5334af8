import { FRAME_EVENTS } from '@latchkey/api';
import { verifySignature, signatureBytes } from '@solana/kit';
import { SolanaSignMessage } from '@solana/wallet-standard-features';
import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRejected } from '../../modal/wallet/controller.ts';
import type { WalletPromptParams } from '../../modal/wallet/requests.ts';
import { SCREEN } from '../../screens/screens.ts';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import type { User, WalletAccount } from '../../session/user.ts';
import type { MfaClient } from '../../mfa/types.ts';
import type { EmbeddedWalletBridge } from '../embedded/bridge.ts';
import { WalletError } from '../embedded/errors.ts';
import { type FakeFrame, fakeBrowser } from '../embedded/testing/fakeBrowser.ts';
import { createSolanaWalletController } from './controller.ts';
import { createSolanaWalletManager } from './manager.ts';
import { LATCHKEY_WALLET_NAME } from './standard.ts';
import { solanaTestKey } from './testing/solanaKey.ts';
import type { SolanaCluster } from './types.ts';

const ETH = '0x1111111111111111111111111111111111111111';
const DEVNET: SolanaCluster = {
  name: 'Solana Devnet',
  chain: 'solana:devnet',
  rpcUrl: 'http://127.0.0.1:9',
};
const now = new Date(0);
type Key = Awaited<ReturnType<typeof solanaTestKey>>;

function account(address: string, overrides: Partial<WalletAccount> = {}): WalletAccount {
  return {
    type: 'wallet',
    address,
    chainType: address.startsWith('0x') ? 'ethereum' : 'solana',
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

function user(accounts: WalletAccount[]): User {
  return {
    id: 'user_1',
    createdAt: now,
    linkedAccounts: accounts,
    mfaMethods: [],
    hasAcceptedTerms: true,
    isGuest: false,
  };
}

function fakeClient(initial: User | null, afterRefresh?: () => User) {
  let current = initial;
  const listeners = new Set<(s: { user: User | null }) => void>();
  const client = {
    appId: 'app_1',
    apiUrl: 'https://api.example',
    subscribe: (l: (s: { user: User | null }) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getAccessToken: vi.fn(async (): Promise<string | null> => 'tok'),
    getState: () => ({ status: current ? 'authenticated' : 'unauthenticated', user: current }),
    refreshUser: vi.fn(async () => {
      if (afterRefresh) current = afterRefresh();
      return current;
    }),
  };
  return {
    client: client as unknown as LatchkeyClient,
    logout() {
      current = null;
      for (const l of listeners) l({ user: null });
    },
  };
}

const mfa = {
  withMfa: <T>(op: () => Promise<T>) => op(),
  verify: { cancel: () => {} },
  verifiedUntil: () => 0,
} as unknown as MfaClient;

function fakeBridge(key: Key, overrides: Partial<EmbeddedWalletBridge> = {}) {
  return {
    solanaCreate: vi.fn(async () => ({ address: key.address, derived: true })),
    solanaConnect: vi.fn(async ({ address }: { address: string }) => ({ address })),
    solanaRecover: vi.fn(async ({ address }: { address: string }) => ({
      address,
      deviceStorage: 'local' as const,
    })),
    solanaRpc: vi.fn(async () => {
      throw new WalletError('Approve it', { type: 'approval_required' });
    }),
    ...overrides,
  } as unknown as EmbeddedWalletBridge & {
    [K in 'solanaCreate' | 'solanaConnect' | 'solanaRecover' | 'solanaRpc']: ReturnType<
      typeof vi.fn
    >;
  };
}

/** A container whose approval page answers `latchkey:solana-wallet:approve` by signing with `key`. */
function approvalPage(key: Key) {
  const posted: unknown[] = [];
  const browser = fakeBrowser('https://api.example', (frame: FakeFrame) => {
    frame.frameTarget.addEventListener('message', (event) => {
      const {
        id,
        event: name,
        data,
      } = (event as MessageEvent).data as {
        id: string;
        event: string;
        data: { request: Parameters<Key['answer']>[0] };
      };
      posted.push({ event: name, data });
      if (name !== FRAME_EVENTS.solanaApprove) return;
      void key
        .answer(data.request)
        .then((answer) => frame.sendToHost({ id, event: name, data: answer }));
    });
    frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
  });
  const container = {
    ownerDocument: browser.document,
    appendChild: (node: never) =>
      (browser.document.body as unknown as { appendChild(n: never): void }).appendChild(node),
  } as unknown as HTMLElement;
  return { container, posted };
}

/**
 * A container whose visible frame page (the import or export page) answers its one `event`
 * with `handler`, as the real page does once the user finished inside it; records the requests.
 */
function framePage(event: string, handler: (data: unknown) => unknown) {
  const requests: unknown[] = [];
  const browser = fakeBrowser('https://api.example', (frame: FakeFrame) => {
    frame.frameTarget.addEventListener('message', (message) => {
      const {
        id,
        event: name,
        data,
      } = (message as MessageEvent).data as {
        id: string;
        event: string;
        data: unknown;
      };
      if (name !== event) return;
      requests.push(data);
      void Promise.resolve(handler(data)).then((answer) =>
        frame.sendToHost({ id, event: name, data: answer }),
      );
    });
    frame.sendToHost({ id: 'ready', event: FRAME_EVENTS.ready, data: {} });
  });
  const container = {
    ownerDocument: browser.document,
    appendChild: (node: never) =>
      (browser.document.body as unknown as { appendChild(n: never): void }).appendChild(node),
  } as unknown as HTMLElement;
  return { container, requests, browser };
}

// Wallet Standard apps listen on `window`: a bare EventTarget stands in for it in Node.
beforeAll(() => {
  (globalThis as { window?: unknown }).window = new EventTarget();
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('the Solana wallet manager (issue 22 item 2)', () => {
  it('create derives from the Ethereum wallet (made ready first), refreshes the user and connects', async () => {
    const key = await solanaTestKey();
    const { client } = fakeClient(user([account(ETH)]), () =>
      user([account(ETH), account(key.address)]),
    );
    const bridge = fakeBridge(key);
    const ensureEthereumWallet = vi.fn(async () => {});
    const manager = createSolanaWalletManager({
      client,
      bridge,
      mfa,
      clusters: () => [DEVNET],
      ensureEthereumWallet,
      walletStandard: false,
    });
    const wallet = await manager.create();
    expect(ensureEthereumWallet).toHaveBeenCalledTimes(1);
    expect(bridge.solanaCreate).toHaveBeenCalledWith({ ethereumAddress: ETH });
    expect(wallet).toMatchObject({ address: key.address, chainType: 'solana' });
    expect(manager.getState()).toMatchObject({ status: 'connected', wallet });
  });

  it('create without an Ethereum wallet makes fresh entropy; refusals carry the spec codes', async () => {
    const key = await solanaTestKey();
    const fresh = fakeBridge(key);
    const { client } = fakeClient(user([]), () => user([account(key.address)]));
    const manager = createSolanaWalletManager({
      client,
      bridge: fresh,
      mfa,
      clusters: () => [DEVNET],
      walletStandard: false,
    });
    await manager.create();
    expect(fresh.solanaCreate).toHaveBeenCalledWith({});

    const existing = createSolanaWalletManager({
      client: fakeClient(user([account(key.address)])).client,
      bridge: fakeBridge(key),
      mfa,
      clusters: () => [DEVNET],
    });
    await expect(existing.create()).rejects.toMatchObject({ code: 'embedded_wallet_exists' });

    const password = createSolanaWalletManager({
      client: fakeClient(user([account(ETH, { recoveryMethod: 'user-passcode' })])).client,
      bridge: fakeBridge(key),
      mfa,
      clusters: () => [DEVNET],
    });
    await expect(password.create()).rejects.toMatchObject({ code: 'solana_wallet_user_recovery' });

    // The server did not record it: 'Updated user is missing embedded wallet'.
    const lost = createSolanaWalletManager({
      client: fakeClient(user([])).client,
      bridge: fakeBridge(key),
      mfa,
      clusters: () => [DEVNET],
    });
    await expect(lost.create()).rejects.toMatchObject({ code: 'missing_embedded_wallet' });
    expect(lost.getState().status).toBe('error');
  });

  it('connect recovers a wallet that is not on this device; null without a Solana wallet', async () => {
    const key = await solanaTestKey();
    const bridge = fakeBridge(key, {
      solanaConnect: vi.fn(async () => {
        throw new WalletError('Wallet not on device', { type: 'wallet_not_on_device' });
      }),
    });
    const manager = createSolanaWalletManager({
      client: fakeClient(user([account(ETH), account(key.address)])).client,
      bridge,
      mfa,
      clusters: () => [DEVNET],
      walletStandard: false,
    });
    const wallet = await manager.connect();
    expect(bridge.solanaRecover).toHaveBeenCalledWith({ address: key.address });
    expect(wallet?.address).toBe(key.address);
    expect(manager.getState().deviceStorage).toBe('local');

    const none = createSolanaWalletManager({
      client: fakeClient(user([account(ETH)])).client,
      bridge: fakeBridge(key),
      mfa,
      clusters: () => [DEVNET],
    });
    await expect(none.connect()).resolves.toBeNull();
  });
});

describe('the Solana wallet controller: approvals on the wallet screens', () => {
  async function setup(prompt: (screen: string, params: WalletPromptParams) => Promise<unknown>) {
    const key = await solanaTestKey();
    const wallet = { prompt: vi.fn(prompt), ready: vi.fn(async () => ({}) as never) };
    const manager = createSolanaWalletController({
      client: fakeClient(user([account(key.address)])).client,
      bridge: fakeBridge(key),
      mfa,
      wallet: wallet as never,
      getConfig: () => ({ solanaClusters: [DEVNET], noPromptOnSignature: true }),
      walletStandard: false,
    });
    const solana = await manager.connect();
    return { key, wallet, manager, solana: solana! };
  }

  it("approval_required opens the sign screen with the Solana payload; its frame's answer comes back", async () => {
    let page: ReturnType<typeof approvalPage> | null = null;
    const signer: { key?: Key } = {};
    const { wallet, solana, key } = await setup(async (_screen, params) => {
      // What the React screen does: mount the approval page and resolve with its answer.
      const p = params as Extract<WalletPromptParams, { kind: 'solana-sign-message' }>;
      await p.solana.ensureMfa();
      page = approvalPage(signer.key!);
      return p.solana.mount(page.container, { buttonText: 'Sign and continue' }).result;
    });
    signer.key = key;
    const message = new TextEncoder().encode('hello');
    const signature = await solana.signMessage(message);
    expect(
      await verifySignature(key.signer.keyPair.publicKey, signatureBytes(signature), message),
    ).toBe(true);
    expect(wallet.prompt).toHaveBeenCalledTimes(1);
    const [screen, params] = wallet.prompt.mock.calls[0]!;
    expect(screen).toBe(SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN);
    expect(params).toMatchObject({
      kind: 'solana-sign-message',
      solana: {
        address: key.address,
        request: { method: 'signMessage' },
        cluster: { name: 'Solana Devnet', chain: 'solana:devnet' },
        send: false,
      },
    });
    expect(page!.posted[0]).toMatchObject({
      event: FRAME_EVENTS.solanaApprove,
      data: {
        address: key.address,
        cluster: { name: 'Solana Devnet' },
        buttonText: 'Sign and continue',
      },
    });
  });

  it("creating gets the user's Ethereum wallet ready first (wallet.ready), then derives from it", async () => {
    const key = await solanaTestKey();
    const order: string[] = [];
    const bridge = fakeBridge(key, {
      solanaCreate: vi.fn(async () => {
        order.push('solanaCreate');
        return { address: key.address, derived: true };
      }),
    });
    const wallet = {
      prompt: vi.fn(),
      ready: vi.fn(async () => {
        order.push('ready');
        return {} as never;
      }),
    };
    const manager = createSolanaWalletController({
      client: fakeClient(user([account(ETH)]), () => user([account(ETH), account(key.address)]))
        .client,
      bridge,
      mfa,
      wallet: wallet as never,
      getConfig: () => ({ solanaClusters: [DEVNET], noPromptOnSignature: false }),
      walletStandard: false,
    });
    await manager.create();
    expect(order).toEqual(['ready', 'solanaCreate']);
    expect(bridge.solanaCreate).toHaveBeenCalledWith({ ethereumAddress: ETH });
  });

  it('a transaction opens the send screen; closing the screen rejects with user_rejected', async () => {
    const { wallet, solana } = await setup(async () => {
      throw userRejected();
    });
    const error = await solana.signTransaction(new Uint8Array([1])).catch((e: unknown) => e);
    // Undecodable bytes never reach a screen.
    expect(error).toMatchObject({ code: 'invalid_transaction' });
    expect(wallet.prompt).not.toHaveBeenCalled();
    await expect(solana.signMessage(new Uint8Array([104, 105]))).rejects.toMatchObject({
      code: 'user_rejected',
    });
  });
});

describe('Solana key import and export (issue 22 item 4)', () => {
  /** A controller whose `wallet.prompt` plays the import / export screen with `page`. */
  function controllerFor(
    session: ReturnType<typeof fakeClient>,
    bridge: ReturnType<typeof fakeBridge>,
    page: ReturnType<typeof framePage>,
  ) {
    const mounted: { theme?: unknown }[] = [];
    const prompt = vi.fn(async (_screen: string, params: WalletPromptParams) => {
      // What the React screens do: mount the page through the request's `solana` and settle.
      if (params.kind === 'import' && params.solana) {
        const options = { theme: { colorScheme: 'dark' as const } };
        mounted.push(options);
        return (await params.solana.mount(page.container, options).result).address;
      }
      if (params.kind === 'export' && params.solana) {
        await params.solana.ensureMfa();
        await params.solana.mount(page.container, {}).ready;
        return undefined;
      }
      throw new Error(`unexpected ${params.kind}`);
    });
    const wallet = { prompt, ready: vi.fn(async () => ({}) as never) };
    const manager = createSolanaWalletController({
      client: session.client,
      bridge,
      mfa,
      wallet: wallet as never,
      getConfig: () => ({ solanaClusters: [DEVNET], noPromptOnSignature: false }),
      walletStandard: false,
    });
    return { manager, prompt, mounted };
  }

  it('imports a Solana key beside the Ethereum wallet: the page is asked for chainType solana, then the user is refreshed and the wallet connected', async () => {
    const key = await solanaTestKey();
    const session = fakeClient(user([account(ETH)]), () =>
      user([account(ETH), account(key.address, { imported: true })]),
    );
    const bridge = fakeBridge(key);
    const page = framePage(FRAME_EVENTS.walletImport, () => ({
      address: key.address,
      chainType: 'solana',
      deviceStorage: 'local',
    }));
    const { manager, prompt } = controllerFor(session, bridge, page);
    const imported = await manager.importWallet();
    expect(imported).toEqual({ address: key.address, chainType: 'solana' });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(prompt.mock.calls[0]![0]).toBe(SCREEN.EMBEDDED_WALLET_IMPORT_SCREEN);
    // The import page got the token and the chain type, nothing else: the key is typed there.
    const url = new URL(page.browser.frames[0]!.src);
    expect(url.pathname).toBe('/apps/app_1/embedded-wallets/import');
    expect(url.searchParams.get('theme')).toBe('dark');
    expect(page.requests).toEqual([{ accessToken: 'tok', chainType: 'solana' }]);
    expect(session.client.refreshUser).toHaveBeenCalledTimes(1);
    // The Solana manager connected the imported wallet (listed, Wallet Standard).
    expect(bridge.solanaConnect).toHaveBeenCalledWith({ address: key.address });
    expect(manager.getState()).toMatchObject({
      status: 'connected',
      wallet: { address: key.address, chainType: 'solana' },
    });
    expect(manager.standardWallet.accounts.map((a) => a.address)).toEqual([key.address]);
    // The Ethereum wallet was neither asked for nor needed.
    expect(bridge.solanaCreate).not.toHaveBeenCalled();
  });

  it('refuses a second Solana wallet before any screen or frame; the refreshed user must have the import', async () => {
    const key = await solanaTestKey();
    const session = fakeClient(user([account(ETH), account(key.address)]));
    const page = framePage(FRAME_EVENTS.walletImport, () => ({ address: key.address }));
    const { manager, prompt } = controllerFor(session, fakeBridge(key), page);
    await expect(manager.importWallet()).rejects.toMatchObject({
      code: 'embedded_wallet_exists',
    });
    expect(prompt).not.toHaveBeenCalled();
    expect(() => manager.mountImport(page.container)).toThrow(
      expect.objectContaining({ code: 'embedded_wallet_exists' }),
    );
    expect(page.browser.frames).toHaveLength(0);

    // The server did not record it: 'Updated user is missing embedded wallet'.
    const lost = controllerFor(
      fakeClient(user([account(ETH)])),
      fakeBridge(key),
      framePage(FRAME_EVENTS.walletImport, () => ({ address: key.address })),
    );
    await expect(lost.manager.importWallet()).rejects.toMatchObject({
      code: 'missing_embedded_wallet',
    });
    expect(lost.manager.getState().status).toBe('error');

    // Logged out: refused with core's "not logged in" code.
    const out = controllerFor(fakeClient(null), fakeBridge(key), page);
    await expect(out.manager.importWallet()).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });
  });

  it('exports the Solana wallet: the export page gets its base58 address, after the Solana MFA check', async () => {
    const key = await solanaTestKey();
    const session = fakeClient(user([account(ETH), account(key.address)]));
    const bridge = fakeBridge(key);
    const page = framePage(FRAME_EVENTS.walletExport, () => ({ ready: true }));
    const { manager, prompt } = controllerFor(session, bridge, page);
    const ensureMfa = vi.spyOn(manager, 'ensureMfa');
    await manager.exportWallet();
    expect(prompt.mock.calls[0]![0]).toBe(SCREEN.EMBEDDED_WALLET_KEY_EXPORT_SCREEN);
    expect(prompt.mock.calls[0]![1]).toMatchObject({
      kind: 'export',
      solana: { address: key.address },
    });
    expect(ensureMfa).toHaveBeenCalledTimes(1);
    expect(new URL(page.browser.frames[0]!.src).pathname).toBe(
      '/apps/app_1/embedded-wallets/export',
    );
    expect(page.requests).toEqual([{ accessToken: 'tok', address: key.address }]);
    // Connected first (as the Ethereum export gets its wallet ready).
    expect(bridge.solanaConnect).toHaveBeenCalledWith({ address: key.address });

    // No Solana wallet: nothing to export.
    const none = controllerFor(fakeClient(user([account(ETH)])), fakeBridge(key), page);
    await expect(none.manager.exportWallet()).rejects.toMatchObject({
      code: 'no_embedded_wallet',
    });
    expect(none.prompt).not.toHaveBeenCalled();
  });
});

describe('Wallet Standard registration', () => {
  it("a Wallet Standard app finds 'Latchkey' with its features and account; solana:signMessage signs; logout removes it", async () => {
    const key = await solanaTestKey();
    const session = fakeClient(user([account(key.address)]));
    const manager = createSolanaWalletManager({
      client: session.client,
      bridge: fakeBridge(key),
      mfa,
      clusters: () => [DEVNET],
    });
    manager.setApprover(({ request }) => key.answer(request));
    const { get, on } = getWallets();
    const find = () => get().find((w: Wallet) => w.name === LATCHKEY_WALLET_NAME);
    // Not registered before the user has a Solana wallet on this device.
    expect(find()).toBeUndefined();
    await manager.connect();
    const found = find()!;
    expect(found).toBeDefined();
    expect(found.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(found.chains).toEqual(['solana:devnet']);
    expect(Object.keys(found.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ]);
    const connect = found.features['standard:connect'] as {
      connect(): Promise<{ accounts: Wallet['accounts'] }>;
    };
    const { accounts } = await connect.connect();
    expect(accounts.map((a) => a.address)).toEqual([key.address]);
    expect(accounts[0]!.publicKey).toHaveLength(32);

    const signMessage = found.features[SolanaSignMessage] as {
      signMessage(
        ...inputs: { account: Wallet['accounts'][number]; message: Uint8Array }[]
      ): Promise<{ signature: Uint8Array; signedMessage: Uint8Array }[]>;
    };
    const message = new TextEncoder().encode('wallet standard');
    const [out] = await signMessage.signMessage({ account: accounts[0]!, message });
    expect(out!.signedMessage).toEqual(message);
    expect(
      await verifySignature(key.signer.keyPair.publicKey, signatureBytes(out!.signature), message),
    ).toBe(true);

    const changes: number[] = [];
    const events = found.features['standard:events'] as {
      on(e: 'change', l: (p: { accounts?: readonly unknown[] }) => void): () => void;
    };
    events.on('change', ({ accounts: next }) => changes.push(next?.length ?? -1));
    const unregistered = vi.fn();
    const off = on('unregister', unregistered);
    session.logout();
    expect(changes).toEqual([0]);
    expect(unregistered).toHaveBeenCalledTimes(1);
    expect(find()).toBeUndefined();
    off();
  });
});
