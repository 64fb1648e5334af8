/**
 * The Cloudflare Turnstile driver (issue 6; `captcha_site_key` `t:<site key>`): loads the
 * explicit-render script once, renders an invisible-until-needed widget
 * (`execution: 'execute'`, `appearance: 'interaction-only'`) and runs it on demand.
 */
import { LatchkeyError } from '../errors/base.ts';
import type { CaptchaDriver } from './types.ts';

/** Turnstile's script, explicit rendering. */
export const TURNSTILE_SCRIPT_URL =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The subset of `window.turnstile` used here. */
export interface TurnstileApi {
  render(container: HTMLElement | string, options: Record<string, unknown>): string | undefined;
  execute(widgetIdOrContainer: string | HTMLElement): void;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
}

const scripts = new Map<string, Promise<TurnstileApi>>();

function turnstileGlobal(): TurnstileApi | undefined {
  return (globalThis as { turnstile?: TurnstileApi }).turnstile;
}

function failure(details: string, cause?: unknown): LatchkeyError {
  return new LatchkeyError('You did not pass CAPTCHA. Please try again.', {
    code: 'captcha_failure',
    details,
    cause,
  });
}

/**
 * Loads the Turnstile script once per URL (a failed load is forgotten so a later call retries).
 * @returns `window.turnstile`.
 * @throws `LatchkeyError` `captcha_failure` when the script cannot load (adblockers, offline).
 */
export function loadTurnstile(url: string = TURNSTILE_SCRIPT_URL): Promise<TurnstileApi> {
  const existing = turnstileGlobal();
  if (existing) return Promise.resolve(existing);
  let promise = scripts.get(url);
  if (promise) return promise;
  promise = new Promise<TurnstileApi>((resolve, reject) => {
    if (typeof document === 'undefined') {
      reject(failure('Turnstile needs a browser document'));
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      const api = turnstileGlobal();
      if (api) resolve(api);
      else reject(failure('The Turnstile script loaded without `window.turnstile`'));
    });
    script.addEventListener('error', (event) => {
      script.remove();
      reject(failure(`Could not load ${url}`, event));
    });
    document.head.appendChild(script);
  });
  promise.catch(() => scripts.delete(url));
  scripts.set(url, promise);
  return promise;
}

/**
 * Creates the Turnstile driver in `container` (a detached hidden div appended to
 * `document.body` when null).
 * @param container - Where the widget renders (the CAPTCHA screen's slot).
 * @param siteKey - The Turnstile site key (without the `t:` prefix).
 * @param scriptUrl - Script URL (tests point it at a local fake).
 * @throws `LatchkeyError` `captcha_failure` when the script cannot load or render fails.
 */
export async function createTurnstileDriver(
  container: HTMLElement | null,
  siteKey: string,
  scriptUrl: string = TURNSTILE_SCRIPT_URL,
): Promise<CaptchaDriver> {
  const turnstile = await loadTurnstile(scriptUrl);
  let host = container;
  let ownHost = false;
  if (!host) {
    host = document.createElement('div');
    document.body.appendChild(host);
    ownHost = true;
  }
  let pending: { resolve(token: string): void; reject(error: unknown): void } | null = null;
  let expired: (() => void) | null = null;
  let used = false;
  const settle = (fn: (p: NonNullable<typeof pending>) => void) => {
    const p = pending;
    pending = null;
    if (p) fn(p);
  };
  let widgetId: string | undefined;
  try {
    widgetId = turnstile.render(host, {
      sitekey: siteKey,
      execution: 'execute',
      appearance: 'interaction-only',
      callback: (token: string) => settle((p) => p.resolve(token)),
      'error-callback': (code?: string | number) => {
        settle((p) => p.reject(failure(`Turnstile error ${String(code ?? '')}`)));
        return true; // handled: Turnstile does not log it again
      },
      'expired-callback': () => expired?.(),
      'timeout-callback': () => settle((p) => p.reject(failure('Turnstile challenge timed out'))),
    });
  } catch (error) {
    if (ownHost) host.remove();
    throw failure('Turnstile could not render', error);
  }
  if (widgetId === undefined) {
    if (ownHost) host.remove();
    throw failure('Turnstile could not render');
  }
  const id = widgetId;
  return {
    execute() {
      settle((p) => p.reject(failure('Superseded by a new run')));
      return new Promise<string>((resolve, reject) => {
        pending = { resolve, reject };
        try {
          if (used) turnstile.reset(id);
          used = true;
          turnstile.execute(id);
        } catch (error) {
          settle((p) => p.reject(failure('Turnstile could not execute', error)));
        }
      });
    },
    reset() {
      settle((p) => p.reject(failure('Reset')));
      used = false;
      turnstile.reset(id);
    },
    destroy() {
      settle((p) => p.reject(failure('Destroyed')));
      turnstile.remove(id);
      if (ownHost) host.remove();
    },
    onExpired(listener) {
      expired = listener;
    },
  };
}
