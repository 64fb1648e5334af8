import { ERROR_CODES, type ErrorCode } from '@latchkey/api';
import { METHOD_CLIENT_ERROR_CODES } from '../methods/links.ts';

/**
 * The client-only codes that belong to no login method; each method's own codes are in its
 * `methods/<id>/errors.ts` (`<id>ClientErrorCodes`, issue 11).
 */
const SHARED_CLIENT_ERROR_CODES = [
  // Any thrown value without a code of its own.
  'unknown_error',
  // Requests: `fetch` failed, or the answer was not what the contract says.
  'network_error',
  'invalid_response',
  // Setup and input, before any request (spec section 5).
  'invalid_app_id',
  'invalid_input',
  'already_logged_in',
  // "Not logged in" aliases (see NOT_AUTHENTICATED_CODES); core itself raises only
  // `missing_or_invalid_token`. `must_be_authenticated` is the public, Privy-compatible spelling
  // in `useLinkAccount({ onError })` and friends; `not_authenticated` stays a valid code.
  'not_authenticated',
  'must_be_authenticated',
  // Login and link outcomes.
  'session_not_created',
  'no_account',
  'exited_auth_flow',
  'exited_link_flow',
  'terms_declined',
  'captcha_disabled',
  // Embedded wallet, host side (`WalletErrorCode`); frame errors use `frame_error`.
  'missing_access_token',
  'wallet_proxy_missing',
  'wallet_proxy_timeout',
  'wallet_proxy_no_response',
  'refresh_user_failed',
  'missing_embedded_wallet',
  'no_embedded_wallet',
  'wallet_proxy_destroyed',
  'frame_error',
  // The embedded Solana wallet (issue 22 item 2, `@latchkey/core/solana`).
  'user_rejected',
  'invalid_transaction',
  'solana_cluster_unknown',
  'solana_send_failed',
  'solana_transaction_failed',
  'solana_confirmation_timeout',
] as const;

/** The client codes of every method, `METHOD_CLIENT_ERROR_CODES` (`methods/links.ts`). */
type MethodClientErrorCode = (typeof METHOD_CLIENT_ERROR_CODES)[number][number];

/** A code only the client produces; see {@link CLIENT_ERROR_CODES}. */
export type ClientErrorCode = (typeof SHARED_CLIENT_ERROR_CODES)[number] | MethodClientErrorCode;

/**
 * Codes that only the client produces (no server answer carries them): request failures seen
 * before any answer, input refused before sending, login and link outcomes of the modal, and
 * the embedded wallet's host-side failures (spec sections 5, 6 and 8), then each login
 * method's own (`METHOD_CLIENT_ERROR_CODES`, `methods/links.ts`: `passkey_failed`,
 * `oauth_unsupported`, `wallet_connect_failed`, ...). Branch on these, never on message text.
 */
export const CLIENT_ERROR_CODES: readonly ClientErrorCode[] = [
  ...SHARED_CLIENT_ERROR_CODES,
  ...METHOD_CLIENT_ERROR_CODES.flat(),
];

/**
 * Every code a {@link LatchkeyError} can carry: the API's `ErrorCode`s (spec section 8) plus
 * the client's own {@link ClientErrorCode}s. One union, so a `switch` on `error.code` is checked.
 */
export type LatchkeyErrorCode = ErrorCode | ClientErrorCode;

/** Every {@link LatchkeyErrorCode}, the API's first. */
export const LATCHKEY_ERROR_CODES: readonly LatchkeyErrorCode[] = [
  ...ERROR_CODES,
  ...CLIENT_ERROR_CODES,
];

/**
 * The codes that mean "nobody is logged in" (issue 11). Every check inside core throws one of
 * them, `missing_or_invalid_token` (the API's 401, `NOT_AUTHENTICATED` of `requireSession`,
 * also the wallet controller's); the others are public aliases: `must_be_authenticated` in
 * react's link callbacks, `not_authenticated` (the wallet controller's code before issue 11).
 * All of them read one row of the error table.
 */
export const NOT_AUTHENTICATED_CODES = [
  'missing_or_invalid_token',
  'not_authenticated',
  'must_be_authenticated',
] as const satisfies readonly LatchkeyErrorCode[];

/** True when `value` is one of {@link LATCHKEY_ERROR_CODES}. */
export function isLatchkeyErrorCode(value: unknown): value is LatchkeyErrorCode {
  return typeof value === 'string' && (LATCHKEY_ERROR_CODES as readonly string[]).includes(value);
}
