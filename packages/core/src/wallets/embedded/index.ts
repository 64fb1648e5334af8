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
} from './bridge.ts';
export {
  PROVIDER_ERRORS,
  ProviderRpcError,
  WALLET_ERROR_MESSAGES,
  WalletError,
  type WalletErrorCode,
} from './errors.ts';
export {
  createEmbeddedWalletExport,
  type CreateEmbeddedWalletExportParameters,
  type EmbeddedWalletExport,
  type EmbeddedWalletExportTheme,
  embeddedWalletExportUrl,
} from './export.ts';
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
  type ConfirmSignature,
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
