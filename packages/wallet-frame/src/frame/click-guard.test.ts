// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPROVAL_ARM_MS,
  type ClickGuardOptions,
  createClickGuard,
  type IntersectionObserverLike,
  VISIBILITY_RECHECK_MS,
} from './click-guard.ts';

/** A fake IntersectionObserver: tests push entries as the browser would. */
function fakeObserver() {
  const state = {
    callback: null as ((entries: IntersectionObserverEntry[]) => void) | null,
    options: null as Record<string, unknown> | null,
    observed: [] as Element[],
    disconnected: false,
  };
  const Observer = class {
    constructor(
      callback: (entries: IntersectionObserverEntry[]) => void,
      options: Record<string, unknown>,
    ) {
      state.callback = callback;
      state.options = options;
    }
    observe(el: Element) {
      state.observed.push(el);
    }
    disconnect() {
      state.disconnected = true;
    }
  } as unknown as IntersectionObserverLike;
  const report = (entry: { ratio?: number; isVisible?: boolean; intersecting?: boolean }) =>
    state.callback!([
      {
        isIntersecting: entry.intersecting ?? (entry.ratio ?? 1) > 0,
        intersectionRatio: entry.ratio ?? 1,
        isVisible: entry.isVisible,
      } as unknown as IntersectionObserverEntry,
    ]);
  return { state, Observer, report };
}

let visibility: DocumentVisibilityState = 'visible';

function setup(extra: Partial<ClickGuardOptions> = {}) {
  const main = document.createElement('main');
  const button = document.createElement('button');
  button.textContent = 'Sign and continue';
  const other = document.createElement('p');
  main.append(other, button);
  document.body.append(main);
  const io = fakeObserver();
  const changes: boolean[] = [];
  const guard = createClickGuard({
    observed: main,
    button,
    win: window,
    doc: document,
    IntersectionObserver: io.Observer,
    hasVisibilityV2: true,
    now: () => Date.now(),
    onChange: (armed) => changes.push(armed),
    ...extra,
  });
  return { guard, button, other, main, io, changes };
}

