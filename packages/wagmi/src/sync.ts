import { type Config, ConnectorNotFoundError, connect, disconnect } from '@wagmi/core';
import { isLatchkeyConnector, type LatchkeyConnector } from './connector.ts';

/** Options of {@link syncLatchkeyWagmi}. */
export type SyncLatchkeyWagmiOptions = {
  /** The connector to keep connected (default: the config's first Latchkey connector). */
  connector?: LatchkeyConnector | undefined;
  /** Gets a failed automatic `connect` (default: `console.warn`). */
  onError?: ((error: unknown) => void) | undefined;
};

/**
 * The Latchkey connector of `config` (the first `latchkeyConnector()` in `connectors`).
 * @throws ConnectorNotFoundError (wagmi's 'Connector not found.') when there is none.
 */
export function getLatchkeyConnector(config: Config): LatchkeyConnector {
  const connector = config.connectors.find(isLatchkeyConnector);
  if (!connector) throw new ConnectorNotFoundError();
  return connector;
}

/**
 * Keeps wagmi connected to the Latchkey connector while the user has a Latchkey wallet, as
 * `@privy-io/wagmi`'s provider does: when a wallet appears (a login, the embedded wallet ready
 * after login or after a reload, a wallet connected through Latchkey) it runs wagmi's
 * `connect` action with the connector, once wagmi is not connecting or reconnecting; the
 * connector disconnects wagmi itself when the wallets are gone (logout). A user who
 * disconnects wagmi while logged in stays disconnected until a wallet appears again. Another
 * connector wagmi was using stays connected; the Latchkey one becomes wagmi's current one.
 *
 * @returns stops syncing (the connection is left as it is).
 * @throws ConnectorNotFoundError when `config` has no Latchkey connector (and none is given).
 * @example
 * const config = createConfig({ chains, connectors: [latchkeyConnector({ client })], transports });
 * const stop = syncLatchkeyWagmi(config);
 */
export function syncLatchkeyWagmi(
  config: Config,
  options: SyncLatchkeyWagmiOptions = {},
): () => void {
  const connector = options.connector ?? getLatchkeyConnector(config);
  const report = options.onError ?? ((error) => console.warn('[latchkey] wagmi connect', error));
  let hadWallet = false;
  /** A wallet appeared and wagmi is not connected to it yet. */
  let pending = false;
  let connecting = false;
  let stopped = false;

  const hasWallet = () => connector.getActiveWallet() !== undefined;

  function tick() {
    if (stopped) return;
    const has = hasWallet();
    if (has && !hadWallet) pending = true;
    if (!has) pending = false;
    hadWallet = has;
    if (!pending || connecting) return;
    const { status, connections } = config.state;
    if (connections.has(connector.uid)) {
      pending = false;
      return;
    }
    // wagmi's own (re)connect owns the state until it settles; this runs again then.
    if (status === 'connecting' || status === 'reconnecting') return;
    pending = false;
    connecting = true;
    connect(config, { connector })
      .then(async () => {
        // Logged out while connecting: the connector's own disconnect may have come too early.
        if (!hasWallet() && config.state.connections.has(connector.uid)) {
          await disconnect(config, { connector });
        }
      })
      .catch(report)
      .finally(() => {
        connecting = false;
        tick();
      });
  }

  const stopWallets = connector.onWalletsChange(tick);
  const stopStatus = config.subscribe((state) => state.status, tick);
  tick();
  return () => {
    stopped = true;
    stopWallets();
    stopStatus();
  };
}
