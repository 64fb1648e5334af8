import { vi } from 'vitest';
import type { CaptchaHandle, CaptchaHandleState } from '../Modal/captchaGate.ts';

/**
 * A fake of `@latchkey/core/captcha`'s Captcha: state in memory; `execute()` moves to 'loading'
 * and the test settles it with `pass(token)` / `failRun(error, exhausted)`; `waitForToken()`
 * resolves with the token (consuming it) or rejects with the error, like core's.
 */
export function createFakeCaptcha(initial: Partial<CaptchaHandleState> = {}) {
  let state: CaptchaHandleState = {
    enabled: true,
    status: 'ready',
    token: null,
    error: null,
    retriesExhausted: false,
    ...initial,
  };
  const listeners = new Set<(s: CaptchaHandleState) => void>();
  const waiters = new Set<() => void>();
  const set = (patch: Partial<CaptchaHandleState>) => {
    state = { ...state, ...patch };
    for (const l of [...listeners]) l(state);
    for (const w of [...waiters]) w();
  };
  const captcha: CaptchaHandle = {
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    mount: vi.fn(async () => {}),
    execute: vi.fn(async () => {
      if (state.status === 'ready') set({ status: 'loading' });
    }),
    waitForToken: vi.fn(
      () =>
        new Promise<string>((resolve, reject) => {
          const check = () => {
            if (state.token) {
              const token = state.token;
              waiters.delete(check);
              set({ token: null, status: 'ready' });
              resolve(token);
            } else if (state.status === 'error') {
              waiters.delete(check);
              reject(state.error);
            }
          };
          waiters.add(check);
          check();
        }),
    ),
    reset: vi.fn(() => set({ status: 'ready', token: null, error: null, retriesExhausted: false })),
    destroy: vi.fn(),
  };
  return {
    captcha,
    pass: (token: string) => set({ status: 'success', token }),
    failRun: (error: unknown, retriesExhausted = false) =>
      set({ status: 'error', error, retriesExhausted }),
  };
}
