/**
 * Business constants shared by client and server (spec section 9).
 * Units are in the name: `_MS` milliseconds, `_S` seconds.
 */

/** Header that names the calling app on every request. */
export const APP_ID_HEADER = 'latchkey-app-id';
/** Header that names the client SDK and its version, for analytics and debugging. */
export const CLIENT_HEADER = 'latchkey-client';
/** App ids are exactly this many characters (spec section 9). */
export const APP_ID_LENGTH = 25;

/** Default API request timeout (spec section 9). */
export const API_TIMEOUT_MS = 20_000;
/** Retries for an idempotent request that failed on the network or with a 5xx (spec section 9). */
export const API_REQUEST_RETRIES = 3;

/** Digits in an email or SMS login code (spec section 9). */
export const CODE_LENGTH = 6;
/** A login code is valid for this long after it is sent (security catalogue 19). */
export const CODE_TTL_S = 10 * 60;
/** Wrong submissions after which a code is dead, even for the right digits (catalogue 16). */
export const CODE_MAX_ATTEMPTS = 5;
/** A new code for the same destination may be requested after this long (spec section 9). */
export const CODE_RESEND_COOLDOWN_S = 30;

/** Access token (ES256 JWT) lifetime (design.md, Sessions). */
export const ACCESS_TOKEN_TTL_S = 60 * 60;
/** Refresh token lifetime; also the session cookie's Max-Age (spec section 9). */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
/** The client refreshes an access token this long before it expires. */
export const ACCESS_TOKEN_REFRESH_MARGIN_S = 60;

/** Cookie names used in server-cookie mode (spec section 9). */
export const ACCESS_TOKEN_COOKIE = 'latchkey-token';
export const REFRESH_TOKEN_COOKIE = 'latchkey-refresh-token';
/** Set in cookie mode so the client knows a session may exist without a local token. */
export const SESSION_COOKIE = 'latchkey-session';

/** Modal timings (spec sections 2, 4 and 9). */
export const MODAL_TRANSITION_MS = 150;
export const SUCCESS_CLOSE_MS = 1400;
export const SUCCESS_REDIRECT_MS = 900;
export const INVALID_CODE_RESET_MS = 1400;
export const WALLET_CREATED_CLOSE_MS = 2500;

/** `appearance.loginMessage` is cut to this many characters (spec section 3). */
export const LOGIN_MESSAGE_MAX_LENGTH = 100;
/** Modal layout (spec section 9). */
export const MODAL_WIDTH_PX = 360;
export const MOBILE_BREAKPOINT_PX = 440;
export const MODAL_HEIGHT_FULL_PX = 620;
export const MODAL_HEIGHT_COMPACT_PX = 480;
export const LOGIN_LIST_MAX_HEIGHT_PX = 400;
export const DEFAULT_COUNTRY = 'US';

/** Largest JSON request body the server reads, in bytes. */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
/** Longest email address accepted (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
