import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/createApiClient.ts';
import { LatchkeyError } from '../errors/base.ts';
import { type CaptchaDriver, createCaptcha } from './index.ts';

const api = {} as ApiClient;

/** A scripted driver: each execute takes the next outcome (a token or an Error) after `ms`. */
function fakeDriver(outcomes: (string | Error | 'never')[], ms = 0) {
  let n = 0;
  let expired: (() => void) | null = null;
  const driver = {
    execute: vi.fn(
      () =>
        new Promise<string>((resolve, reject) => {
          const outcome = outcomes[Math.min(n++, outcomes.length - 1)]!;
          if (outcome === 'never') return;
          const settle = () => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
          if (ms === 0) settle();
          else setTimeout(settle, ms);
        }),
    ),
    reset: vi.fn(),
    destroy: vi.fn(),
    onExpired: (listener: () => void) => {
      expired = listener;
    },
    expire: () => expired?.(),
  };
  return driver;
}

function setup(driver: CaptchaDriver, siteKey = 't:0x4AAAAAAA') {
  const createDriver = vi.fn(async () => driver);
  const captcha = createCaptcha({
    enabled: true,
    siteKey,
    api,
    createDriver,
    now: () => Date.now(),
  });
  const states: string[] = [];
  captcha.subscribe((s) => states.push(s.status));
  return { captcha, createDriver, states };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCaptcha (spec sections 4, 5 and 9)', () => {
  it('disabled: status disabled, everything a no-op, no token to wait for', async () => {
    const createDriver = vi.fn();
    const captcha = createCaptcha({ enabled: false, siteKey: 'nonsense', api, createDriver });
    expect(captcha.getState()).toEqual({
      enabled: false,
      status: 'disabled',
      token: null,
      error: null,
      retriesExhausted: false,
    });
    await captcha.mount(null);
    await captcha.execute();
    captcha.reset();
    expect(createDriver).not.toHaveBeenCalled();
    expect(captcha.getState().status).toBe('disabled');
    await expect(captcha.waitForToken()).rejects.toMatchObject({ code: 'captcha_disabled' });
  });

  it.each(['x:abc', 't:', '', null])(
    "enabled with site key %j throws 'Unsupported captcha site key'",
    (siteKey) => {
      expect(() => createCaptcha({ enabled: true, siteKey, api })).toThrow(
        new Error('Unsupported captcha site key'),
      );
    },
  );

  it('accepts t: and a: keys', () => {
    expect(createCaptcha({ enabled: true, siteKey: 't:key', api }).getState().status).toBe('ready');
    expect(createCaptcha({ enabled: true, siteKey: 'a:', api }).getState().status).toBe('ready');
  });

  it('mount loads the driver once into the container', async () => {
    const { captcha, createDriver } = setup(fakeDriver(['tok']));
    const container = {} as HTMLElement;
    await Promise.all([captcha.mount(container), captcha.mount(container)]);
    await captcha.mount(container);
    expect(createDriver).toHaveBeenCalledTimes(1);
    expect(createDriver).toHaveBeenCalledWith(container);
    expect(captcha.getState().status).toBe('ready');
  });

  it("a provider that cannot load -> 'error' captcha_failure", async () => {
    const captcha = createCaptcha({
      enabled: true,
      siteKey: 't:key',
      api,
      createDriver: () => Promise.reject(new Error('blocked by an adblocker')),
    });
    await captcha.mount(null);
    expect(captcha.getState()).toMatchObject({
      status: 'error',
      error: { code: 'captcha_failure' },
    });
  });

  it("execute: 'loading' -> 'success' with the token", async () => {
    const driver = fakeDriver(['tok-1'], 300);
    const { captcha, states } = setup(driver);
    const run = captcha.execute();
    await vi.advanceTimersByTimeAsync(0);
    expect(captcha.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(300);
    await run;
    expect(captcha.getState()).toMatchObject({ status: 'success', token: 'tok-1', error: null });
    expect(states).toEqual(['loading', 'success']);
  });

  it('retries a failed run 3 times (reset between) and succeeds on the last', async () => {
    const driver = fakeDriver([new Error('a'), new Error('b'), new Error('c'), 'tok']);
    const { captcha } = setup(driver);
    await captcha.execute();
    expect(driver.execute).toHaveBeenCalledTimes(4);
    expect(driver.reset).toHaveBeenCalledTimes(3);
    expect(captcha.getState()).toMatchObject({
      status: 'success',
      token: 'tok',
      retriesExhausted: false,
    });
  });

  it("after the first failure and 3 retries: 'error', captcha_failure, retriesExhausted", async () => {
    const driver = fakeDriver([new Error('no')]);
    const { captcha } = setup(driver);
    await captcha.execute();
    expect(driver.execute).toHaveBeenCalledTimes(4);
    const state = captcha.getState();
    expect(state).toMatchObject({ status: 'error', token: null, retriesExhausted: true });
    expect(state.error).toBeInstanceOf(LatchkeyError);
    expect(state.error?.code).toBe('captcha_failure');
    // waitForToken does not sit out the 20 s: the run is over.
    await expect(captcha.waitForToken()).rejects.toMatchObject({ code: 'captcha_failure' });
  });

  it.each([
    [150, 200],
    [1050, 1200],
    [1250, 1400],
  ])(
    'waitForToken polls every 200 ms: a token ready at %i ms is returned at %i ms',
    async (readyAt, seenAt) => {
      const driver = fakeDriver(['tok'], readyAt);
      const { captcha } = setup(driver);
      void captcha.execute();
      let got: string | undefined;
      void captcha.waitForToken().then((t) => (got = t));
      await vi.advanceTimersByTimeAsync(readyAt);
      expect(captcha.getState().token).toBe('tok');
      await vi.advanceTimersByTimeAsync(seenAt - readyAt - 1);
      expect(got).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(got).toBe('tok');
    },
  );

  it('waitForToken returns at once when a token is ready', async () => {
    const { captcha } = setup(fakeDriver(['tok']));
    await captcha.execute();
    await expect(captcha.waitForToken()).resolves.toBe('tok');
  });

  it('the token is single-use: consumed, status back to ready', async () => {
    const { captcha } = setup(fakeDriver(['tok-1', 'never']));
    await captcha.execute();
    await expect(captcha.waitForToken()).resolves.toBe('tok-1');
    expect(captcha.getState()).toMatchObject({ status: 'ready', token: null });
    const second = captcha.waitForToken();
    const outcome = expect(second).rejects.toMatchObject({ code: 'captcha_timeout' });
    await vi.advanceTimersByTimeAsync(20_000);
    await outcome;
  });

  it("waitForToken gives up after 20 s with captcha_timeout ('Something went wrong! Please try again later.')", async () => {
    const { captcha } = setup(fakeDriver(['never']));
    void captcha.execute();
    let error: unknown;
    void captcha.waitForToken().catch((e: unknown) => (error = e));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({
      code: 'captcha_timeout',
      shortMessage: 'Something went wrong! Please try again later.',
    });
  });

  it('reset (after invalid_captcha) drops the token, resets the widget, and ignores a run in flight', async () => {
    const driver = fakeDriver(['tok-1', 'tok-2'], 100);
    const { captcha } = setup(driver);
    await vi.advanceTimersByTimeAsync(0);
    const run = captcha.execute();
    await vi.advanceTimersByTimeAsync(100);
    await run;
    expect(captcha.getState().token).toBe('tok-1');
    captcha.reset();
    expect(driver.reset).toHaveBeenCalledTimes(1);
    expect(captcha.getState()).toMatchObject({ status: 'ready', token: null, error: null });
    // A run reset midway never lands its token.
    void captcha.execute();
    await vi.advanceTimersByTimeAsync(10);
    captcha.reset();
    await vi.advanceTimersByTimeAsync(200);
    expect(captcha.getState()).toMatchObject({ status: 'ready', token: null });
  });

  it('an expired token is dropped', async () => {
    const driver = fakeDriver(['tok']);
    const { captcha } = setup(driver);
    await captcha.execute();
    expect(captcha.getState().status).toBe('success');
    driver.expire();
    expect(captcha.getState()).toMatchObject({ status: 'ready', token: null });
  });

  it('execute while a token waits, or while running, starts no second run', async () => {
    const driver = fakeDriver(['tok'], 50);
    const { captcha } = setup(driver);
    const a = captcha.execute();
    const b = captcha.execute();
    expect(a).toBe(b);
    await vi.advanceTimersByTimeAsync(50);
    await captcha.execute();
    expect(driver.execute).toHaveBeenCalledTimes(1);
  });

  it('destroy removes the widget and ends a wait', async () => {
    const driver = fakeDriver(['never']);
    const { captcha } = setup(driver);
    void captcha.execute();
    const wait = captcha.waitForToken();
    const outcome = expect(wait).rejects.toBeInstanceOf(LatchkeyError);
    await vi.advanceTimersByTimeAsync(400);
    captcha.destroy();
    await outcome;
    expect(driver.destroy).toHaveBeenCalled();
  });
});
