import { LatchkeyError } from '@latchkey/core';
import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalContext } from '../../Modal/ModalContext.ts';
import { createFakeCaptcha } from '../../test/fakeCaptcha.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import Captcha from './Captcha.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets pending promise callbacks run (fake timers do not advance microtasks by themselves). */
const flush = () => act(async () => {});

function open(fake: ReturnType<typeof createFakeCaptcha>, gesture = false) {
  const run = vi.fn();
  const view = renderScreen(<Captcha />, {
    screen: 'CAPTCHA_SCREEN',
    captcha: fake.captcha,
    params: { captcha: { run, gesture }, returnTo: 'LANDING' },
  });
  return { ...view, run };
}

describe('CAPTCHA_SCREEN (spec sections 4, 8 and 9)', () => {
  it("executes a 'ready' captcha after 500 ms, shows loading at least 1 s, then runs with the token", async () => {
    const fake = createFakeCaptcha();
    const { container, run } = open(fake);
    expect(container.querySelector('[data-captcha="loading"]')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(499));
    expect(fake.captcha.execute).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fake.captcha.execute).toHaveBeenCalledTimes(1);
    fake.pass('tok-9');
    await flush();
    // The token is in at 500 ms, but the screen shows for at least 1000 ms.
    expect(run).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(500));
    await flush();
    expect(run).toHaveBeenCalledWith('tok-9');
    expect(fake.captcha.getState().token).toBeNull();
  });

  it("an action needing a gesture (OAuth popup) waits for 'Continue'", async () => {
    const fake = createFakeCaptcha({ status: 'loading' });
    const { container, run, getByRole } = open(fake, true);
    fake.pass('tok-g');
    await act(async () => vi.advanceTimersByTime(1000));
    await flush();
    expect(container.querySelector('[data-captcha="ready"]')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(getByRole('button', { name: 'Continue' }));
    expect(run).toHaveBeenCalledWith('tok-g');
    expect(fake.captcha.execute).not.toHaveBeenCalled(); // it was already running
  });

  it('shows the captcha_failure texts (exhausted retries) and resets on the button', async () => {
    const fake = createFakeCaptcha({ status: 'loading' });
    const { container, run, value, getByRole } = open(fake);
    fake.failRun(new LatchkeyError('You did not pass CAPTCHA.', { code: 'captcha_failure' }), true);
    await act(async () => vi.advanceTimersByTime(1000));
    await flush();
    expect(container.querySelector('[data-error-code="captcha_failure"]')).toBeTruthy();
    expect(container.textContent).toContain(
      'If you use an adblocker or VPN, try disabling and re-attempting.',
    );
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(getByRole('button'));
    expect(fake.captcha.reset).toHaveBeenCalledTimes(1);
    expect(value.navigate).toHaveBeenCalledWith('LANDING');
  });

  it('shows the first-failure text before the retries run out, and the timeout text', async () => {
    const first = createFakeCaptcha({ status: 'loading' });
    const a = open(first);
    first.failRun(new LatchkeyError('no', { code: 'captcha_failure' }), false);
    await act(async () => vi.advanceTimersByTime(1000));
    await flush();
    expect(a.container.textContent).toContain('You did not pass CAPTCHA. Please try again.');
    a.unmount();

    const late = createFakeCaptcha({ status: 'loading' });
    const b = open(late);
    late.failRun(new LatchkeyError('late', { code: 'captcha_timeout' }));
    await act(async () => vi.advanceTimersByTime(1000));
    await flush();
    expect(b.container.querySelector('.lk-header__title')?.textContent).toBe(
      'Something went wrong!',
    );
    expect(b.container.textContent).toContain('Please try again later.');
  });

  it('waits for a captcha module that still loads, then runs; one that never loads times out', async () => {
    const run = vi.fn();
    const params = { captcha: { run, gesture: false }, returnTo: 'LANDING' as const };
    const view = renderScreen(<Captcha />, { screen: 'CAPTCHA_SCREEN', captcha: null, params });
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(view.container.querySelector('[data-captcha="loading"]')).toBeTruthy();
    // The module arrives: the screen runs the deferred action with its token.
    const fake = createFakeCaptcha({ status: 'loading' });
    view.rerender(
      <ModalContext.Provider value={{ ...view.value, captcha: fake.captcha }}>
        <Captcha />
      </ModalContext.Provider>,
    );
    fake.pass('tok-late');
    await act(async () => vi.advanceTimersByTime(20_000));
    await flush();
    expect(run).toHaveBeenCalledWith('tok-late');
    expect(view.container.querySelector('[data-error-code]')).toBeNull();
    view.unmount();

    const never = vi.fn();
    const b = renderScreen(<Captcha />, {
      screen: 'CAPTCHA_SCREEN',
      captcha: null,
      params: { captcha: { run: never, gesture: false }, returnTo: 'LANDING' },
    });
    await act(async () => vi.advanceTimersByTime(19_999));
    expect(b.container.querySelector('[data-error-code]')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(b.container.querySelector('[data-error-code="captcha_timeout"]')).toBeTruthy();
    expect(b.container.textContent).toContain('Please try again later.');
    expect(never).not.toHaveBeenCalled();
  });
});
