/** Types of `@latchkey/core/captcha` (issue 6; spec section 4, "Captcha"). */
import type { ApiClient } from '../api/createApiClient.ts';
import type { LatchkeyError } from '../errors/base.ts';

/**
 * Where the captcha is: 'disabled' (the app has none), 'ready' (provider loaded, no token),
 * 'loading' (running), 'success' (a token waits to be used), 'error' (retries ran out).
 */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error';

/** State of a {@link Captcha}; replaced (never mutated) on every change. */
export interface CaptchaState {
  enabled: boolean;
  status: CaptchaStatus;
  /** The unused token, or null. Single-use: `waitForToken` consumes it. */
  token: string | null;
  /** `captcha_failure` (or the provider's load error) once status is 'error'. */
  error: LatchkeyError | null;
  /** True once a run failed after all its retries (changes the captcha_failure text). */
  retriesExhausted: boolean;
}

/** One captcha provider (Turnstile, ALTCHA, or a fake in tests). */
export interface CaptchaDriver {
  /** Runs the challenge. @returns a token. @throws when the challenge fails. */
  execute(): Promise<string>;
  /** Forgets the last run so the next `execute` starts afresh. */
  reset(): void;
  /** Removes the widget and stops any work. */
  destroy(): void;
  /**
   * Optional: registers a callback for a token that expired unused (Turnstile's
   * 'expired-callback'); the captcha then drops it. Extension of the issue 6 contract.
   */
  onExpired?(listener: () => void): void;
}

/** Parameters of `createCaptcha`. */
export interface CreateCaptchaParameters {
  /** Server config `captcha_enabled`. */
  enabled: boolean;
  /** Server config `captcha_site_key` (`t:<turnstile key>` or `a:`). */
  siteKey: string | null;
  /** The API client (ALTCHA challenges). */
  api: ApiClient;
  /** Turnstile script URL. Default https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit. */
  turnstileScriptUrl?: string;
  /** Replaces the provider driver (tests). */
  createDriver?: (container: HTMLElement | null) => Promise<CaptchaDriver>;
  setTimeout?: typeof setTimeout;
  clearTimeout?: typeof clearTimeout;
  /** Clock in ms. Default `Date.now`. */
  now?: () => number;
}

/** The captcha of the login gate (spec section 4, "Captcha"). */
export interface Captcha {
  getState(): CaptchaState;
  /** @returns unsubscribe */
  subscribe(listener: (s: CaptchaState) => void): () => void;
  /** Loads the provider into `container` -> 'ready'. Disabled: no-op. Idempotent. */
  mount(container: HTMLElement | null): Promise<void>;
  /** 'loading' -> 'success' (token) | 'error' after up to 3 retries. Never rejects. */
  execute(): Promise<void>;
  /**
   * Polls every 200 ms up to 20 s for the token.
   * @returns the token, consumed (single-use; status back to 'ready').
   * @throws `LatchkeyError` `captcha_timeout` after 20 s; the state's `captcha_failure` error
   *   when a run ended in 'error'; `captcha_disabled` when the app has no captcha.
   */
  waitForToken(): Promise<string>;
  /** After `invalid_captcha`: drops the token, resets the widget, status 'ready'. */
  reset(): void;
  /** Removes the widget; later calls do nothing. */
  destroy(): void;
}
