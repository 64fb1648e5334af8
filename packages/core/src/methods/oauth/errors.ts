import type { MethodErrors } from '../../errors/methodErrors.ts';

/**
 * The OAuth method's error codes and texts (spec section 8; issue 11), merged into
 * `CLIENT_ERROR_CODES` and `ERROR_TABLE` through `METHOD_ERRORS` (`../links.ts`).
 */
export const oauthErrors = {
  method: 'oauth',
  inline: {
    /** Also the error screen's detail of `cannot_link_more_of_type` for OAuth. */
    cannot_link_more_of_type: 'oauthCannotLinkMore',
  },
} as const satisfies MethodErrors;

/**
 * Codes only the OAuth client raises (in `CLIENT_ERROR_CODES` through
 * `METHOD_CLIENT_ERROR_CODES`, `../links.ts`): `initOAuth` / `completeOAuth` without the lazy
 * OAuth half (`@latchkey/core/oauth`); a cross-app login that timed out or whose popup closed.
 */
export const oauthClientErrorCodes = [
  'oauth_unsupported',
  // Cross-app login (issue 21; spec section 8): no answer in 120 s, the popup closed without one.
  'cross_app_timeout',
  'cross_app_canceled',
  // Cross-app signing (issue 21; spec section 8): the popup was blocked ('Failed to initialize
  // signature request'), no answer in 120 s ('Request timeout'), an answer without a known code.
  'cross_app_popup_blocked',
  'cross_app_request_timeout',
  'cross_app_request_failed',
] as const;
