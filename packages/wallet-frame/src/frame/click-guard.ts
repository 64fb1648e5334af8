import en from './locales/en.ts';
/**
 * The approve button's anti-clickjacking guard (issue 24 item 2), as payment frames do it.
 *
 * The host page can draw over, under and around this frame, make it transparent, transform it,
 * or move it under the user's cursor; it cannot script inside it (another origin) and its own
 * `iframe.click()` / `dispatchEvent` never reach this document as trusted events. So an approval
 * is accepted only when ALL of these hold:
 *
 * 1. the click is `isTrusted` (a real user gesture in this frame);
 * 2. the guard is ARMED: the observed element (the whole page, description and button) has been
 *    continuously visible for {@link APPROVAL_ARM_MS}:
 *    - with IntersectionObserver v2 (`trackVisibility`; Chromium 74+): `entry.isVisible` true and
 *      the element fully in the top-level viewport (ratio 1). The browser reports `isVisible`
 *      false whenever anything is drawn over the element (even with `pointer-events: none`),
 *      when the frame or an ancestor has opacity < 1, a filter, or a transform other than a 2D
 *      translation or proportional scale. Losing it DISARMS and the timer restarts;
 *    - without it (Firefox and Safari today): the element in view (IntersectionObserver v1 where
 *      present) and the document visible, for the same time, and at the click the frame's
 *      document has focus (`document.hasFocus()`; a real click focuses the frame first); see
 *      residual risks;
 *    - in both: `document.visibilityState` 'visible' throughout, and no resize of the frame's
 *      viewport (a host resizing the iframe to slide the button under the cursor) for that time;
 * 3. the click lands on the button: its target is the button and, for pointer clicks, the point
 *    clicked (`elementFromPoint`) is inside it. A keyboard activation (Enter/Space; `detail` 0)
 *    counts only when the button was focused by the user's own Tab key inside this frame (the
 *    host can focus the iframe, but not an element inside it, and the page never autofocuses).
 *
 * Residual risks (documented, not covered):
 * - Browsers without IntersectionObserver v2 cannot tell this frame is covered, transparent or
 *   transformed: a host page can still overlay a decoy and have the user click through it after
 *   the minimum display time. The page draws what is signed, and the host engineer's modal is
 *   the only thing around it; the risk is the same as a payment iframe's on these browsers.
 * - A 2D translation keeps `isVisible` true: a host can move a fully visible frame under the
 *   cursor just before a click (after the arm time, since the frame was visible somewhere). A
 *   resize disarms; a move by `left`/`top`/`translate` does not. The user still sees the page.
 * - The user may approve without reading; the guard only ensures they could see it.
 * - A compromised browser or extension with access to the frame's origin is out of scope.
 */

/**
 * Minimum continuous display before the approve button arms, in ms. Above the 500 ms input
 * protection Chromium applies to its own permission prompts and the usual 500 ms double-click
 * interval (a second click of a double-click started on the host page lands too early), below
 * Firefox's 1000 ms dialog delay so an attentive user does not wait; IntersectionObserver v2's
 * own 100 ms `delay` comes on top, so in Chromium the frame has been seen unobscured for at
 * least ~800 ms before a click counts.
 */
export const APPROVAL_ARM_MS = 700;
/** IntersectionObserver v2 `delay` (ms): the minimum the API allows with `trackVisibility`. */
export const VISIBILITY_DELAY_MS = 100;
/**
 * While disarmed, how often the guard asks the browser again (ms): it stops observing and
 * observes anew, and the browser answers a new observation with the element's state right now.
 * A visibility change the browser did not report (a missed notification after an ancestor's
 * animation ends, on a busy machine) must not leave the user before a button that never arms.
 * Asking again can only confirm what the browser computes; it never arms by itself.
 */
export const VISIBILITY_RECHECK_MS = 1000;
/** How long after a trusted Tab keydown a focus of the button counts as the user's (ms). */
const KEYBOARD_FOCUS_WINDOW_MS = 1000;

