/**
 * Error codes and their HTTP statuses, zod-free so `@latchkey/core` can import them without
 * bundling zod. `errors.ts` builds the error body schema on top.
 */

/**
 * Every error code the API can answer with, declared once (spec section 8).
 * Clients branch on `code`, never on message text.
 */
export const ERROR_CODES = [
  // Generic request problems
  'invalid_data',
  'invalid_origin',
  'app_not_found',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'internal_error',
  'client_request_timeout',
  'too_many_requests',
  // Sessions and auth
  'missing_or_invalid_token',
  'invalid_credentials',
  'disallowed_login_method',
  'allowlist_rejected',
  'max_accounts_reached',
  'user_does_not_exist',
  'linked_to_another_user',
  'cannot_link_more_of_type',
  'not_supported',
  'twilio_verification_failed',
  // Captcha
  'invalid_captcha',
  'captcha_failure',
  'captcha_timeout',
  // OAuth, passkeys, MFA (later slices)
  'oauth_user_denied',
  'oauth_account_suspended',
  'oauth_unexpected',
  'passkey_not_allowed',
  'missing_or_invalid_mfa',
  'mfa_timeout',
  'mfa_verification_max_attempts_reached',
  // Embedded wallet
  'embedded_wallet_exists',
  // Issue 22 (spec section 5): a Solana wallet and user-controlled recovery exclude each other;
  // a key derived from an imported or already derived wallet's key does not exist
  'solana_wallet_user_recovery',
  'wallet_not_derivable',
  // Sender-constrained custody (issue 10): DPoP proofs (RFC 9449) and wallet key proofs
  'invalid_dpop_proof',
  'session_not_bound',
  'invalid_wallet_signature',
  // Availability: the database or another dependency is down (retry after `Retry-After`)
  'service_unavailable',
  // Accounts (issue 6): unlink rules and the admin API
  'account_not_linked',
  'cannot_unlink_embedded_wallet',
  'cannot_unlink_last_account',
  'email_required_to_update',
  'invalid_app_secret',
  // Recovery passwords (issue 24 item 6): too many OPAQUE attempts from this device key or for
  // this wallet; retry after `Retry-After`
  'recovery_attempts_exceeded',
  // Wallet policy for no-prompt signing (issue 24 item 3)
  'approval_required',
  'policy_chain_not_allowed',
  'policy_value_cap_exceeded',
  'policy_daily_cap_exceeded',
  // Funding (issue 20): the card on-ramp (MoonPay) and token prices in USD
  'fiat_on_ramp_disabled',
  'fiat_on_ramp_not_configured',
  'fiat_on_ramp_provider_failure',
  'wallet_not_owned',
  'unsupported_chain',
  'token_price_unavailable',
  // Cross-app client registry (issue 21): an app registered as its own client, an unknown client
  'cross_app_self_client',
  'cross_app_client_not_found',
  // The provider's sign-in page (issue 21): no pending sign-in request in this browser
  'cross_app_interaction_not_found',
  // A requester asked for a provider app that did not register it ('Invalid connected app')
  'cross_app_invalid_connection',
  // The provider's transact page (issue 21): the requester's provider token is missing, expired,
  // another client's or another user's ('Transactions require a valid token'); a read-only
  // connection; an address that is not the signed-in provider user's wallet ('Cannot request a
  // signature with this wallet address')
  'cross_app_invalid_token',
  'cross_app_read_only',
  'cross_app_invalid_address',
  // Cloud recovery (issue 23; spec section 8): the app does not offer this cloud method, or has
  // no provider settings for it; the user denied at the provider ('User denied confirmation
  // during OAuth flow'); the provider refused the code ('Invalid code during OAuth flow.'). A
  // state matching no flow is `oauth_unexpected`.
  'recovery_method_not_allowed',
  'recovery_oauth_not_configured',
  'recovery_oauth_denied',
  'recovery_oauth_invalid_code',
] as const;

/** A stable, machine-readable error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status the server uses for each code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_data: 400,
  invalid_origin: 403,
  app_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  internal_error: 500,
  client_request_timeout: 408,
  too_many_requests: 429,
  missing_or_invalid_token: 401,
  invalid_credentials: 422,
  disallowed_login_method: 403,
  allowlist_rejected: 403,
  max_accounts_reached: 403,
  user_does_not_exist: 404,
  linked_to_another_user: 409,
  cannot_link_more_of_type: 409,
  not_supported: 400,
  twilio_verification_failed: 502,
  invalid_captcha: 400,
  captcha_failure: 400,
  captcha_timeout: 408,
  oauth_user_denied: 400,
  oauth_account_suspended: 403,
  oauth_unexpected: 400,
  passkey_not_allowed: 400,
  missing_or_invalid_mfa: 401,
  mfa_timeout: 408,
  mfa_verification_max_attempts_reached: 429,
  embedded_wallet_exists: 409,
  solana_wallet_user_recovery: 409,
  wallet_not_derivable: 409,
  invalid_dpop_proof: 401,
  session_not_bound: 401,
  invalid_wallet_signature: 401,
  service_unavailable: 503,
  account_not_linked: 404,
  cannot_unlink_embedded_wallet: 409,
  cannot_unlink_last_account: 409,
  email_required_to_update: 400,
  invalid_app_secret: 401,
  recovery_attempts_exceeded: 429,
  approval_required: 403,
  policy_chain_not_allowed: 403,
  policy_value_cap_exceeded: 403,
  policy_daily_cap_exceeded: 403,
  fiat_on_ramp_disabled: 403,
  fiat_on_ramp_not_configured: 409,
  fiat_on_ramp_provider_failure: 502,
  wallet_not_owned: 403,
  unsupported_chain: 400,
  token_price_unavailable: 503,
  cross_app_self_client: 400,
  cross_app_client_not_found: 404,
  cross_app_interaction_not_found: 404,
  cross_app_invalid_connection: 403,
  cross_app_invalid_token: 401,
  cross_app_read_only: 403,
  cross_app_invalid_address: 403,
  recovery_method_not_allowed: 403,
  recovery_oauth_not_configured: 409,
  recovery_oauth_denied: 400,
  recovery_oauth_invalid_code: 400,
};

/** True when `value` is one of {@link ERROR_CODES}. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
