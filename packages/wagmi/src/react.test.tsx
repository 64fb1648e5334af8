// @vitest-environment happy-dom
/**
 * `useLatchkeyWagmiSync` inside a real `<LatchkeyProvider>` (react's fake client): the
 * provider's wallets reach the connector, wagmi connects when a wallet appears, disconnects on
 * logout, and the sync stops on unmount.
 */
import type { ConnectedWallet } from '@latchkey/core';
import { createEmbeddedEthereumProvider } from '@latchkey/core/embedded-wallet';
import { LatchkeyProvider, LatchkeyProviderMissingError } from '@latchkey/react';
import { cleanup, render } from '@testing-library/react';
import { type Config, createConfig, getConnection, http } from '@wagmi/core';
import { defineChain } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ID, createFakeClient } from '../../react/src/test/fakeClient.ts';
import { latchkeyConnector } from './connector.ts';
import { useLatchkeyWagmiSync } from './react.ts';
import { getLatchkeyConnector } from './sync.ts';

afterEach(() => cleanup());

const chain = defineChain({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
});

function wallet(): ConnectedWallet {
  const address = privateKeyToAddress(generatePrivateKey());
  const provider = createEmbeddedEthereumProvider({
    bridge: { rpc: async () => null },
    address,
    chains: [
      {
        id: 31337,
        name: 'Anvil',
        rpcUrl: 'http://127.0.0.1:9/unused',
        nativeCurrency: chain.nativeCurrency,
      },
    ],
    chainId: 31337,
  });
  return {
    address,
    chainType: 'ethereum',
    chainId: 'eip155:31337',
    walletClientType: 'latchkey',
    connectorType: 'embedded',
    imported: false,
    linked: true,
    getEthereumProvider: async () => provider,
    switchChain: async () => {},
    disconnect: () => {},
  };
}

function Sync({ config }: { config: Config }) {
  useLatchkeyWagmiSync(config);
  return null;
}

function setup() {
  const config = createConfig({
    chains: [chain],
    connectors: [latchkeyConnector()],
    transports: { [chain.id]: http() },
    multiInjectedProviderDiscovery: false,
    storage: null,
  });
  const fake = createFakeClient({ initialStatus: 'authenticated' });
  const view = render(
    <LatchkeyProvider appId={APP_ID} apiUrl="http://api.test" client={fake.client}>
      <Sync config={config} />
    </LatchkeyProvider>,
  );
  return { config, fake, view };
}

describe('useLatchkeyWagmiSync', () => {
  it("connects wagmi to the provider's wallet, disconnects on logout, stops on unmount", async () => {
    const { config, fake, view } = setup();
    expect(getConnection(config).status).toBe('disconnected');

    const embedded = wallet();
    fake.client.wallets.upsert(embedded);
    await vi.waitFor(() => expect(getConnection(config).address).toBe(embedded.address));
    expect(getLatchkeyConnector(config).getWallets()).toEqual([embedded]);

    // Logout: the client empties its wallets.
    fake.setState({ status: 'unauthenticated', user: null });
    fake.client.wallets.clear();
    await vi.waitFor(() => expect(getConnection(config).status).toBe('disconnected'));

    // Unmounted: the next wallet is no longer followed.
    view.unmount();
    fake.client.wallets.upsert(wallet());
    await new Promise((r) => setTimeout(r, 50));
    expect(getConnection(config).status).toBe('disconnected');
    expect(getLatchkeyConnector(config).getWallets()).toEqual([]);
  });

  it('throws LatchkeyProviderMissingError outside <LatchkeyProvider>', () => {
    const config = createConfig({
      chains: [chain],
      connectors: [latchkeyConnector()],
      transports: { [chain.id]: http() },
      storage: null,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Sync config={config} />)).toThrow(LatchkeyProviderMissingError);
  });
});
