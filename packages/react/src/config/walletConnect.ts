/**
 * The WalletConnect connector contract (issue 12 item 6). `@walletconnect/ethereum-provider` is an
 * optional peer dependency of `@latchkey/react`: the main entry never imports it. A host that
 * offers WalletConnect installs the package and passes `walletConnect` of
 * `@latchkey/react/walletconnect` as `config.externalWallets.walletConnect.connector`; the modal's
 * WalletConnect step calls its {@link WalletConnectConnector.connect}.
 */
import type { Eip1193Provider } from '@latchkey/core';

/** The optional peer dependency a host installs to offer WalletConnect. */
export const WALLET_CONNECT_PACKAGE = '@walletconnect/ethereum-provider';

/** The subpath that exports the connector (`walletConnect`). */
export const WALLET_CONNECT_SUBPATH = '@latchkey/react/walletconnect';

/** Parameters of {@link WalletConnectConnector.connect}. */
export interface WalletConnectConnectParameters {
  /** `wallet_connect_cloud_project_id` of the server app config (WalletConnect Cloud). */
  projectId: string;
  /** Chain ids (EIP-155 numbers) to ask the wallet for, the default chain first. */
  chains: readonly number[];
  /** Called with the pairing URI (`wc:...`) to show as a QR code; may be called again. */
  onDisplayUri: (uri: string) => void;
  /** App metadata the wallet shows; `url` is the page's origin, `icons` absolute URLs. */
  metadata: { name: string; description: string; url: string; icons: string[] };
}

/** A connected WalletConnect session. */
export interface WalletConnectConnection {
  /** The session's EIP-1193 provider. */
  provider: Eip1193Provider;
  /** `wallet_client_type` from the peer's name ('metamask' for MetaMask, else 'wallet_connect'). */
  walletClientType: string;
  /** The peer wallet's name ('WalletConnect' when it gave none). */
  name: string;
}

/**
 * What `config.externalWallets.walletConnect.connector` takes: `walletConnect` of
 * `@latchkey/react/walletconnect`, or any object of this shape (a test double, another relay).
 */
export interface WalletConnectConnector {
  /**
   * Starts a pairing, reports its URI through `onDisplayUri` and resolves once a wallet approved
   * it.
   * @throws when the relay cannot be reached, the person rejects the pairing, or the package
   *   behind the connector is missing.
   */
  connect(parameters: WalletConnectConnectParameters): Promise<WalletConnectConnection>;
}
