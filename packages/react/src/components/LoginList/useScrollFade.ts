import { type RefCallback, useCallback, useEffect, useState } from 'react';

/** Where a scrolling box has more to show: above its top edge, below its bottom edge. */
export interface ScrollFade {
  /** Content hidden above (the box is scrolled down by more than 1 px). */
  top: boolean;
  /** Content hidden below (more than 1 px left to scroll). */
  bottom: boolean;
}

/** Sub-pixel scroll positions (zoom, fractional heights) count as the edge. */
const EDGE_PX = 1;

const NONE: ScrollFade = { top: false, bottom: false };

/** The {@link ScrollFade} of `el` from its scroll position and sizes. */
export function scrollFadeOf(el: Pick<Element, 'scrollTop' | 'scrollHeight' | 'clientHeight'>) {
  return {
    top: el.scrollTop > EDGE_PX,
    bottom: el.scrollTop + el.clientHeight < el.scrollHeight - EDGE_PX,
  };
}

/**
 * Tracks whether a scroll container has content hidden above or below it (issue 14 item 3:
 * the login list shows that it scrolls with a fade edge, and only when there is more to
 * scroll). Updates on scroll, when the box or a child changes size (`ResizeObserver`: the
 * modal fitting a smaller window, a font loading) and when children come or go
 * (`MutationObserver`: a wallet announced through EIP-6963, another view). Nothing animates,
 * so there is nothing for `prefers-reduced-motion` to turn off.
 *
 * @returns a callback ref for the container, its {@link ScrollFade}, and the container.
 * @example
 * const { ref, fade } = useScrollFade<HTMLUListElement>();
 * return <ul ref={ref} data-fade-bottom={fade.bottom || undefined}>...</ul>;
 */
export function useScrollFade<T extends HTMLElement>(): {
  ref: RefCallback<T>;
  fade: ScrollFade;
  element: T | null;
} {
  const [element, setElement] = useState<T | null>(null);
  const [fade, setFade] = useState<ScrollFade>(NONE);
  const ref = useCallback<RefCallback<T>>((el) => setElement(el), []);

  useEffect(() => {
    if (!element) return;
    const update = () => {
      const next = scrollFadeOf(element);
      setFade((prev) => (prev.top === next.top && prev.bottom === next.bottom ? prev : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    const observeAll = () => {
      if (!resize) return;
      resize.disconnect();
      resize.observe(element);
      for (const child of Array.from(element.children)) resize.observe(child);
    };
    observeAll();
    const mutation =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            observeAll();
            update();
          });
    mutation?.observe(element, { childList: true, subtree: true });
    return () => {
      element.removeEventListener('scroll', update);
      resize?.disconnect();
      mutation?.disconnect();
    };
  }, [element]);

  return { ref, fade: element ? fade : NONE, element };
}
