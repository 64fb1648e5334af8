import { SCREEN, type ScreenName } from '@latchkey/core';

import type { ScreenParams } from './types.ts';

/** Where a captcha run is (spec section 4, "Captcha"): `core/captcha`'s state. */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error';

/** The state of a {@link CaptchaHandle}. `token` is set (single use) once `status` is 'success'. */
export interface CaptchaHandleState {
  enabled: boolean;
  status: CaptchaStatus;
  token: string | null;
  error: unknown;
  /** True once the retries (3) ran out: the failure text changes (spec section 8). */
  retriesExhausted: boolean;
}

/**
 * The part of `@latchkey/core/captcha`'s `Captcha` the modal uses. Declared here so the eager
 * modal code needs no type from the lazy entry; `createCaptcha(...)` satisfies it.
 */
export interface CaptchaHandle {
  getState(): CaptchaHandleState;
  /** @returns unsubscribe */
  subscribe(listener: (state: CaptchaHandleState) => void): () => void;
  /** Renders the provider's widget (Turnstile) into `container`; ALTCHA needs none. */
  mount(container: HTMLElement | null): Promise<void>;
  /** Starts a run: 'loading', then 'success' with a token, or 'error'. */
  execute(): Promise<void>;
  /**
   * Waits for the token (polling every 200 ms, up to 20 s) and consumes it.
   * @throws LatchkeyError `captcha_timeout` after 20 s, `captcha_failure` when the run failed.
   */
  waitForToken(): Promise<string>;
  /** Back to 'ready' (token dropped, retries reset). */
  reset(): void;
  destroy(): void;
}

/** A deferred login init: runs with the captcha token (none when the captcha is off). */
export type CaptchaRun = (token?: string) => Promise<void> | void;

/** Options of a gated run. */
export interface WithCaptchaOptions {
  /**
   * The run needs a user gesture (it opens a popup or a system dialog): when it had to wait for a token,
   * CAPTCHA_SCREEN shows 'Continue' and runs it in that click.
   */
  gesture?: boolean;
}

/** What {@link gateWithCaptcha} needs from the modal. */
export interface CaptchaGateContext {
  /** The modal's captcha; null while the lazy `@latchkey/core/captcha` module is still loading. */
  captcha: CaptchaHandle | null;
  /**
   * The app has the captcha on (its config), whether or not `captcha` has loaded yet: a run
   * while it loads is deferred to CAPTCHA_SCREEN, which waits for it, instead of going out
   * without a token (which the server refuses, `invalid_captcha`). Default false.
   */
  enabled?: boolean;
  /** True when a user is logged in (linking): no captcha then (spec section 6). */
  authenticated: boolean;
  navigate: (screen: ScreenName, params?: ScreenParams) => void;
  /** The current screen: CAPTCHA_SCREEN's Back and errors return there. */
  returnTo: ScreenName;
}

/**
 * The captcha gate (spec section 4, "Captcha"): with the captcha enabled, no token ready (or
 * the captcha module not loaded yet) and nobody logged in, the action is deferred to
 * CAPTCHA_SCREEN (`params.captcha.run`), which runs it once a token arrives. Otherwise it runs
 * at once, synchronously (so a popup opens inside the click), with the ready token,
 * which is consumed (tokens are single use).
 *
 * @returns What `run` returned when it ran at once, else undefined.
 */
export function gateWithCaptcha(
  ctx: CaptchaGateContext,
  run: CaptchaRun,
  options: WithCaptchaOptions = {},
): Promise<void> | void {
  const { captcha } = ctx;
  const state = captcha?.getState();
  const enabled = state ? state.enabled : (ctx.enabled ?? false);
  if (!enabled || ctx.authenticated) return run();
  if (captcha && state?.status === 'success' && state.token) {
    const token = state.token;
    // Consumes the ready token (it resolves at once with the same one).
    captcha.waitForToken().catch(() => {});
    return run(token);
  }
  ctx.navigate(SCREEN.CAPTCHA_SCREEN, {
    captcha: { run, gesture: options.gesture ?? false },
    returnTo: ctx.returnTo,
  });
}
