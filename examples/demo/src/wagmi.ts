import { latchkeyConnector } from '@latchkey/wagmi';
import { createConfig, unstable_connector } from '@wagmi/core';
import { anvil } from 'viem/chains';

/**
 * The demo's wagmi config (issue 12 item 5): one Latchkey connector, kept connected while the
 * user has a wallet by `useLatchkeyWagmiSync` (WagmiWallet.tsx). Reads go through the
 * connector's provider, i.e. the RPC of the chain the Latchkey API names (anvil's port
 * differs between `npm start` and the e2e stacks).
 */
export const wagmiConfig = createConfig({
  chains: [anvil],
  connectors: [latchkeyConnector()],
  transports: { [anvil.id]: unstable_connector(latchkeyConnector) },
  multiInjectedProviderDiscovery: false,
});
