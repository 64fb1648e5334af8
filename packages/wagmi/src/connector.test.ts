/**
 * `latchkeyConnector` and `syncLatchkeyWagmi` under wagmi's own `createConfig` and actions,
 * with core's real wallet registry and real embedded EIP-1193 provider. The approval page is a
 * stand-in that signs with the wallet frame's custody code (`handleEvmRpc`); transactions go
 * to a real anvil chain.
 */
import { EventEmitter } from 'node:events';
import {
  type ConnectedWallet,
  createWalletRegistry,
  type Eip1193Provider,
  type WalletRegistry,
} from '@latchkey/core';
import {
  createEmbeddedEthereumProvider,
  type EmbeddedSignatureRequest,
} from '@latchkey/core/embedded-wallet';
import { handleEvmRpc } from '@latchkey/wallet-frame';
import {
  type Config,
  ConnectorNotFoundError,
  connect,
  createConfig,
  disconnect,
  getConnection,
  ProviderNotFoundError,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  waitForTransactionReceipt,
} from '@wagmi/core';
import {
  createPublicClient,
  defineChain,
  type EIP1193Provider,
  getAddress,
  http,
  parseEther,
  SwitchChainError,
  UserRejectedRequestError,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { startAnvil, type TestAnvil } from '../../../test-support/anvil.ts';
import {
  isLatchkeyConnector,
  type LatchkeyConnector,
  latchkeyConnector,
  LatchkeyWalletNotFoundError,
} from './connector.ts';
import { getLatchkeyConnector, syncLatchkeyWagmi } from './sync.ts';

const NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18 };
/** A second chain the embedded wallet offers (no RPC needed: switching is local). */
const SECOND = defineChain({
  id: 31338,
  name: 'Second',
  nativeCurrency: NATIVE,
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
});
/** A chain in the wagmi config that the Latchkey wallet does not offer. */
const OTHER = defineChain({
  id: 5151,
  name: 'Other',
  nativeCurrency: NATIVE,
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
});

let anvil: TestAnvil | undefined;
let rpcUrl = '';
beforeAll(async () => {
  anvil = await startAnvil();
  rpcUrl = anvil.rpcUrl;
}, 30_000);
afterAll(() => anvil?.stop());

const anvilChain = () =>
  defineChain({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: NATIVE,
    rpcUrls: { default: { http: [rpcUrl] } },
  });

/**
 * A wallet over core's real embedded provider. `approve` stands in for the approval page:
 * it signs with the custody code after the "click" (`approving.mode === 'approve'`), or is
 * closed (rejects, which the provider turns into 4001).
 */
