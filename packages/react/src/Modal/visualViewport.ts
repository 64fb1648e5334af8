import { useLayoutEffect, useState } from 'react';

/** The CSS variables {@link useVisualViewportBox} sets on the overlay, all in CSS px. */
export const VISUAL_VIEWPORT_VARS = {
  left: '--lk-vv-left',
  top: '--lk-vv-top',
  width: '--lk-vv-width',
  height: '--lk-vv-height',
} as const;

/**
 * Copies the visual viewport's box (`window.visualViewport`: offsetLeft, offsetTop, width,
 * height, in CSS px) onto `element` as the {@link VISUAL_VIEWPORT_VARS} variables, and keeps
 * them current on its `resize` and `scroll` events (issue 14 item 9, spec section 9's bottom
 * sheet below 440 px). A fixed element with `inset: 0` spans the layout viewport, which a
 * mobile browser widens to the page when the host page overflows sideways (a 2000 px element
 * on a 390 px phone); the overlay positioned from these variables stays on the part of the
 * page the person sees, so the close and primary buttons cannot be pushed off screen. Without
 * `visualViewport` the stylesheet's fallbacks (`100vw`, `100dvh`) apply.
 *
 * @returns a callback ref for the overlay element.
 */
export function useVisualViewportBox(): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const viewport = typeof window === 'undefined' ? undefined : window.visualViewport;
    if (!element || !viewport) return;
    const update = () => {
      element.style.setProperty(VISUAL_VIEWPORT_VARS.left, `${viewport.offsetLeft}px`);
      element.style.setProperty(VISUAL_VIEWPORT_VARS.top, `${viewport.offsetTop}px`);
      element.style.setProperty(VISUAL_VIEWPORT_VARS.width, `${viewport.width}px`);
      element.style.setProperty(VISUAL_VIEWPORT_VARS.height, `${viewport.height}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [element]);
  return setElement;
}