/** A click on `target`, trusted or not, at a point that `elementFromPoint` resolves to `hit`. */
function click(
  target: Element,
  options: { trusted?: boolean; hit?: Element | null; detail?: number } = {},
) {
  const event = new MouseEvent('click', {
    bubbles: true,
    clientX: 10,
    clientY: 10,
    detail: options.detail ?? 1,
  });
  Object.defineProperty(event, 'isTrusted', { value: options.trusted ?? true });
  Object.defineProperty(event, 'target', { value: target });
  document.elementFromPoint = () => (options.hit === undefined ? target : options.hit);
  return event;
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('click guard with IntersectionObserver v2', () => {
  it('observes the page with trackVisibility, delay 100 and threshold 1', () => {
    const { io, main, guard } = setup();
    expect(guard.mode).toBe('visibility-v2');
    expect(io.state.options).toEqual({ trackVisibility: true, delay: 100, threshold: [1] });
    expect(io.state.observed).toEqual([main]);
  });

  it('arms only after the page was visible and unobscured for the arm time', () => {
    const { guard, button, io, changes } = setup();
    expect(guard.isArmed()).toBe(false);
    expect(guard.check(click(button))).toEqual({ ok: false, reason: 'not_armed' });
    // Nothing reported yet: time alone does not arm.
    vi.advanceTimersByTime(APPROVAL_ARM_MS * 3);
    expect(guard.isArmed()).toBe(false);
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS - 1);
    expect(guard.check(click(button))).toEqual({ ok: false, reason: 'not_armed' });
    vi.advanceTimersByTime(1);
    expect(guard.isArmed()).toBe(true);
    expect(button.getAttribute('data-armed')).toBe('true');
    expect(guard.check(click(button))).toEqual({ ok: true });
    expect(changes).toEqual([true]);
  });

  it('disarms the moment the page is covered, transparent or transformed, and restarts the timer', () => {
    const { guard, button, io } = setup();
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    expect(guard.isArmed()).toBe(true);
    // The browser computes isVisible false (overlay, opacity, filter, transform).
    io.report({ isVisible: false });
    expect(guard.isArmed()).toBe(false);
    expect(guard.check(click(button))).toEqual({ ok: false, reason: 'not_armed' });
    vi.advanceTimersByTime(APPROVAL_ARM_MS * 2);
    expect(guard.isArmed()).toBe(false);
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS / 2);
    // Covered again before the arm time: the timer starts over.
    io.report({ isVisible: false });
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS - 1);
    expect(guard.isArmed()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(guard.isArmed()).toBe(true);
  });

  it('while disarmed, asks the browser again every second; armed or timing, it does not', () => {
    const { guard, io, main } = setup();
    io.report({ isVisible: false });
    expect(io.state.observed).toEqual([main]);
    vi.advanceTimersByTime(VISIBILITY_RECHECK_MS - 1);
    expect(io.state.observed).toHaveLength(1);
    vi.advanceTimersByTime(1);
    // Re-observed: the browser answers a new observation with the state right now.
    expect(io.state.disconnected).toBe(true);
    expect(io.state.observed).toEqual([main, main]);
    expect(guard.isArmed()).toBe(false);
    // The fresh answer (a change the browser had not reported) starts the arm timer as usual.
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS - 1);
    expect(io.state.observed).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(guard.isArmed()).toBe(true);
    vi.advanceTimersByTime(VISIBILITY_RECHECK_MS * 3);
    expect(io.state.observed).toHaveLength(2);
    // A fresh answer that says covered keeps it disarmed: asking again never arms by itself.
    io.report({ isVisible: false });
    vi.advanceTimersByTime(VISIBILITY_RECHECK_MS * 2);
    expect(io.state.observed.length).toBeGreaterThan(2);
    expect(guard.isArmed()).toBe(false);
    guard.dispose();
    const count = io.state.observed.length;
    vi.advanceTimersByTime(VISIBILITY_RECHECK_MS * 3);
    expect(io.state.observed).toHaveLength(count);
  });

  it('a page partly out of view, or an entry without isVisible, does not arm', () => {
    const { guard, io } = setup();
    io.report({ ratio: 0.6, isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS * 2);
    expect(guard.isArmed()).toBe(false);
    io.report({ ratio: 1 });
    vi.advanceTimersByTime(APPROVAL_ARM_MS * 2);
    expect(guard.isArmed()).toBe(false);
  });

  it('a hidden document or a resize disarms', () => {
    const { guard, button, io } = setup();
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(guard.isArmed()).toBe(false);
    expect(guard.check(click(button))).toEqual({ ok: false, reason: 'hidden' });
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    expect(guard.isArmed()).toBe(true);
    window.dispatchEvent(new Event('resize'));
    expect(guard.isArmed()).toBe(false);
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    expect(guard.isArmed()).toBe(true);
  });

  it('refuses untrusted clicks and clicks that do not land on the button', () => {
    const { guard, button, other, io } = setup();
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    expect(guard.check(click(button, { trusted: false }))).toEqual({
      ok: false,
      reason: 'untrusted',
    });
    expect(guard.check(click(other))).toEqual({ ok: false, reason: 'not_on_button' });
    // Target the button, but the point clicked is elsewhere (or nowhere).
    expect(guard.check(click(button, { hit: other }))).toEqual({
      ok: false,
      reason: 'not_on_button',
    });
    expect(guard.check(click(button, { hit: null }))).toEqual({
      ok: false,
      reason: 'not_on_button',
    });
  });

  it('keyboard activation counts only after the user tabbed to the button', () => {
    const { guard, button, io } = setup();
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    button.focus();
    expect(guard.check(click(button, { detail: 0 }))).toEqual({
      ok: false,
      reason: 'not_on_button',
    });
    button.blur();
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true });
    Object.defineProperty(tab, 'isTrusted', { value: true });
    document.dispatchEvent(tab);
    const focus = new FocusEvent('focus');
    Object.defineProperty(focus, 'isTrusted', { value: true });
    button.focus();
    button.dispatchEvent(focus);
    expect(guard.check(click(button, { detail: 0 }))).toEqual({ ok: true });
  });

  it('dispose disconnects and disarms for good', () => {
    const { guard, io } = setup();
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    guard.dispose();
    expect(io.state.disconnected).toBe(true);
    expect(guard.isArmed()).toBe(false);
    io.report({ isVisible: true });
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    expect(guard.isArmed()).toBe(false);
  });
});

describe('click guard without IntersectionObserver v2 (fallback)', () => {
  it('with v1: arms after the arm time in full view, ignores isVisible', () => {
    const { guard, button, io } = setup({ hasVisibilityV2: false });
    expect(guard.mode).toBe('fallback');
    expect(io.state.options).toEqual({ threshold: [0.99, 1] });
    io.report({ ratio: 1 });
    vi.advanceTimersByTime(APPROVAL_ARM_MS - 1);
    expect(guard.isArmed()).toBe(false);
    vi.advanceTimersByTime(1);
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    expect(guard.check(click(button))).toEqual({ ok: true });
    io.report({ ratio: 0.5 });
    expect(guard.isArmed()).toBe(false);
  });

  it('refuses a click while the frame does not have focus', () => {
    const { guard, button, io } = setup({ hasVisibilityV2: false });
    io.report({ ratio: 1 });
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    expect(guard.check(click(button))).toEqual({ ok: false, reason: 'not_focused' });
    hasFocus.mockReturnValue(true);
    expect(guard.check(click(button))).toEqual({ ok: true });
    hasFocus.mockRestore();
  });

  it('without any observer: time after the page became visible', () => {
    visibility = 'hidden';
    const { guard } = setup({ IntersectionObserver: null, hasVisibilityV2: false });
    expect(guard.mode).toBe('fallback');
    vi.advanceTimersByTime(APPROVAL_ARM_MS * 2);
    expect(guard.isArmed()).toBe(false);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(APPROVAL_ARM_MS);
    expect(guard.isArmed()).toBe(true);
  });
});
