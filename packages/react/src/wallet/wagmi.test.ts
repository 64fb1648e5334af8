/**
 * wagmi compatibility (issue 3 item 8): the embedded wallet's EIP-1193 provider, with the React
 * layer's approver (the sign screen, which frames the approval page; issue 24), behind a wagmi
 * config with a custom connector. The approval frame is replaced by a screen stand-in that
 * signs with a local viem account; the hidden frame refuses to sign (`approval_required`).
 */
import {
  connect,
  createConfig,
  getAccount,
  injected,
  signMessage,
  signTypedData,
} from '@wagmi/core';
import {
  createEmbeddedEthereumProvider,
  type EmbeddedWalletBridge,
  WalletError,
} from '@latchkey/core/embedded-wallet';
import type { ApproveSignature, EmbeddedWalletManager } from '@latchkey/core';
import {
  createWalletController,
  SCREEN,
  toCoreChain,
  type WalletScreenParams,
} from '@latchkey/core';
import { custom, defineChain, verifyMessage, verifyTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../config/resolveConfig.ts';
import { APP_ID, createFakeClient } from '../test/fakeClient.ts';

const anvil = defineChain({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

function setup(approve: boolean) {
  const account = privateKeyToAccount(generatePrivateKey());
  const bridge = {
    rpc: vi.fn(async () => {
      throw new WalletError('Approve in the wallet', { type: 'approval_required' });
    }),
  } as unknown as EmbeddedWalletBridge;
  /** What the approval frame does once the user clicks approve in it. */
  const frameSigns = async ({ method, params }: { method: string; params: unknown }) => {
    const list = params as string[];
    if (method === 'personal_sign') {
      return account.signMessage({ message: { raw: list[0] as `0x${string}` } });
    }
    if (method === 'eth_signTypedData_v4') return account.signTypedData(JSON.parse(list[1]!));
    throw new Error(`unexpected ${method}`);
  };
  const config = resolveConfig(APP_ID, undefined, null, 'http://localhost:8787');
  let approver: ApproveSignature | null = null;
  const provider = createEmbeddedEthereumProvider({
    bridge,
    address: account.address,
    chains: config.wallet.supportedChains.map(toCoreChain),
    chainId: 31337,
    approve: (request) => approver!(request),
  });
  const manager = {
    getState: () => ({ status: 'connected', address: account.address }),
    subscribe: () => () => {},
    setApprover: (a: ApproveSignature | null) => {
      approver = a;
    },
    setNoPrompt: () => {},
    getProvider: () => provider,
    destroy: () => {},
  } as unknown as EmbeddedWalletManager;
  const openScreen = vi.fn((_screen: string, { wallet }: { wallet: WalletScreenParams }) => {
    if (!approve || wallet.kind !== 'confirm-signature') {
      wallet.reject(new Error('closed'));
      return;
    }
    void frameSigns(wallet).then(wallet.resolve, wallet.reject);
  });
  const controller = createWalletController({
    client: createFakeClient().client,
    getConfig: () => config.wallet,
    openScreen,
    load: async () => ({ createEmbeddedWalletManager: () => manager }),
  });
  const wagmi = createConfig({
    chains: [anvil],
    connectors: [
      injected({
        target: () => ({
          id: 'latchkey',
          name: 'Latchkey',
          provider: provider as never,
        }),
      }),
    ],
    transports: { [anvil.id]: custom(provider) },
  });
  return { account, controller, openScreen, wagmi };
}

describe('wagmi with the embedded wallet provider', () => {
  it('connects, signs a message and typed data through the sign screen; signatures verify', async () => {
    const { account, controller, openScreen, wagmi } = setup(true);
    await controller.manager(); // installs the approval hook
    await connect(wagmi, { connector: wagmi.connectors[0]! });
    expect(getAccount(wagmi).address).toBe(account.address);
    const signature = await signMessage(wagmi, { message: 'hello wagmi' });
    expect(
      await verifyMessage({ address: account.address, message: 'hello wagmi', signature }),
    ).toBe(true);
    expect(openScreen).toHaveBeenCalledWith(
      SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN,
      expect.objectContaining({ wallet: expect.objectContaining({ kind: 'confirm-signature' }) }),
    );
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'body', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { body: 'hi' },
    };
    const typedSignature = await signTypedData(wagmi, typed);
    expect(
      await verifyTypedData({ address: account.address, ...typed, signature: typedSignature }),
    ).toBe(true);
  });

  it('closing the sign screen rejects with 4001 (wagmi UserRejectedRequestError)', async () => {
    const { controller, wagmi } = setup(false);
    await controller.manager();
    await connect(wagmi, { connector: wagmi.connectors[0]! });
    await expect(signMessage(wagmi, { message: 'no' })).rejects.toMatchObject({ code: 4001 });
  });
});
