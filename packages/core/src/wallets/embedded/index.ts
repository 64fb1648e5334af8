/**
 * `@latchkey/core/embedded-wallet`: the host side of the embedded wallet (issue 3). Load it
 * lazily (`await import('@latchkey/core/embedded-wallet')`); it brings viem, which the eager
 * `@latchkey/core` entry never does.
 */
export {
  createEmbeddedWalletBridge,
  type CreateEmbeddedWalletBridgeParameters,
  DEFAULT_BRIDGE_TIMEOUTS,
  type EmbeddedWalletBridge,
  type EmbeddedWalletFrameResult,
  FRAME_CLIENT_ID,
  type MfaFrameEvent,
  type WalletUserFrameEvent,
} from './bridge.ts';
export {
  PROVIDER_ERRORS,
  ProviderRpcError,
  WALLET_ERROR_MESSAGES,
  WalletError,
  type WalletErrorCode,
} from './errors.ts';
export {
  APPROVAL_TIMEOUT_MS,
  createEmbeddedWalletApproval,
  type CreateEmbeddedWalletApprovalParameters,
  type EmbeddedWalletApproval,
  type EmbeddedWalletApprovalChain,
  type EmbeddedWalletApprovalRequest,
  type EmbeddedWalletApprovalTheme,
  embeddedWalletApprovalUrl,
} from './approval.ts';
export {
  createEmbeddedWalletExport,
  type CreateEmbeddedWalletExportParameters,
  type EmbeddedWalletExport,
  type EmbeddedWalletExportTheme,
  embeddedWalletExportUrl,
} from './export.ts';
export {
  createEmbeddedWalletImportFrame,
  type CreateEmbeddedWalletImportFrameParameters,
  type EmbeddedWalletImportFrame,
  type EmbeddedWalletImportResult,
  embeddedWalletImportUrl,
  IMPORT_FRAME_TIMEOUT_MS,
} from './import-frame.ts';
export {
  createEmbeddedWalletPasswordFrame,
  type CreateEmbeddedWalletPasswordFrameParameters,
  type EmbeddedWalletPasswordAction,
  type EmbeddedWalletPasswordFrame,
  type EmbeddedWalletPasswordResult,
  embeddedWalletPasswordUrl,
  PASSWORD_FRAME_TIMEOUT_MS,
} from './password-frame.ts';
export {
  CLOUD_FRAME_TIMEOUT_MS,
  CLOUD_PENDING_TTL_MS,
  CLOUD_RECOVERY_PROVIDERS,
  type CloudOAuthReturn,
  type CloudPendingStorage,
  type CloudRecoveryReturn,
  createEmbeddedWalletCloudFrame,
  type CreateEmbeddedWalletCloudFrameParameters,
  type EmbeddedWalletCloudAction,
  type EmbeddedWalletCloudFrame,
  type EmbeddedWalletCloudResult,
  embeddedWalletCloudUrl,
  isCloudRecoveryMethod,
  type PendingCloudRecovery,
  savePendingCloudRecovery,
  takeCloudRecoveryReturn,
  type TakeCloudRecoveryReturnParameters,
} from './cloud-frame.ts';
export {
  createEmbeddedWalletManager,
  type CreateEmbeddedWalletManagerParameters,
  EMBEDDED_WALLET_CREATION_FAILED,
  type EmbeddedWalletConnectResult,
  type EmbeddedWalletManager,
  type EmbeddedWalletState,
  type EmbeddedWalletStatus,
} from './manager.ts';
export {
  APPROVAL_SCREEN_NEEDED,
  type ApproveSignature,
  createEmbeddedEthereumProvider,
  type CreateEmbeddedEthereumProviderParameters,
  EMBEDDED_SIGNING_METHODS,
  type EmbeddedEthereumProvider,
  type EmbeddedSignatureRequest,
} from './provider.ts';
export {
  type ChainConfig,
  type CreateOnLogin,
  embeddedWalletOf,
  hasEmbeddedWallet,
  shouldCreateWalletOnLogin,
} from './types.ts';
// The lazy wallet screens' host logic (core/modal/wallet, issue 11): exported from this lazy
// entry, not from the package index, so it stays out of the eager bundle.
export {
  type PreparedTransaction,
  prepareTransaction,
  toReceipt,
  toRpcTransaction,
  waitForReceipt,
} from '../../modal/wallet/transactions.ts';
export {
  cloudReturnPrompt,
  createRecoveryPrompt,
  offeredRecoveryMethods,
  recoveryChoice,
  type RecoveryPrompt,
  recoveryScreenFor,
  setRecoveryPrompt,
} from '../../modal/wallet/recoveryRoute.ts';
export {
  type CloudFlowResult,
  mountCloudFrame,
  type MountCloudFrameParameters,
} from '../../modal/wallet/cloudFlow.ts';
export {
  type MountPasswordFrameParameters,
  mountPasswordFrame,
  type PasswordFlowResult,
  type PasswordFlowStep,
  passwordFlowClosesItself,
  passwordFlowDone,
  passwordFlowFailed,
} from '../../modal/wallet/passwordFlow.ts';
// MFA (issue 15): the frame calls, the verification prompt's actions and the MFA-required retry.
export * from '../../mfa/index.ts';
