/**
 * `@latchkey/react/walletconnect`: the WalletConnect connector of the login modal (spec sections
 * 2 and 9; issue 12 item 6). `@walletconnect/ethereum-provider` is an optional peer dependency of
 * `@latchkey/react`, so an app that offers WalletConnect installs it and passes this connector:
 *
 *     npm i @walletconnect/ethereum-provider
 *
 *     import { walletConnect } from '@latchkey/react/walletconnect';
 *     <LatchkeyProvider config={{ externalWallets: { walletConnect: { connector: walletConnect } } }} />
 *
 * Importing this module loads nothing of WalletConnect: `connect()` imports the package with
 * `import()` when a person first picks WalletConnect, so bundlers put it in a lazy chunk.
 */
import {
  WALLET_CONNECT_PACKAGE,
  type WalletConnectConnection,
  type WalletConnectConnector,
  type WalletConnectConnectParameters,
} from './config/walletConnect.ts';

export type {
  WalletConnectConnection,
  WalletConnectConnector,
  WalletConnectConnectParameters,
} from './config/walletConnect.ts';

/**
 * `@walletconnect/ethereum-provider`, loaded on first use.
 * @throws Error naming the install command when the package cannot be loaded (some bundlers
 *   leave a missing package's `import()` in the output, so this is where it shows).
 */
async function loadProvider() {
  try {
    return await import('@walletconnect/ethereum-provider');
  } catch (cause) {
    throw new Error(
      `[latchkey] WalletConnect needs the optional peer ${WALLET_CONNECT_PACKAGE}, which could not be loaded: npm i ${WALLET_CONNECT_PACKAGE}`,
      { cause },
    );
  }
}

/**
 * Pairs through `@walletconnect/ethereum-provider` (its own QR modal off: the Latchkey modal
 * draws the code): asks for `chains` as optional chains (chain 1 when the list is empty),
 * forwards `display_uri` to `onDisplayUri` until the pairing settles, and names the peer.
 * @throws when the package is not installed (an Error naming `npm i ...`), the relay cannot be
 *   reached or the person rejects the pairing.
 */
async function connect(p: WalletConnectConnectParameters): Promise<WalletConnectConnection> {
  const { EthereumProvider } = await loadProvider();
  const [first, ...rest] = p.chains;
  const provider = await EthereumProvider.init({
    projectId: p.projectId,
    optionalChains: [first ?? 1, ...rest],
    showQrModal: false,
    metadata: p.metadata,
  });
  provider.on('display_uri', p.onDisplayUri);
  try {
    await provider.connect();
  } finally {
    provider.removeListener('display_uri', p.onDisplayUri);
  }
  const peer = provider.session?.peer.metadata.name ?? 'WalletConnect';
  return {
    provider: provider as unknown as WalletConnectConnection['provider'],
    walletClientType: /metamask/i.test(peer) ? 'metamask' : 'wallet_connect',
    name: peer,
  };
}

/**
 * The WalletConnect connector: pass it as `config.externalWallets.walletConnect.connector`.
 * WalletConnect is then offered when the server app config has a
 * `wallet_connect_cloud_project_id` and `externalWallets.walletConnect.enabled` is not false.
 */
export const walletConnect: WalletConnectConnector = Object.freeze({ connect });
