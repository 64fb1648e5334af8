/**
 * @latchkey/core: the framework-free Latchkey client. API client, session store and refresh,
 * the email-code flow, the code-box model, the error catalogue and every user-facing string.
 * Imports from `@latchkey/api` only constants, `isEmailAddress`, `ROUTES`, error codes and types:
 * zod never reaches the browser bundle.
 *
 * Sections: contract constants, API client, errors and the error catalogue, flows (email code,
 * code boxes), strings, screen names, session and client, validation.
 */

export {
  CODE_LENGTH,
  CODE_RESEND_COOLDOWN_S,
  INVALID_CODE_RESET_MS,
  SUCCESS_CLOSE_MS,
  SUCCESS_REDIRECT_MS,
} from '@latchkey/api';
export {
  type ApiClient,
  type ApiRequestParameters,
  CLIENT_NAME,
  type CreateApiClientParameters,
  createApiClient,
} from './api/createApiClient.ts';
export { completeLogin } from './actions/completeLogin.ts';
export { isNotAuthenticated, NOT_AUTHENTICATED, requireSession } from './actions/requireSession.ts';
export { LatchkeyError, type LatchkeyErrorParameters, toLatchkeyError } from './errors/base.ts';
export {
  type AllowlistConfig,
  type ErrorScreen,
  type ErrorScreenContext,
  errorCodeOf,
  errorScreenFor,
  errorTextFor,
  screenForError,
} from './errors/errorScreenFor.ts';
export {
  ApiError,
  type ApiErrorParameters,
  NetworkError,
  parseApiError,
  TimeoutError,
} from './errors/request.ts';
export { AlreadyLoggedInError, InvalidAppIdError, InvalidInputError } from './errors/session.ts';
export {
  type AfterLoginConfig,
  type AfterLoginStep,
  afterLoginDelayMs,
  nextStepAfterLogin,
} from './flows/afterLogin.ts';
export {
  formatMessage,
  type MessageOverrides,
  type Messages,
  messages,
  resolveMessages,
} from './messages.ts';
export { SCREEN, type ScreenName } from './screens/screens.ts';
export {
  type CreateLatchkeyClientParameters,
  createLatchkeyClient,
  type LatchkeyClient,
  type LockManagerLike,
  type SessionState,
  type SessionStatus,
} from './session/createLatchkeyClient.ts';
export { createSessionStore, type SessionStore } from './session/store.ts';
// Every login method's public names (the registry re-exports each method's), and the
// registry's types: MethodActions, AccountMethods, MethodLoaders.
export * from './methods/index.ts';
export {
  type AccessTokenClaims,
  audienceMatches,
  decodeJwtPayload,
  isExpiring,
} from './session/jwt.ts';
export {
  defaultStorage,
  type KeyValueStorage,
  memoryStorage,
  safeStorage,
  storageKeys,
} from './session/storage.ts';
export {
  type AuthenticateResult,
  type LinkedAccount,
  type MfaMethod,
  toUser,
  type User,
  type WalletAccount,
} from './session/user.ts';
export { validateAppId } from './validateAppId.ts';
export {
  generatePassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SYMBOLS,
  type PasswordStrength,
  type PasswordStrengthLabel,
  passwordConfirmationError,
  passwordError,
  passwordStrength,
  recoveryFileName,
} from './wallet/password.ts';
export {
  hasSufficientFunds,
  type Quantity,
  type TransactionRequest,
  TransactionRequestError,
  toQuantity,
  transactionType,
  validateTransactionRequest,
} from './wallet/transaction.ts';
export {
  type ConnectedWallet,
  createWalletRegistry,
  type Eip1193Provider,
  type WalletRegistry,
} from './wallets/registry.ts';
// Embedded wallet (issue 3). Only viem-free pieces are exported here; the bridge, provider and
// manager live in the lazy entry `@latchkey/core/embedded-wallet` (dynamic import).
export {
  PROVIDER_ERRORS,
  ProviderRpcError,
  WALLET_ERROR_MESSAGES,
  WalletError,
  type WalletErrorCode,
} from './wallets/embedded/errors.ts';
export {
  type ChainConfig,
  type CreateOnLogin,
  embeddedWalletOf,
  hasEmbeddedWallet,
  shouldCreateWalletOnLogin,
} from './wallets/embedded/types.ts';
export type {
  ApproveSignature,
  CreateEmbeddedEthereumProviderParameters,
  CreateEmbeddedWalletApprovalParameters,
  EmbeddedWalletApproval,
  CreateEmbeddedWalletBridgeParameters,
  CreateEmbeddedWalletExportParameters,
  CreateEmbeddedWalletManagerParameters,
  EmbeddedEthereumProvider,
  EmbeddedSignatureRequest,
  EmbeddedWalletBridge,
  EmbeddedWalletConnectResult,
  EmbeddedWalletExport,
  EmbeddedWalletFrameResult,
  EmbeddedWalletManager,
  EmbeddedWalletPasswordAction,
  EmbeddedWalletPasswordFrame,
  EmbeddedWalletPasswordResult,
  EmbeddedWalletState,
  EmbeddedWalletStatus,
  CloudOAuthReturn,
  CloudRecoveryReturn,
  EmbeddedWalletCloudAction,
  EmbeddedWalletCloudFrame,
  EmbeddedWalletCloudResult,
} from './wallets/embedded/index.ts';
// MFA (issue 15; spec sections 4 "MFA enrolment" and "MFA prompt", 8, 9). Types only: the
// runtime (`createMfaClient`, `mfaClientOf`, `isMfaRequiredError`, `isMfaCanceledError`, and the
// constants `MFA_CODE_WAIT_MS` = 300000 ms, `MFA_MAX_REQUIRED_ATTEMPTS` = 4, 'MFA canceled',
// 'Timed out waiting for MFA code') talks to the wallet frame, so it is the lazy
// `@latchkey/core/embedded-wallet` entry's, like the bridge. `EmbeddedWalletManager.mfa` is the
// client's instance: enrolment (`initEnrollment`, `submitEnrollment`, `unenroll`: the answered
// user becomes the session's), `verify.init/submit/cancel` (`verifiedUntil` in ms), and
// `setMfaRequiredHandler` (asked when the frame answers `missing_or_invalid_mfa`; the operation is
// retried, 4 attempts in all; waits at most 300000 ms, then WalletError `mfa_timeout`).
export type * from './mfa/types.ts';
export type { MfaFrameEvent } from './wallets/embedded/bridge.ts';
// External wallets and the login list (issue 4).
export {
  type BuildLoginListParameters,
  buildLoginList,
  LOGIN_LIST_GROUP_MAX,
  LOGIN_LIST_PRIMARY_ALL,
  LOGIN_LIST_PRIMARY_MAX,
  LOGIN_METHODS,
  type LoginList,
  type LoginListEntry,
  type LoginListItemName,
  type LoginListView,
  type LoginMethodName,
  SOCIAL_METHODS,
} from './loginList/buildLoginList.ts';
export * from './modal/index.ts';