/** The note a refused click shows inside the frame, in English (`locales/<lc>.ts` `approve.refused`). */
export const CLICK_REFUSED_TEXT = en.approve.refused;

/** Why a click was refused (stable codes, for tests and the page's `data-refused`). */
export type ClickRefusal = 'untrusted' | 'not_armed' | 'hidden' | 'not_focused' | 'not_on_button';

/** The verdict on one click. */
export type ClickVerdict = { ok: true } | { ok: false; reason: ClickRefusal };

/** Which signal arms the guard. */
export type ClickGuardMode = 'visibility-v2' | 'fallback';

/** The IntersectionObserver constructor as used here (real, or a fake in tests). */
export type IntersectionObserverLike = new (
  callback: (entries: IntersectionObserverEntry[]) => void,
  options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
) => Pick<IntersectionObserver, 'observe' | 'disconnect'>;

/** Options of {@link createClickGuard}. */
export interface ClickGuardOptions {
  /** The page whose visibility arms the guard (the whole approval view). */
  observed: Element;
  /** The approve button. */
  button: HTMLElement;
  win: Window;
  doc: Document;
  /**
   * IntersectionObserver; default `win.IntersectionObserver`. Absent: the fallback without any
   * in-view signal (document visibility and time only); `null` forces that.
   */
  IntersectionObserver?: IntersectionObserverLike | null;
  /**
   * Whether the observer has v2 `isVisible`. Default: `'isVisible' in
   * win.IntersectionObserverEntry.prototype`.
   */
  hasVisibilityV2?: boolean;
  /** Arm time in ms; default {@link APPROVAL_ARM_MS}. */
  armMs?: number;
  /** Re-observation period while disarmed, in ms; default {@link VISIBILITY_RECHECK_MS}. */
  recheckMs?: number;
  /** Clock in ms; default `performance.now` of `win` (or `Date.now`). */
  now?: () => number;
  /** Called whenever the guard arms or disarms. */
  onChange?: (armed: boolean) => void;
}

/** A running guard. */
export interface ClickGuard {
  readonly mode: ClickGuardMode;
  /** True once the page has been continuously visible for the arm time. */
  isArmed(): boolean;
  /** Judges a click on the button (call it from the button's click listener). */
  check(event: MouseEvent): ClickVerdict;
  /** Stops observing; the guard stays disarmed. */
  dispose(): void;
}

/** True when the environment has IntersectionObserver v2 (`isVisible` on entries). */
export function hasIntersectionObserverV2(win: Window): boolean {
  const Entry = (win as unknown as { IntersectionObserverEntry?: { prototype: object } })
    .IntersectionObserverEntry;
  return Boolean(Entry && 'isVisible' in Entry.prototype);
}

/** Ratio under which the page is not "fully in view" (rounding of fractional pixel sizes). */
const FULL_RATIO = 0.99;

/**
 * Starts the guard of the approve button (see the module docs for what it checks and its
 * residual risks). The guard starts disarmed; it arms {@link APPROVAL_ARM_MS} after the page
 * became (and stayed) visible and unobscured.
 */
