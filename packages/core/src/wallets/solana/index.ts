/**
 * `@latchkey/core/solana`: the host side of the embedded Solana wallet (issue 22 item 2). Load
 * it lazily (`await import('@latchkey/core/solana')`): it brings `@solana/kit` and the Wallet
 * Standard packages, which the eager `@latchkey/core` entry never does.
 */
export {
  type ApproveSolanaSignature,
  DEFAULT_SOLANA_CLUSTERS,
  type EmbeddedSolanaWallet,
  SOLANA_DEVNET_CLUSTER,
  SOLANA_MAINNET_CLUSTER,
  type SolanaApprovalRequest,
  type SolanaCluster,
  type SolanaSendOptions,
  type SolanaTransactionInput,
  solanaWalletOf,
} from './types.ts';
export {
  createEmbeddedSolanaWallet,
  type CreateEmbeddedSolanaWalletParameters,
  SOLANA_USER_REJECTED,
} from './wallet.ts';
export {
  SOLANA_CONFIRMATION_TIMEOUT_MS,
  SOLANA_STATUS_POLL_MS,
  sendSolanaTransaction,
  type SendSolanaTransactionParameters,
} from './send.ts';
export {
  createLatchkeyStandardWallet,
  type CreateLatchkeyStandardWalletParameters,
  LATCHKEY_WALLET_ICON,
  LATCHKEY_WALLET_NAME,
  type LatchkeyStandardFeatures,
  type LatchkeyStandardWallet,
  registerStandardWallet,
} from './standard.ts';
export {
  createSolanaWalletManager,
  type CreateSolanaWalletManagerParameters,
  type SolanaWalletManager,
  type SolanaWalletState,
  type SolanaWalletStatus,
} from './manager.ts';
export {
  createSolanaWalletController,
  type CreateSolanaWalletControllerParameters,
  type SolanaWalletController,
} from './controller.ts';
