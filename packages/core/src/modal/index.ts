/**
 * The modal's flow logic without a DOM (issue 11): which flow is open (login, link, connect,
 * wallet, consent), where it goes next and how it ends; the wallet controller and the password
 * flow. `@latchkey/react` renders what these decide.
 */
export {
  type CreateModalFlowParameters,
  createModalFlow,
  EXITED_AUTH_FLOW,
  type ModalFailure,
  type ModalFlow,
  type ModalFlowKind,
  type ModalFlowState,
  type ModalLinkContext,
  type ModalLinkListeners,
  type ModalLinkSuccess,
  type ModalLoginListeners,
  type ModalLoginSuccess,
  type ModalStart,
} from './flow.ts';
export {
  type AfterLoginParams,
  closeLoginOnSuccess,
  type LoginRouteTarget,
  routeLogin,
  TERMS_DECLINED,
} from './afterLogin.ts';
export {
  exitModal,
  type TermsGateInput,
  termsGateUser,
  type WalletAutoConnectStep,
  walletAutoConnectStep,
} from './gates.ts';
// The embedded wallet's host side (issue 3; moved from `@latchkey/react`, issue 11). What only
// the lazy wallet screens use (transactions, recovery route, password flow) is exported from the
// lazy `@latchkey/core/embedded-wallet` entry instead, so it stays out of the eager bundle.
export {
  type CreateWalletControllerParameters,
  createWalletController,
  InvalidMessageError,
  USER_REJECTED,
  userRejected,
  type WalletController,
  type WalletControllerConfig,
} from './wallet/controller.ts';
export type {
  SendTransactionUiOptions,
  SignMessageUiOptions,
  SolanaApprovalPrompt,
  SolanaKeyExportPrompt,
  SolanaKeyImportPrompt,
  TransactionReceipt,
  WalletParamsOf,
  WalletPromptParams,
  WalletScreenParams,
} from './wallet/requests.ts';
export {
  DEFAULT_EXPLORER_URL,
  explorerTxUrl,
  formatUnits,
  toCoreChain,
  type ViemChainConfig,
} from './wallet/chains.ts';
export { stringifyJson, toHexQuantity, utf8ToHex } from './wallet/encoding.ts';
