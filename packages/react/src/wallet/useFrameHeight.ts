import { FRAME_RESIZE_EVENT } from '@latchkey/api';
import { type RefObject, useEffect } from 'react';
import { fitInCard } from '../Modal/fitInCard.ts';
import { frameMessageSource } from './useFrameEscape.ts';

/** Bounds of a frame's height in CSS px (see {@link useFrameHeight}). */
export interface FrameHeightBounds {
  min: number;
  max: number;
}

/**
 * The custom property {@link useFrameHeight} sets on the frame's container (`fitInCard`): the
 * height, in CSS px, of everything else the modal card holds (top bar, header, buttons,
 * footer, the frame's own border).
 */
export const FRAME_REST_PROPERTY = '--lk-frame-rest';

/**
 * The iframe's CSS `max-height` for `bounds` (px): the room its modal card leaves it, that is
 * the card's maximum height (`--lk-card-max`, `Modal.css.ts`) less {@link FRAME_REST_PROPERTY},
 * at most `bounds.max` and never under `bounds.min`. E.g. `{ min: 160, max: 560 }` gives
 * `max(160px, min(560px, calc(var(--lk-card-max, 560px) - var(--lk-frame-rest, 0px))))`.
 */
export function frameMaxHeight({ min, max }: FrameHeightBounds): string {
  return `max(${min}px, min(${max}px, calc(var(--lk-card-max, ${max}px) - var(${FRAME_REST_PROPERTY}, 0px))))`;
}

/**
 * Sizes the wallet frame under `container` to the height its page reports (issue 14: the export
 * and password pages in a longer locale outgrew their fixed frames): a `latchkey:iframe:resize`
 * message ({@link FRAME_RESIZE_EVENT}, `data.height` in CSS px) from that iframe's window and
 * its `src`'s origin sets the iframe's height, clamped to `bounds` (px). Other windows, origins
 * and malformed heights are ignored; until a message comes, the stylesheet's height holds.
 *
 * The frame is also the part of the modal card that gives way in a short window (issue 14: the
 * German export frame at 1280x800 pushed the card's 'Protected by' footer out of view): the
 * container gets {@link FRAME_REST_PROPERTY} (`fitInCard`) and the iframe the `max-height` of
 * {@link frameMaxHeight}, so the card's header, buttons and footer keep their place and the
 * page scrolls inside the frame when the card has less room than its content (never under
 * `bounds.min`; below that the card scrolls).
 */
export function useFrameHeight(
  container: RefObject<HTMLElement | null>,
  bounds: FrameHeightBounds,
): void {
  const { min, max } = bounds;
  useEffect(() => {
    const root = container.current;
    return root ? fitInCard(root, FRAME_REST_PROPERTY) : undefined;
  }, [container]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const root = container.current;
      if (!root) return;
      const iframe = frameMessageSource(event, root, FRAME_RESIZE_EVENT);
      const height = (event.data as { data?: { height?: unknown } }).data?.height;
      if (!iframe || typeof height !== 'number' || !Number.isFinite(height)) return;
      iframe.style.height = `${Math.min(max, Math.max(min, Math.ceil(height)))}px`;
      iframe.style.maxHeight = frameMaxHeight({ min, max });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [container, min, max]);
}
