import { describe, expect, it, vi } from 'vitest';
import { NOT_AUTHENTICATED } from '../../actions/requireSession.ts';
import { LatchkeyError } from '../../errors/base.ts';
import { errorTextFor } from '../../errors/errorScreenFor.ts';
import { messages } from '../../messages.ts';
import { SCREEN } from '../../screens/screens.ts';
import type { LatchkeyClient, SessionState } from '../../session/createLatchkeyClient.ts';
import type { User } from '../../session/user.ts';
import type { EmbeddedWalletManager } from '../../wallets/embedded/manager.ts';
import type { ViemChainConfig } from './chains.ts';
import { createWalletController } from './controller.ts';

const WALLET_ADDRESS = '0x1111111111111111111111111111111111111111';
const TEST_USER: User = {
  id: 'user_1',
  createdAt: new Date(0),
  email: { address: 'alice@example.com' },
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
};
const WALLET_USER = {
  ...TEST_USER,
  linkedAccounts: [
    {
      type: 'wallet' as const,
      address: WALLET_ADDRESS,
      chainType: 'ethereum' as const,
      chainId: null,
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      recoveryMethod: 'latchkey' as const,
      imported: false,
      verifiedAt: new Date(0),
      firstVerifiedAt: new Date(0),
      latestVerifiedAt: new Date(0),
    },
  ],
};
/** The local development chain (what `@latchkey/react` resolves for a local API URL). */
const ANVIL_CHAIN: ViemChainConfig = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
};

/** A fake EIP-1193 provider: answers from `rpc` and records every request. */
function createFakeProvider(rpc: Record<string, unknown> = {}) {
  const request = vi.fn(async ({ method }: { method: string; params?: unknown }) => {
    if (rpc[method] !== undefined) return rpc[method];
    throw new Error(`unexpected ${method}`);
  });
  return { request, on: vi.fn(), removeListener: vi.fn(), chainId: 31337 };
}

/** A fake core manager, connected, with spies. */
function createFakeManager(provider: ReturnType<typeof createFakeProvider>) {
  const manager = {
    getState: () => ({
      status: 'connected' as const,
      address: WALLET_ADDRESS,
      recoveryMethod: 'latchkey' as const,
      deviceStorage: 'local' as const,
      error: null,
    }),
    subscribe: () => () => {},
    connect: vi.fn(async () => ({ status: 'connected' as const, address: WALLET_ADDRESS })),
    getProvider: () => provider,
    setApprover: vi.fn(),
    setNoPrompt: vi.fn(),
    destroy: vi.fn(),
  };
  return manager as unknown as EmbeddedWalletManager & typeof manager;
}

function setup(noPromptOnSignature = false) {
  const state: SessionState = { status: 'authenticated', user: WALLET_USER as never };
  const client = { getState: () => state } as unknown as LatchkeyClient;
  const provider = createFakeProvider({ personal_sign: '0xsig' });
  const manager = createFakeManager(provider);
  const config = { supportedChains: [ANVIL_CHAIN], defaultChain: ANVIL_CHAIN, noPromptOnSignature };
  const openScreen = vi.fn();
  const controller = createWalletController({
    client,
    getConfig: () => config,
    openScreen,
    load: async () => ({ createEmbeddedWalletManager: () => manager }),
  });
  return { controller, openScreen, provider, manager };
}

