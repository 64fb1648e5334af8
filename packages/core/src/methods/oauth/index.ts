/**
 * `@latchkey/core/oauth`: the lazy half of social login (issue 5), loaded on the first social
 * click or return page so it stays out of the eager bundle. `createLatchkeyClient({ oauth })`
 * takes `() => import('@latchkey/core/oauth')`.
 */
export {
  completeOAuthFlow,
  CROSS_APP_CANCELED,
  CROSS_APP_POPUP_WATCH,
  CROSS_APP_TIMED_OUT,
  forwardOAuthReturnToOpener,
  type InitOAuthOptions,
  type OAuthFlowDeps,
  type OAuthPurpose,
  type PopupWatch,
  startOAuthFlow,
} from './flow.ts';
export { isOAuthProvider, type OAuthReturn } from './oauth.ts';
export {
  type CrossAppExchange,
  createCrossAppProvider,
  CROSS_APP_REQUEST_TIMEOUT,
  CROSS_APP_TRANSACT_WATCH,
  CROSS_APP_USER_REJECTED,
  crossAppRefusal,
  exchangeWithTransactPopup,
  rememberCrossAppToken,
} from './crossAppTransact.ts';
export {
  clearPendingOAuth,
  OAUTH_PROVIDER_NAMES,
  OAUTH_RETURN_PARAMS,
  readOAuthReturn,
  stripOAuthReturn,
  UNEXPECTED_AUTH_FLOW,
  unexpectedAuthFlowError,
  OAUTH_PROVIDER_DISPLAY,
  type OAuthFailure,
  oauthFailure,
  type OAuthMessageKey,
  type OAuthMessages,
  oauthMessages,
  type PendingOAuth,
  pkceChallenge,
  readPendingOAuth,
} from './shared.ts';
