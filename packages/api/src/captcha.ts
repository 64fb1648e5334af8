/**
 * Captcha (spec sections 4, 5 and 9; issue 6), zod-free so `@latchkey/core` can import it.
 *
 * The app's `captcha_site_key` names the provider by its prefix:
 * - `t:<turnstile site key>`: Cloudflare Turnstile; the server checks tokens with Turnstile's
 *   siteverify protocol.
 * - `a:` (Latchkey's extension for self-hosters): ALTCHA proof of work; the client fetches a
 *   challenge from `GET /api/v1/captcha/altcha/challenge`, solves it, and sends the base64 JSON
 *   payload as the token. No third party.
 * Anything else: 'Unsupported captcha site key' (spec section 5).
 *
 * ALTCHA in detail (altcha-lib v2, deterministic mode; see {@link AltchaChallenge}):
 * 1. `GET /api/v1/captcha/altcha/challenge` with the `latchkey-app-id` header answers the
 *    challenge JSON `{parameters: {algorithm: 'SHA-256', nonce, salt, cost, keyLength: 32,
 *    keyPrefix, keySignature, data: {app, exp}}, signature}` (`Cache-Control: no-store`;
 *    400 `invalid_data` when the app's site key is not `a:`). It is valid 10 minutes
 *    (`data.exp`, seconds since the epoch).
 * 2. The browser solves it with altcha-lib's `solveChallenge({challenge, deriveKey})` using
 *    `deriveKey` from `altcha-lib/algorithms/web/sha` (WebCrypto): for counter = 0, 1, 2, ...
 *    it computes SHA-256 (`cost` rounds) of `salt || counter` until the hex key starts with
 *    `keyPrefix`; the answer is `{counter, derivedKey}` (a few thousand to 25 000 hashes).
 * 3. The token is `btoa(JSON.stringify({challenge, solution}))`: standard base64 of the JSON
 *    object {@link AltchaToken} with the challenge exactly as received (`parameters` and
 *    `signature`, untouched) and the solution `{counter, derivedKey}` (`time` optional).
 * The server checks the signature, the solution, the app, the expiry, and that the challenge
 * was not used before (single use); any failure is `invalid_captcha`.
 *
 * The token travels as `token` in the body of every unauthenticated login init call
 * (`passwordless/init`, `passwordless_sms/init`, `siwe/init`, `oauth/init`,
 * `passkeys/register/init`, `passkeys/authenticate/init`). Tokens are single-use.
 */

/** How long the gate waits for a token before `captcha_timeout` (spec section 9). */
export const CAPTCHA_WAIT_MS = 20_000;
/** How often the gate polls for the token while waiting. */
export const CAPTCHA_POLL_MS = 200;
/** Retries of a failed captcha run before the final error text. */
export const CAPTCHA_MAX_RETRIES = 3;
/** CAPTCHA_SCREEN shows at least this long. */
export const CAPTCHA_MIN_DISPLAY_MS = 1_000;
/** In state `ready`, the gate waits this long before executing. */
export const CAPTCHA_EXECUTE_DELAY_MS = 500;

/** Error text of an unsupported site key (spec section 5). */
export const UNSUPPORTED_CAPTCHA_SITE_KEY = 'Unsupported captcha site key';

/** A parsed `captcha_site_key`. */
export type CaptchaProvider = { provider: 'turnstile'; siteKey: string } | { provider: 'altcha' };

/**
 * Parses an app's `captcha_site_key` (spec section 5).
 * @returns `{provider: 'turnstile', siteKey}` for `t:<key>`, `{provider: 'altcha'}` for `a:`.
 * @throws Error 'Unsupported captcha site key' for anything else (or an empty Turnstile key).
 */
export function parseCaptchaSiteKey(siteKey: string | null | undefined): CaptchaProvider {
  if (typeof siteKey === 'string') {
    if (siteKey.startsWith('t:') && siteKey.length > 2) {
      return { provider: 'turnstile', siteKey: siteKey.slice(2) };
    }
    if (siteKey.startsWith('a:')) return { provider: 'altcha' };
  }
  throw new Error(UNSUPPORTED_CAPTCHA_SITE_KEY);
}

/** The ALTCHA challenge JSON answered by `GET /api/v1/captcha/altcha/challenge` (altcha-lib v2). */
export interface AltchaChallenge {
  parameters: {
    /** 'SHA-256'. */
    algorithm: string;
    nonce: string;
    salt: string;
    /** Hash rounds per attempt. */
    cost: number;
    /** Bytes of the derived key (32). */
    keyLength: number;
    /** Hex prefix the derived key must start with. */
    keyPrefix: string;
    keySignature?: string;
    /** `{app: <app id>, exp: <seconds since the epoch>}`, covered by the signature. */
    data?: Record<string, string | number | boolean | null>;
    [key: string]: unknown;
  };
  /** HMAC of the parameters (hex). */
  signature: string;
}

/** The decoded ALTCHA token: `btoa(JSON.stringify(token))` is what the client sends. */
export interface AltchaToken {
  challenge: AltchaChallenge;
  solution: {
    /** The counter found. */
    counter: number;
    /** Hex of the derived key for that counter. */
    derivedKey: string;
    /** Solve time in ms (ignored). */
    time?: number;
  };
}