export function createClickGuard(options: ClickGuardOptions): ClickGuard {
  const { observed, button, win, doc } = options;
  const armMs = options.armMs ?? APPROVAL_ARM_MS;
  const perf = (win as unknown as { performance?: Performance }).performance;
  const now = options.now ?? (perf ? () => perf.now() : () => Date.now());
  const Observer =
    options.IntersectionObserver === undefined
      ? (win as unknown as { IntersectionObserver?: IntersectionObserverLike }).IntersectionObserver
      : options.IntersectionObserver;
  const v2 = Boolean(Observer) && (options.hasVisibilityV2 ?? hasIntersectionObserverV2(win));
  const mode: ClickGuardMode = v2 ? 'visibility-v2' : 'fallback';

  // Without any observer the in-view signal is assumed (fallback: time + document visibility).
  let inView = !Observer;
  let armed = false;
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastTabAt = -Infinity;
  let keyboardFocus = false;

  const setArmed = (next: boolean) => {
    if (armed === next) return;
    armed = next;
    button.setAttribute('data-armed', String(next));
    options.onChange?.(next);
  };

  const documentVisible = () =>
    doc.visibilityState === undefined || doc.visibilityState === 'visible';

  /** Disarms and, if the page is visible now, starts the arm timer again from zero. */
  const restart = () => {
    clearTimeout(timer);
    timer = undefined;
    setArmed(false);
    if (disposed || !inView || !documentVisible()) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!disposed && inView && documentVisible()) setArmed(true);
    }, armMs);
  };

  button.setAttribute('data-armed', 'false');

  let observer: Pick<IntersectionObserver, 'observe' | 'disconnect'> | undefined;
  if (Observer) {
    observer = new Observer(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        const full = entry.isIntersecting && entry.intersectionRatio >= FULL_RATIO;
        const visible = v2 ? (entry as { isVisible?: boolean }).isVisible === true : true;
        const next = full && visible;
        // Any report that the page is not fully visible disarms; a report that it is starts
        // the timer unless it is already running or armed.
        if (!next) {
          inView = false;
          restart();
        } else if (!inView) {
          inView = true;
          restart();
        }
      },
      v2
        ? { trackVisibility: true, delay: VISIBILITY_DELAY_MS, threshold: [1] }
        : { threshold: [FULL_RATIO, 1] },
    );
    observer.observe(observed);
  }
  // Asks again while not armed and no arm timer runs (see VISIBILITY_RECHECK_MS).
  const watching = observer;
  const recheck = watching
    ? setInterval(() => {
        if (disposed || armed || timer !== undefined) return;
        watching.disconnect();
        watching.observe(observed);
      }, options.recheckMs ?? VISIBILITY_RECHECK_MS)
    : undefined;

  const onVisibility = () => restart();
  const onResize = () => restart();
  const onKeydown = (event: KeyboardEvent) => {
    if (event.isTrusted && event.key === 'Tab') lastTabAt = now();
  };
  const onFocus = (event: FocusEvent) => {
    keyboardFocus = event.isTrusted && now() - lastTabAt <= KEYBOARD_FOCUS_WINDOW_MS;
  };
  const onBlur = () => {
    keyboardFocus = false;
  };
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('resize', onResize);
  doc.addEventListener('keydown', onKeydown, true);
  button.addEventListener('focus', onFocus);
  button.addEventListener('blur', onBlur);
  restart();

  const landsOnButton = (event: MouseEvent): boolean => {
    const target = event.target as Node | null;
    if (!target || !button.contains(target)) return false;
    if (event.detail === 0) {
      // Keyboard activation (Enter/Space): only when the user tabbed to the button here.
      return keyboardFocus && doc.activeElement === button;
    }
    const hit =
      typeof doc.elementFromPoint === 'function'
        ? doc.elementFromPoint(event.clientX, event.clientY)
        : null;
    return hit !== null && button.contains(hit);
  };

  return {
    mode,
    isArmed: () => armed,
    check(event) {
      if (!event.isTrusted) return { ok: false, reason: 'untrusted' };
      if (!documentVisible()) return { ok: false, reason: 'hidden' };
      if (!armed) return { ok: false, reason: 'not_armed' };
      // Fallback focus check: a real click in this frame focuses it (mousedown comes first), so
      // a click while the frame's document does not have focus did not come from this frame.
      if (!v2 && typeof doc.hasFocus === 'function' && !doc.hasFocus()) {
        return { ok: false, reason: 'not_focused' };
      }
      if (!landsOnButton(event)) return { ok: false, reason: 'not_on_button' };
      return { ok: true };
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      clearInterval(recheck);
      setArmed(false);
      observer?.disconnect();
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('resize', onResize);
      doc.removeEventListener('keydown', onKeydown, true);
      button.removeEventListener('focus', onFocus);
      button.removeEventListener('blur', onBlur);
    },
  };
}
