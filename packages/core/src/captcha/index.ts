/**
 * `@latchkey/core/captcha` (issue 6; spec sections 4, 5, 8 and 9): the captcha state machine
 * of the login gate and its provider drivers (Cloudflare Turnstile, ALTCHA proof of work).
 * A lazy entry: the modal imports it only for apps with `captcha_enabled`, so the eager
 * `@latchkey/core` bundle never contains it.
 */
import {
  CAPTCHA_MAX_RETRIES,
  CAPTCHA_POLL_MS,
  CAPTCHA_WAIT_MS,
  parseCaptchaSiteKey,
} from '@latchkey/api';
import { LatchkeyError } from '../errors/base.ts';
import { createAltchaDriver } from './altcha.ts';
import { createTurnstileDriver } from './turnstile.ts';
import type { Captcha, CaptchaDriver, CaptchaState, CreateCaptchaParameters } from './types.ts';

export {
  CAPTCHA_EXECUTE_DELAY_MS,
  CAPTCHA_MAX_RETRIES,
  CAPTCHA_MIN_DISPLAY_MS,
  CAPTCHA_POLL_MS,
  CAPTCHA_WAIT_MS,
  parseCaptchaSiteKey,
  UNSUPPORTED_CAPTCHA_SITE_KEY,
} from '@latchkey/api';
export { createAltchaDriver, encodeAltchaPayload, solveAltchaChallenge } from './altcha.ts';
export {
  createTurnstileDriver,
  loadTurnstile,
  TURNSTILE_SCRIPT_URL,
  type TurnstileApi,
} from './turnstile.ts';
export type {
  Captcha,
  CaptchaDriver,
  CaptchaState,
  CaptchaStatus,
  CreateCaptchaParameters,
} from './types.ts';

/** `cause` as a `captcha_failure` LatchkeyError (returned as is when it already is one). */
function captchaFailure(cause: unknown): LatchkeyError {
  if (cause instanceof LatchkeyError && cause.code === 'captcha_failure') return cause;
  return new LatchkeyError('You did not pass CAPTCHA. Please try again.', {
    code: 'captcha_failure',
    details: cause instanceof Error ? cause.message : String(cause),
    cause,
  });
}

/**
 * Creates the captcha of the login gate (spec section 4, "Captcha").
 *
 * Rules:
 * - `enabled` false: status 'disabled'; `mount`, `execute`, `reset` do nothing.
 * - `mount(container)` loads the provider (Turnstile for `t:` keys, ALTCHA for `a:`) ->
 *   'ready'; a load failure -> 'error' (`captcha_failure`).
 * - `execute()` -> 'loading', then 'success' with a token, or after the first failure and
 *   {@link CAPTCHA_MAX_RETRIES} (3) retries -> 'error' (`captcha_failure`,
 *   `retriesExhausted` true). Mounts first (container null) when needed.
 * - `waitForToken()` checks at once, then every 200 ms ({@link CAPTCHA_POLL_MS}) for up to
 *   20 s ({@link CAPTCHA_WAIT_MS}); then rejects `captcha_timeout`. The token is single-use:
 *   returning it drops it and the status goes back to 'ready'.
 * - `reset()` (after the server answered `invalid_captcha`): token dropped, widget reset,
 *   status 'ready', retries forgotten; a run in progress is ignored.
 * - An expired Turnstile token is dropped (status 'ready').
 *
 * @param parameters - See {@link CreateCaptchaParameters}.
 * @returns A {@link Captcha}.
 * @throws Error 'Unsupported captcha site key' when enabled with a key that is neither
 *   `t:<key>` nor `a:` (spec section 5).
 * @example
 * const captcha = createCaptcha({ enabled: config.captcha_enabled, siteKey: config.captcha_site_key, api: client.api });
 * await captcha.mount(slot);
 * void captcha.execute();
 * await client.sendEmailCode({ email, captchaToken: await captcha.waitForToken() });
 */
