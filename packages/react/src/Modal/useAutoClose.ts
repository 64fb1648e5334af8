import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onDone` once, `ms` milliseconds after the screen mounted, not counting the time the
 * pointer is on the element given the returned ref (from its first movement on it): a success
 * screen that closes itself (EMBEDDED_WALLET_CREATED_SCREEN's 2.5 s, spec section 4) waits
 * while the user reads it with the pointer on it, as toasts do (WCAG 2.2.1, "Timing
 * Adjustable"). When the pointer leaves, the remaining time runs on. Unmounting cancels it.
 * The latest `onDone` is called; a new `onDone` does not restart the time.
 *
 * @param ms Delay in milliseconds.
 * @param onDone Called once when the time is up.
 * @returns A callback ref for the screen's root element.
 */
export function useAutoClose(
  ms: number,
  onDone: () => void,
): (element: HTMLElement | null) => void {
  const done = useRef(onDone);
  done.current = onDone;
  const clock = useRef<ReturnType<typeof createClock> | null>(null);
  clock.current ??= createClock(ms, () => done.current());

  useEffect(() => {
    const { setRunning } = clock.current!;
    setRunning(true);
    return () => setRunning(false);
  }, []);

  // React 18 ignores a ref's cleanup and calls it with null instead: detach on either. Only a
  // movement says the user is on the screen: not `pointerenter`, which Chromium also fires when
  // the screen appears under a pointer left resting where the previous screen's button was. The
  // flag survives a detach and re-attach (Strict Mode, a re-suspend).
  const attached = useRef<HTMLElement | null>(null);
  return useCallback((element: HTMLElement | null) => {
    const { enter, leave } = clock.current!;
    for (const [type, listener] of [
      ['pointermove', enter],
      ['pointerleave', leave],
    ] as const) {
      attached.current?.removeEventListener(type, listener);
      element?.addEventListener(type, listener);
    }
    attached.current = element;
  }, []);
}

/**
 * A one-shot timer of `ms` that counts only while it runs (the screen is mounted) and the
 * pointer is not on the screen; `fire` is called once.
 */
function createClock(ms: number, fire: () => void) {
  let remaining = ms;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired = false;
  let running = false;
  let hovered = false;
  const update = () => {
    if (fired) return;
    if (running && !hovered) {
      if (timer !== undefined) return;
      startedAt = Date.now();
      timer = setTimeout(() => {
        timer = undefined;
        fired = true;
        fire();
      }, remaining);
    } else if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
      remaining = Math.max(0, remaining - (Date.now() - startedAt));
    }
  };
  const setHovered = (value: boolean) => {
    if (hovered === value) return;
    hovered = value;
    update();
  };
  return {
    setRunning(value: boolean) {
      running = value;
      update();
    },
    enter: () => setHovered(true),
    leave: () => setHovered(false),
  };
}