function embeddedWallet(options: { connectorType?: string; walletClientType?: string } = {}) {
  const key = generatePrivateKey();
  const address = privateKeyToAddress(key);
  const approving = { mode: 'approve' as 'approve' | 'close' };
  const approve = vi.fn(async (request: EmbeddedSignatureRequest) => {
    if (approving.mode === 'close') throw new Error('closed');
    return handleEvmRpc(key, { method: request.method, params: request.params });
  });
  const provider = createEmbeddedEthereumProvider({
    bridge: { rpc: async () => Promise.reject(new Error('no hidden frame in this test')) },
    address,
    chains: [31337, SECOND.id].map((id) => ({
      id,
      name: `Chain ${id}`,
      rpcUrl: id === 31337 ? rpcUrl : 'http://127.0.0.1:9/unused',
      nativeCurrency: NATIVE,
    })),
    chainId: 31337,
    approve,
  });
  const wallet = (): ConnectedWallet => ({
    address,
    chainType: 'ethereum',
    chainId: `eip155:${provider.chainId}`,
    walletClientType: options.walletClientType ?? 'latchkey',
    connectorType: options.connectorType ?? 'embedded',
    imported: false,
    linked: true,
    getEthereumProvider: async () => provider,
    switchChain: async (chainId) => {
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${chainId.toString(16)}` }],
      });
    },
    disconnect: () => {},
  });
  return { address, approve, approving, provider, wallet: wallet() };
}

/** An external wallet whose provider emits events (an EventEmitter, as injected wallets are). */
function externalWallet() {
  const inner = embeddedWallet({ connectorType: 'injected', walletClientType: 'metamask' });
  const provider: Eip1193Provider & EventEmitter = Object.assign(new EventEmitter(), {
    request: inner.provider.request,
  });
  const wallet: ConnectedWallet = {
    ...inner.wallet,
    getEthereumProvider: async () => provider,
  };
  return { ...inner, provider, wallet };
}

function setup(chains: 'anvil' | 'with-others' = 'anvil') {
  const client: { wallets: WalletRegistry } = { wallets: createWalletRegistry() };
  const anvil = anvilChain();
  const config = createConfig({
    chains: chains === 'anvil' ? [anvil] : [anvil, SECOND, OTHER],
    connectors: [latchkeyConnector({ client })],
    transports: { [anvil.id]: http(rpcUrl), [SECOND.id]: http(), [OTHER.id]: http() },
    multiInjectedProviderDiscovery: false,
    storage: null,
  });
  const connector = getLatchkeyConnector(config);
  return { client, config, connector };
}

const connectedAddress = (config: Config) => getConnection(config).address;

describe('latchkeyConnector with wagmi createConfig and actions', () => {
  it('connects when the embedded wallet appears, signs and sends, disconnects on logout, reconnects on the next login', async () => {
    const { client, config, connector } = setup();
    const onError = vi.fn();
    const stop = syncLatchkeyWagmi(config, { onError });
    expect(getConnection(config).status).toBe('disconnected');
    expect(connector.id).toBe('latchkey');
    expect(connector.name).toBe('Latchkey');

    // Login: the embedded wallet joins client.wallets -> wagmi connects to it.
    const embedded = embeddedWallet();
    client.wallets.upsert(embedded.wallet);
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(embedded.address));
    expect(getConnection(config)).toMatchObject({
      status: 'connected',
      chainId: 31337,
      connector: { uid: connector.uid },
    });

    // signMessage through the approval page stand-in; verifies against the wallet's address.
    const signature = await signMessage(config, { message: 'hello wagmi' });
    expect(
      await verifyMessage({ address: embedded.address, message: 'hello wagmi', signature }),
    ).toBe(true);
    expect(embedded.approve).toHaveBeenLastCalledWith(
      expect.objectContaining({ method: 'personal_sign' }),
    );
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'body', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { body: 'hi' },
    };
    const typedSignature = await signTypedData(config, typed);
    expect(
      await verifyTypedData({ address: embedded.address, ...typed, signature: typedSignature }),
    ).toBe(true);

    // sendTransaction on anvil: the provider fills it, the approval page signs, anvil mines it.
    const publicClient = createPublicClient({ transport: http(rpcUrl) });
    await publicClient.request({
      method: 'anvil_setBalance' as 'eth_chainId',
      params: [embedded.address, '0xde0b6b3a7640000'] as unknown as undefined,
    });
    const to = privateKeyToAddress(generatePrivateKey());
    const hash = await sendTransaction(config, { to, value: parseEther('0.001') });
    const receipt = await waitForTransactionReceipt(config, { hash });
    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(embedded.address.toLowerCase());
    expect(await publicClient.getBalance({ address: to })).toBe(parseEther('0.001'));
    expect(embedded.approve).toHaveBeenLastCalledWith(
      expect.objectContaining({ method: 'eth_signTransaction', broadcast: true }),
    );

    // Logout empties client.wallets -> wagmi disconnects.
    client.wallets.clear();
    await vi.waitFor(() => expect(getConnection(config).status).toBe('disconnected'));

    // The next login connects again.
    client.wallets.upsert(embedded.wallet);
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(embedded.address));

    // A user who disconnects wagmi stays disconnected while the wallet is still listed.
    await disconnect(config);
    client.wallets.upsert({ ...embedded.wallet });
    await new Promise((r) => setTimeout(r, 50));
    expect(getConnection(config).status).toBe('disconnected');

    // Stopped: a new login no longer connects.
    stop();
    client.wallets.clear();
    client.wallets.upsert(embedded.wallet);
    await new Promise((r) => setTimeout(r, 50));
    expect(getConnection(config).status).toBe('disconnected');
    expect(onError).not.toHaveBeenCalled();
  }, 30_000);

  it('closing the approval screen rejects the wagmi action with UserRejectedRequestError (4001)', async () => {
    const { client, config } = setup();
    const embedded = embeddedWallet();
    client.wallets.upsert(embedded.wallet);
    await connect(config, { connector: getLatchkeyConnector(config) });
    embedded.approving.mode = 'close';
    const error = await signMessage(config, { message: 'no' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserRejectedRequestError);
    expect(error).toMatchObject({ code: 4001 });
  });

  it('offers the external wallets connected through Latchkey: setActiveWallet, fallback, provider events', async () => {
    const { client, config, connector } = setup();
    syncLatchkeyWagmi(config);
    const embedded = embeddedWallet();
    const external = externalWallet();
    client.wallets.upsert(external.wallet);
    client.wallets.upsert(embedded.wallet);
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(embedded.address));
    expect(connector.getWallets().map((w) => w.address)).toEqual([
      embedded.address,
      external.address,
    ]);

    await connector.setActiveWallet(external.address.toLowerCase());
    expect(connector.getActiveWallet()?.walletClientType).toBe('metamask');
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(external.address));
    const signature = await signMessage(config, { message: 'from metamask' });
    expect(
      await verifyMessage({ address: external.address, message: 'from metamask', signature }),
    ).toBe(true);
    expect(external.approve).toHaveBeenCalledTimes(1);
    expect(embedded.approve).not.toHaveBeenCalled();

    // The external provider's chainChanged moves wagmi's chain; accountsChanged its account.
    external.provider.emit('chainChanged', '0x7a6a');
    await vi.waitFor(() => expect(getConnection(config).chainId).toBe(31338));
    external.provider.emit('chainChanged', '0x7a69');
    const other = privateKeyToAddress(generatePrivateKey());
    external.provider.emit('accountsChanged', [other.toLowerCase()]);
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(getAddress(other)));

    // The external wallet leaves the list: wagmi falls back to the embedded wallet.
    client.wallets.remove(external.address, 'metamask');
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(embedded.address));
    expect(external.provider.listenerCount('chainChanged')).toBe(0);

    await expect(connector.setActiveWallet(other)).rejects.toBeInstanceOf(
      LatchkeyWalletNotFoundError,
    );

    // An external wallet that reports no accounts (locked) disconnects wagmi.
    client.wallets.upsert(external.wallet);
    await connector.setActiveWallet(external.address);
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(external.address));
    external.provider.emit('accountsChanged', []);
    await vi.waitFor(() => expect(getConnection(config).status).toBe('disconnected'));
  });

  it('switchChain goes through the wallet: a Latchkey chain switches, another fails with SwitchChainError', async () => {
    const { client, config } = setup('with-others');
    const embedded = embeddedWallet();
    client.wallets.upsert(embedded.wallet);
    await connect(config, { connector: getLatchkeyConnector(config) });
    expect(getConnection(config).chainId).toBe(31337);

    await switchChain(config, { chainId: SECOND.id });
    expect(getConnection(config).chainId).toBe(SECOND.id);
    expect(embedded.provider.chainId).toBe(SECOND.id);

    // 4902 from the embedded wallet: the chain is in wagmi's config, not in Latchkey's.
    const error = await switchChain(config, { chainId: OTHER.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SwitchChainError);
    expect(getConnection(config).chainId).toBe(SECOND.id);

    // connect({ chainId }) switches first.
    await disconnect(config);
    const { chainId } = await connect(config, {
      connector: getLatchkeyConnector(config),
      chainId: 31337,
    });
    expect(chainId).toBe(31337);
    expect(embedded.provider.chainId).toBe(31337);
  });

  it("waits for wagmi's reconnect to settle before connecting", async () => {
    const { client, config } = setup();
    syncLatchkeyWagmi(config);
    config.setState((state) => ({ ...state, status: 'reconnecting' }));
    const embedded = embeddedWallet();
    client.wallets.upsert(embedded.wallet);
    await new Promise((r) => setTimeout(r, 50));
    expect(getConnection(config).status).toBe('reconnecting');
    config.setState((state) => ({ ...state, status: 'disconnected' }));
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(embedded.address));
  });

  it('without a wallet: connect rejects with ProviderNotFoundError and isAuthorized is false', async () => {
    const { config, connector } = setup();
    expect(await connector.isAuthorized()).toBe(false);
    expect(await connector.getAccounts()).toEqual([]);
    await expect(connect(config, { connector })).rejects.toBeInstanceOf(ProviderNotFoundError);
    expect(getConnection(config).status).toBe('disconnected');
  });

  it('without a client, the wallets come from setWallets (what the React hook does)', async () => {
    const config = createConfig({
      chains: [anvilChain()],
      connectors: [latchkeyConnector()],
      transports: { 31337: http(rpcUrl) },
      multiInjectedProviderDiscovery: false,
      storage: null,
    });
    const connector = getLatchkeyConnector(config);
    syncLatchkeyWagmi(config);
    const embedded = embeddedWallet();
    connector.setWallets([embedded.wallet]);
    await vi.waitFor(() => expect(connectedAddress(config)).toBe(embedded.address));
    connector.setWallets([]);
    await vi.waitFor(() => expect(getConnection(config).status).toBe('disconnected'));
  });

  it('getLatchkeyConnector finds the connector by type; ConnectorNotFoundError without one', () => {
    const { config } = setup();
    expect(config.connectors.filter(isLatchkeyConnector)).toHaveLength(1);
    const bare = createConfig({
      chains: [anvilChain()],
      transports: { 31337: http(rpcUrl) },
      multiInjectedProviderDiscovery: false,
      storage: null,
    });
    expect(() => getLatchkeyConnector(bare)).toThrow(ConnectorNotFoundError);
    expect(() => syncLatchkeyWagmi(bare)).toThrow(ConnectorNotFoundError);
  });

  it('types: the connector provider is a viem EIP1193Provider; the type is "latchkey"', () => {
    expectTypeOf<
      Awaited<ReturnType<LatchkeyConnector['getProvider']>>
    >().toExtend<EIP1193Provider>();
    expectTypeOf(latchkeyConnector.type).toEqualTypeOf<'latchkey'>();
    expectTypeOf<ReturnType<LatchkeyConnector['getActiveWallet']>>().toEqualTypeOf<
      ConnectedWallet | undefined
    >();
  });
});
