import { FRAME_RESIZE_EVENT } from '@latchkey/api';
import { type RefObject, useEffect } from 'react';
import { frameMessageSource } from './useFrameEscape.ts';

/** Bounds of a frame's height in CSS px (see {@link useFrameHeight}). */
export interface FrameHeightBounds {
  min: number;
  max: number;
}

/**
 * Sizes the wallet frame under `container` to the height its page reports (issue 14: the export
 * page in a longer locale outgrew its fixed frame): a `latchkey:iframe:resize` message
 * ({@link FRAME_RESIZE_EVENT}, `data.height` in CSS px) from that iframe's window and its
 * `src`'s origin sets the iframe's height, clamped to `bounds` (px). Other windows, origins
 * and malformed heights are ignored; until a message comes, the stylesheet's height holds.
 */
export function useFrameHeight(
  container: RefObject<HTMLElement | null>,
  bounds: FrameHeightBounds,
): void {
  const { min, max } = bounds;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const root = container.current;
      if (!root) return;
      const iframe = frameMessageSource(event, root, FRAME_RESIZE_EVENT);
      const height = (event.data as { data?: { height?: unknown } }).data?.height;
      if (!iframe || typeof height !== 'number' || !Number.isFinite(height)) return;
      iframe.style.height = `${Math.min(max, Math.max(min, Math.ceil(height)))}px`;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [container, min, max]);
}
