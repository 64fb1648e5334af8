import { MODAL_TRANSITION_MS } from '@latchkey/api';
import { useLayoutEffect, useState } from 'react';

/**
 * The attribute {@link useAnimatedHeight} sets on the box while its height moves (unless the
 * box is scrolled down): the stylesheet clips the box then (`overflow: clip`), so a growing
 * screen shows no scrollbar for the 150 ms and focusing an input below the fold cannot scroll it.
 */
export const RESIZING_ATTRIBUTE = 'data-resizing';

/**
 * The attribute an opening modal's frame carries while its first screen's code loads (the
 * frame is hidden then): {@link useAnimatedHeight} leaves the box at `height: auto` meanwhile,
 * so the first screen appears at its height instead of growing from the spinner's.
 */
export const LOADING_ATTRIBUTE = 'data-loading';

/**
 * Gives a box an explicit `height` that follows its content's, so the stylesheet's `height`
 * transition animates a screen change instead of the card jumping (issue 14 item 2, "No
 * flicker, no jumps"; the modal's 150 ms, spec section 2). The box is the content element's
 * parent; its height is the content's border-box height plus the box's own borders, in CSS px,
 * rounded up. A `ResizeObserver` on the content reports every change (a new screen, an error
 * line, the first layout, before the first paint); the first sets the height without animation
 * (from `auto`), as does the first after a {@link LOADING_ATTRIBUTE} frame. While a change animates, the box carries {@link RESIZING_ATTRIBUTE}. A
 * `max-height` on the box still wins; the box scrolls as before once the change is over.
 * Without `ResizeObserver` (old browsers, test DOMs) the box keeps `height: auto`.
 *
 * @returns A callback ref for the content element.
 */
export function useAnimatedHeight(): (content: HTMLElement | null) => void {
  const [content, setContent] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const box = content?.parentElement;
    if (!content || !box || typeof ResizeObserver === 'undefined') return;
    let last: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (contentHeight: number) => {
      if (box.closest(`[${LOADING_ATTRIBUTE}]`)) {
        last = null;
        box.style.height = '';
        return;
      }
      const style = getComputedStyle(box);
      const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
      const height = Math.ceil(contentHeight + (borders || 0));
      if (height === last) return;
      // A box scrolled down already shows its scrollbar, and clipping would lose its place.
      if (last !== null && box.scrollTop === 0) {
        box.setAttribute(RESIZING_ATTRIBUTE, '');
        clearTimeout(timer);
        timer = setTimeout(() => box.removeAttribute(RESIZING_ATTRIBUTE), MODAL_TRANSITION_MS + 50);
      }
      last = height;
      box.style.height = `${height}px`;
    };
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      const size = entry?.borderBoxSize?.[0];
      apply(size ? size.blockSize : content.offsetHeight);
    });
    observer.observe(content);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      box.removeAttribute(RESIZING_ATTRIBUTE);
      box.style.height = '';
    };
  }, [content]);
  return setContent;
}
