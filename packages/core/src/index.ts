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
  isEmailAddress,
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
  type CodeInputOptions,
  type CodeInputResult,
  codeInput,
} from './methods/passwordless/codeInput.ts';
export {
  createPasswordlessFlow,
  type PasswordlessChannel,
  type PasswordlessFlow,
  type PasswordlessFlowClient,
  type PasswordlessFlowOptions,
  type PasswordlessFlowState,
  type PasswordlessFlowStep,
  type PasswordlessMode,
  type SendCodeOptions,
} from './methods/passwordless/flow.ts';
export {
  formatMessage,
  type MessageOverrides,
  type Messages,
  messages,
  resolveMessages,
} from './messages.ts';
export { type InitOAuthOptions } from './methods/oauth/flow.ts';
export { isOAuthProvider, type OAuthReturn } from './methods/oauth/oauth.ts';
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
export {
  type AccountMethods,
  type MethodActions,
  type MethodLoaders,
  type LoginWithEmailCodeParameters,
  type SendEmailCodeParameters,
  type SendSmsCodeParameters,
  type LoginWithSmsCodeParameters,
  type PasskeyLoginOptions,
  type LinkWithEmailCodeParameters,
  type LinkWithSmsCodeParameters,
  type UpdateEmailWithCodeParameters,
} from './methods/index.ts';
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
  type EmailAccount,
  type LinkedAccount,
  type MfaMethod,
  type OAuthTokens,
  type PasskeyAccount,
  passkeyDisplayName,
  type PhoneAccount,
  type WalletAccount,
  toUser,
  type User,
} from './session/user.ts';
export type { PasskeyCeremonies } from './methods/passkey/types.ts';
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
} from './wallets/embedded/index.ts';
// External wallets, SIWE and the login list (issue 4). viem-free: the SIWE message builder
// (`createSiweMessage` from `viem/siwe`) is passed in by the lazily loaded screen.
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
export {
  autoSignDelayMs,
  autoSigns,
  type CreateSiweMessage,
  createWalletConnectionFlow,
  WALLET_CONNECT_METAMASK_SIGN_DELAY_MS,
  WALLET_MAX_RETRIES,
  type WalletConnectionFlow,
  type WalletConnectionFlowClient,
  type WalletConnectionFlowOptions,
  type WalletConnectionState,
  type WalletConnectionStatus,
  type WalletConnectionStep,
  type WalletConnectionTarget,
  type WalletErrorKind,
  walletErrorKind,
} from './methods/siwe/createWalletConnectionFlow.ts';
export {
  type Eip6963ProviderDetail,
  type Eip6963Target,
  watchEip6963Wallets,
} from './methods/siwe/eip6963.ts';
export { isInAppBrowser, walletClickAllowed } from './methods/siwe/inAppBrowser.ts';
export {
  DEFAULT_WALLET_LIST,
  type Eip6963ProviderInfo,
  KNOWN_WALLETS,
  type KnownWallet,
  knownWalletOf,
  WALLET_IDS,
  type WalletId,
  walletClientTypeOf,
} from './methods/siwe/walletCatalog.ts';
export * from './modal/index.ts';
