/**
 * @latchkey/wagmi: a wagmi connector for the Latchkey wallets (the embedded wallet and the
 * external wallets connected through Latchkey), kept in sync with login and logout. React:
 * `@latchkey/wagmi/react`.
 */
export {
  isLatchkeyConnector,
  type LatchkeyConnector,
  latchkeyConnector,
  type LatchkeyConnectorParameters,
  type LatchkeyConnectorProperties,
  type LatchkeyWalletSource,
  LatchkeyWalletNotFoundError,
} from './connector.ts';
export { getLatchkeyConnector, syncLatchkeyWagmi, type SyncLatchkeyWagmiOptions } from './sync.ts';