describe('WalletController', () => {
  it.each([
    ['latchkey', SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN, 'update'],
    ['user-passcode', SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN, 'set'],
    ['google-drive', SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN, 'update'],
  ])(
    'setWalletPassword(): a %s wallet opens %s in mode %s (a cloud backup moves to a password)',
    async (recoveryMethod, screen, mode) => {
      const { controller, openScreen, manager } = setup();
      const state = manager.getState();
      (manager as unknown as { getState: () => unknown }).getState = () => ({
        ...state,
        recoveryMethod,
      });
      void controller.setWalletPassword();
      await vi.waitFor(() => expect(openScreen).toHaveBeenCalled());
      expect(openScreen).toHaveBeenCalledWith(screen, {
        wallet: expect.objectContaining({ kind: 'set-password', automatic: false, mode }),
      });
    },
  );

  it.each([
    ['google-drive', SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN],
    ['icloud', SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN],
    ['user-passcode', SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN],
  ])(
    "provider(): a %s wallet that needs recovery opens its method's screen (spec section 4)",
    async (recoveryMethod, screen) => {
      const { controller, openScreen, manager } = setup();
      const state = manager.getState();
      (manager as unknown as { getState: () => unknown }).getState = () => ({
        ...state,
        status: 'needs-recovery',
      });
      manager.connect.mockResolvedValueOnce({
        status: 'needs-recovery',
        address: WALLET_ADDRESS,
        recoveryMethod,
      } as never);
      void controller.provider();
      await vi.waitFor(() => expect(openScreen).toHaveBeenCalled());
      expect(openScreen).toHaveBeenCalledWith(screen, {
        wallet: expect.objectContaining({ kind: 'recover', methods: [recoveryMethod] }),
      });
    },
  );

  it('refuses while logged out with core\'s one "not logged in" code (issue 11)', async () => {
    const client = { getState: () => ({ status: 'unauthenticated', user: null }) };
    const controller = createWalletController({
      client: client as unknown as LatchkeyClient,
      getConfig: () => ({
        supportedChains: [ANVIL_CHAIN],
        defaultChain: ANVIL_CHAIN,
        noPromptOnSignature: false,
      }),
      openScreen: vi.fn(),
      load: async () => ({ createEmbeddedWalletManager: () => ({}) as EmbeddedWalletManager }),
    });
    const refused = controller.ready().catch((error: unknown) => error);
    await expect(refused).resolves.toBeInstanceOf(LatchkeyError);
    await expect(refused).resolves.toMatchObject({ code: NOT_AUTHENTICATED });
    expect(errorTextFor(await refused, 'wallet', messages)).toBe(messages.mustBeLoggedIn);
  });

  it('creates the manager only once the chains are final (configReady), with those chains', async () => {
    const provisional: ViemChainConfig = {
      id: 31337,
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    };
    const fromServer: ViemChainConfig = {
      ...provisional,
      rpcUrls: { default: { http: ['http://127.0.0.1:40001'] } },
    };
    let config = {
      supportedChains: [provisional],
      defaultChain: provisional,
      noPromptOnSignature: false,
    };
    let settle!: () => void;
    const ready = new Promise<void>((r) => {
      settle = r;
    });
    const create = vi.fn(
      (_: { chains: { rpcUrl: string }[] }) =>
        ({
          setApprover() {},
          setNoPrompt() {},
          subscribe: () => () => {},
          getState: () => ({}),
        }) as unknown as EmbeddedWalletManager,
    );
    const controller = createWalletController({
      client: {} as LatchkeyClient,
      getConfig: () => config,
      configReady: () => ready,
      openScreen: vi.fn(),
      load: async () => ({ createEmbeddedWalletManager: create }),
    });
    const manager = controller.manager();
    await new Promise((r) => setTimeout(r, 10));
    expect(create).not.toHaveBeenCalled();
    config = {
      supportedChains: [fromServer],
      defaultChain: fromServer,
      noPromptOnSignature: false,
    };
    settle();
    await manager;
    expect(create).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(create.mock.calls[0]![0].chains)).toContain('http://127.0.0.1:40001');
    expect(JSON.stringify(create.mock.calls[0]![0].chains)).not.toContain('8545');
  });

  it("refuses an empty message: 'Message must be a non-empty string'", async () => {
    const { controller, openScreen } = setup();
    await expect(controller.signMessage('')).rejects.toThrow('Message must be a non-empty string');
    expect(openScreen).not.toHaveBeenCalled();
  });

  it('opens the sign screen, and settles with what the screen resolves', async () => {
    const { controller, openScreen } = setup();
    const pending = controller.signMessage('hello', { title: 'T' });
    await vi.waitFor(() => expect(openScreen).toHaveBeenCalledTimes(1));
    const [screen, { wallet }] = openScreen.mock.calls[0]!;
    expect(screen).toBe(SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN);
    expect(wallet).toMatchObject({
      kind: 'sign-message',
      message: 'hello',
      uiOptions: { title: 'T' },
    });
    wallet.resolve('0xabc');
    await expect(pending).resolves.toBe('0xabc');
  });

  it('noPromptOnSignature only asks the frame: it goes through the provider, which signs without a screen when the policy allows', async () => {
    const { controller, openScreen, provider, manager } = setup(true);
    await expect(controller.signMessage('hi')).resolves.toBe('0xsig');
    expect(openScreen).not.toHaveBeenCalled();
    expect(provider.request).toHaveBeenCalledWith({
      method: 'personal_sign',
      params: ['0x6869', WALLET_ADDRESS],
    });
    // The manager reads the host's wish at each request.
    const noPrompt = vi.mocked(manager.setNoPrompt).mock.calls[0]![0];
    expect(noPrompt()).toBe(true);
  });

  it("noPromptOnSignature refused by the policy: the provider's approver opens the sign screen with the hook's UI options", async () => {
    const { controller, openScreen, provider, manager } = setup(true);
    await controller.manager();
    const approve = vi.mocked(manager.setApprover).mock.calls[0]![0]!;
    // The provider fell back to the approver (the frame answered approval_required).
    provider.request.mockImplementationOnce(({ method, params }) =>
      approve({ method: method as 'personal_sign', params, chain: { id: 31337 } as never }),
    );
    const pending = controller.signMessage('hi', { title: 'Sign in to Acme' });
    await vi.waitFor(() => expect(openScreen).toHaveBeenCalledTimes(1));
    const [screen, { wallet }] = openScreen.mock.calls[0]!;
    expect(screen).toBe(SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN);
    expect(wallet).toMatchObject({
      kind: 'confirm-signature',
      method: 'personal_sign',
      params: ['0x6869', WALLET_ADDRESS],
      uiOptions: { title: 'Sign in to Acme' },
    });
    wallet.resolve('0xframe');
    await expect(pending).resolves.toBe('0xframe');
  });

  it('validates a transaction request before any screen (spec section 5 texts)', async () => {
    const { controller, openScreen } = setup();
    await expect(
      controller.sendTransaction({ to: WALLET_ADDRESS, value: 1n, chainId: 1 }),
    ).rejects.toThrow(
      'Chain ID 1 is not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.',
    );
    await expect(
      controller.sendTransaction({ to: WALLET_ADDRESS, value: 'lots', chainId: 31337 }),
    ).rejects.toThrow(
      "Transaction request property 'value' must be a valid number, bigint, or hex string representing a quantity",
    );
    expect(openScreen).not.toHaveBeenCalled();
  });

  it('one wallet per user', async () => {
    const { controller, openScreen } = setup();
    await expect(controller.createWallet()).rejects.toThrow(
      'Only one Latchkey wallet per user is currently allowed',
    );
    // Nor an imported one (issue 22 item 4): refused before the import screen opens.
    await expect(controller.importWallet()).rejects.toMatchObject({
      code: 'embedded_wallet_exists',
      message: 'Only one Latchkey wallet per user is currently allowed',
    });
    expect(openScreen).not.toHaveBeenCalled();
  });

  it('importWallet opens the import screen for a user without a wallet and resolves with its address', async () => {
    const state: SessionState = { status: 'authenticated', user: TEST_USER };
    const openScreen = vi.fn();
    const controller = createWalletController({
      client: { getState: () => state } as unknown as LatchkeyClient,
      getConfig: () => ({
        supportedChains: [ANVIL_CHAIN],
        defaultChain: ANVIL_CHAIN,
        noPromptOnSignature: false,
      }),
      openScreen,
      load: async () => ({ createEmbeddedWalletManager: () => ({}) as EmbeddedWalletManager }),
    });
    const imported = controller.importWallet();
    await vi.waitFor(() => expect(openScreen).toHaveBeenCalled());
    const [screen, params] = openScreen.mock.calls[0]!;
    expect(screen).toBe(SCREEN.EMBEDDED_WALLET_IMPORT_SCREEN);
    expect(params.wallet.kind).toBe('import');
    params.wallet.resolve(WALLET_ADDRESS);
    await expect(imported).resolves.toBe(WALLET_ADDRESS);
  });

  it("the provider's approver opens the sign screen and returns the frame's answer; a rejection refuses", async () => {
    const { controller, openScreen, manager } = setup();
    await controller.manager();
    const approve = vi.mocked(manager.setApprover).mock.calls[0]![0]!;
    const chain = {
      id: 31337,
      name: 'Anvil',
      rpcUrl: '',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    };
    const approval = approve({
      method: 'personal_sign',
      params: ['0x6869', WALLET_ADDRESS],
      chain,
    });
    await vi.waitFor(() => expect(openScreen).toHaveBeenCalledTimes(1));
    const { wallet } = openScreen.mock.calls[0]![1];
    expect(wallet).toMatchObject({ kind: 'confirm-signature', method: 'personal_sign' });
    expect(wallet.uiOptions).toBeUndefined();
    wallet.resolve('0xsigned');
    await expect(approval).resolves.toBe('0xsigned');

    const refused = approve({ method: 'personal_sign', params: [], chain });
    await vi.waitFor(() => expect(openScreen).toHaveBeenCalledTimes(2));
    openScreen.mock.calls[1]![1].wallet.reject(new Error('closed'));
    await expect(refused).rejects.toThrow('closed');
  });

  it('the approver opens the send screen for a transaction, with the filled transaction to sign', async () => {
    const { controller, openScreen, manager } = setup();
    await controller.manager();
    const approve = vi.mocked(manager.setApprover).mock.calls[0]![0]!;
    const filled = {
      from: WALLET_ADDRESS,
      to: WALLET_ADDRESS,
      value: '0x10',
      nonce: '0x2',
      gas: '0x5208',
      maxFeePerGas: '0x3',
      chainId: '0x7a69',
    };
    const approval = approve({
      method: 'eth_signTransaction',
      params: [filled],
      chain: { id: 31337 } as never,
      broadcast: true,
    });
    await vi.waitFor(() => expect(openScreen).toHaveBeenCalledTimes(1));
    const [screen, { wallet }] = openScreen.mock.calls[0]!;
    expect(screen).toBe(SCREEN.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN);
    expect(wallet).toMatchObject({
      kind: 'confirm-transaction',
      signRequest: filled,
      transaction: {
        to: WALLET_ADDRESS,
        value: '0x10',
        gasLimit: '0x5208',
        nonce: 2,
        chainId: 31337,
      },
    });
    wallet.resolve('0xraw');
    await expect(approval).resolves.toBe('0xraw');
  });
});