export function createCaptcha(parameters: CreateCaptchaParameters): Captcha {
  const set_ = parameters.setTimeout ?? globalThis.setTimeout.bind(globalThis);
  const clear_ = parameters.clearTimeout ?? globalThis.clearTimeout.bind(globalThis);
  const now = parameters.now ?? (() => Date.now());
  const provider = parameters.enabled ? parseCaptchaSiteKey(parameters.siteKey) : null;
  const createDriver =
    parameters.createDriver ??
    ((container: HTMLElement | null): Promise<CaptchaDriver> =>
      provider?.provider === 'turnstile'
        ? createTurnstileDriver(container, provider.siteKey, parameters.turnstileScriptUrl)
        : Promise.resolve(createAltchaDriver(parameters.api)));

  let state: CaptchaState = {
    enabled: parameters.enabled,
    status: parameters.enabled ? 'ready' : 'disabled',
    token: null,
    error: null,
    retriesExhausted: false,
  };
  const listeners = new Set<(s: CaptchaState) => void>();
  let driver: CaptchaDriver | null = null;
  let mounting: Promise<void> | null = null;
  let running: Promise<void> | null = null;
  /** Bumped by reset/destroy so results of an older run are dropped. */
  let generation = 0;
  let destroyed = false;
  /** Pending sleeps of `waitForToken`: destroy ends them early. */
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>();

  function set(patch: Partial<CaptchaState>) {
    if (destroyed) return;
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = set_(() => {
        timers.delete(id);
        resolve();
      }, ms);
      timers.set(id, resolve);
    });
  }

  function mount(container: HTMLElement | null): Promise<void> {
    if (!parameters.enabled || destroyed) return Promise.resolve();
    if (driver) return Promise.resolve();
    if (mounting) return mounting;
    mounting = createDriver(container).then(
      (d) => {
        if (destroyed) {
          d.destroy();
          return;
        }
        driver = d;
        d.onExpired?.(() => {
          if (state.status === 'success') set({ status: 'ready', token: null });
        });
        if (state.status === 'error') set({ status: 'ready', error: null });
      },
      (thrown: unknown) => {
        mounting = null;
        set({ status: 'error', error: captchaFailure(thrown), token: null });
      },
    );
    return mounting;
  }

  async function run(mine: number): Promise<void> {
    set({ status: 'loading', token: null, error: null, retriesExhausted: false });
    await mount(null);
    if (mine !== generation) return;
    if (!driver) {
      // The provider did not load: the state already says 'error'.
      set({ retriesExhausted: true });
      return;
    }
    let lastError: unknown;
    for (let attempt = 0; attempt <= CAPTCHA_MAX_RETRIES; attempt++) {
      if (attempt > 0) driver.reset();
      try {
        const token = await driver.execute();
        if (mine !== generation) return;
        set({ status: 'success', token, error: null });
        return;
      } catch (thrown) {
        if (mine !== generation) return;
        lastError = thrown;
      }
    }
    set({
      status: 'error',
      token: null,
      error: captchaFailure(lastError),
      retriesExhausted: true,
    });
  }

  const captcha: Captcha = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    mount,
    execute() {
      if (!parameters.enabled || destroyed) return Promise.resolve();
      if (running) return running;
      if (state.status === 'success') return Promise.resolve();
      const mine = generation;
      const p = run(mine).finally(() => {
        if (running === p) running = null;
      });
      running = p;
      return p;
    },
    async waitForToken() {
      if (!parameters.enabled) {
        throw new LatchkeyError('Captcha is not enabled for this app.', {
          code: 'captcha_disabled',
        });
      }
      const start = now();
      for (;;) {
        if (destroyed) {
          throw new LatchkeyError('The captcha was closed.', { code: 'captcha_failure' });
        }
        const { token, status, error } = state;
        if (token) {
          set({ token: null, status: 'ready' });
          return token;
        }
        if (status === 'error' && error) throw error;
        if (now() - start >= CAPTCHA_WAIT_MS) {
          throw new LatchkeyError('Something went wrong! Please try again later.', {
            code: 'captcha_timeout',
            details: `No captcha token after ${CAPTCHA_WAIT_MS} ms`,
          });
        }
        await sleep(CAPTCHA_POLL_MS);
      }
    },
    reset() {
      if (!parameters.enabled || destroyed) return;
      generation++;
      running = null;
      driver?.reset();
      set({ status: 'ready', token: null, error: null, retriesExhausted: false });
    },
    destroy() {
      generation++;
      running = null;
      destroyed = true;
      for (const [id, wake] of timers) {
        clear_(id);
        wake();
      }
      timers.clear();
      driver?.destroy();
      driver = null;
      listeners.clear();
    },
  };
  return captcha;
}
