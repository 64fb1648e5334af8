/** Test helpers of the approval page: clicks as a person and a script make them, a fake observer. */
import type { IntersectionObserverLike } from '../click-guard.ts';

/** A click as a person makes it: trusted, on the button, at a point inside it. */
export function trustedClick(target: Element) {
  document.elementFromPoint = () => target;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

/** A click made by a script: `isTrusted` false. */
export function syntheticClick(target: Element) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 });
  Object.defineProperty(event, 'isTrusted', { value: false });
  target.dispatchEvent(event);
}

/** The element of `data-testid` `testId`. */
export const $ = (testId: string) =>
  document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fake IntersectionObserver v2 the test drives: `visible(true|false)` reports an entry. */
export function fakeVisibility() {
  let callback: ((entries: IntersectionObserverEntry[]) => void) | null = null;
  const Observer = class {
    constructor(cb: (entries: IntersectionObserverEntry[]) => void) {
      callback = cb;
    }
    observe() {}
    disconnect() {
      callback = null;
    }
  } as unknown as IntersectionObserverLike;
  const visible = (isVisible: boolean) =>
    callback?.([
      {
        isIntersecting: true,
        intersectionRatio: 1,
        isVisible,
      } as unknown as IntersectionObserverEntry,
    ]);
  return { Observer, visible };
}

/** Resets what an approval page changed in the shared document. */
export function resetDocument() {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
}
