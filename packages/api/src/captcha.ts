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
export type CaptchaProvider =
  | { provider: 'turnstile'; siteKey: string }
  | { provider: 'altcha' };

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
