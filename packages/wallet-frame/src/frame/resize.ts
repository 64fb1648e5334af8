/**
 * A visible frame page's height, told to its parent (issue 14: in a longer locale, e.g. German
 * at 390 px, the export page's content outgrew the host's fixed 340 px frame and Reveal fell
 * below its fold; the password page's steps outgrew its fixed 290 px frame likewise). The
 * export and password pages post their content's height to the parent's exact origin (never
 * `*`) whenever it changes; the host sizes the iframe within its own bounds. The message
 * carries one number: nothing of the wallet.
 */
import { FRAME_RESIZE_EVENT } from '@latchkey/api';

/** The message a frame page posts to its parent when its content's height changes. */
export interface FrameResizeMessage {
  event: typeof FRAME_RESIZE_EVENT;
  /** `height`: the content's height in CSS px, rounded up. */
  data: { height: number };
}

/** What the reporter uses: the observed element, the parent window, a ResizeObserver. */
export interface HeightReporterTarget {
  element: Pick<HTMLElement, 'getBoundingClientRect'>;
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  ResizeObserver?: typeof ResizeObserver;
}

/**
 * Posts a {@link FrameResizeMessage} with `element`'s height (border box, CSS px, rounded up)
 * to the parent page at `parentOrigin` now and whenever it changes (a `ResizeObserver`; without
 * one, only now). The same height is not posted twice in a row, and a height of 0 (nothing
 * drawn yet, e.g. the password page before its request: `display: none`) is not posted, so the
 * host keeps its stylesheet's height until there is content.
 * @returns a function that stops reporting.
 * @throws Error when `parentOrigin` is `*` or not an exact origin.
 */
export function reportHeightToParent(
  { element, parent, ResizeObserver: Observer }: HeightReporterTarget,
  parentOrigin: string,
): () => void {
  if (parentOrigin === '*' || new URL(parentOrigin).origin !== parentOrigin) {
    throw new Error(`Not an exact origin: ${parentOrigin}`);
  }
  let last = -1;
  const report = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last || !Number.isFinite(height) || height <= 0) return;
    last = height;
    const message: FrameResizeMessage = { event: FRAME_RESIZE_EVENT, data: { height } };
    parent.postMessage(message, parentOrigin);
  };
  report();
  if (!Observer) return () => undefined;
  const observer = new Observer(report);
  observer.observe(element as Element);
  return () => observer.disconnect();
}
