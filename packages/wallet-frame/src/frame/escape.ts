/**
 * Escape inside a visible frame page (approve, password, export; issue 14 item 5). A key pressed
 * in this cross-origin frame never reaches the host page, so the modal's own Escape handler
 * cannot see it: the page tells its parent instead, with one message to the parent's exact
 * origin (never `*`), and the host runs the modal's close path (the screen's cancel first).
 */
import { FRAME_ESCAPE_EVENT } from '@latchkey/api';

/** The message a frame page posts to its parent when the user presses Escape in it. */
export interface FrameEscapeMessage {
  event: typeof FRAME_ESCAPE_EVENT;
  data: Record<string, never>;
}

/** The parts of `window` and `document` the forwarder uses. */
export interface EscapeForwarderTarget {
  doc: Pick<Document, 'addEventListener' | 'removeEventListener'>;
  parent: { postMessage(message: unknown, targetOrigin: string): void };
}

/**
 * Forwards the user's Escape key in `doc` to the parent page at `parentOrigin`: a trusted
 * `keydown` of Escape that nothing in the page handled (not `defaultPrevented`) posts a
 * {@link FrameEscapeMessage}. Scripted key events are ignored.
 * @returns a function that stops forwarding.
 * @throws Error when `parentOrigin` is `*` or not an exact origin.
 */
export function forwardEscapeToParent(
  { doc, parent }: EscapeForwarderTarget,
  parentOrigin: string,
): () => void {
  if (parentOrigin === '*' || new URL(parentOrigin).origin !== parentOrigin) {
    throw new Error(`Not an exact origin: ${parentOrigin}`);
  }
  const onKeydown = (event: KeyboardEvent) => {
    if (!event.isTrusted || event.key !== 'Escape' || event.defaultPrevented) return;
    const message: FrameEscapeMessage = { event: FRAME_ESCAPE_EVENT, data: {} };
    parent.postMessage(message, parentOrigin);
  };
  doc.addEventListener('keydown', onKeydown);
  return () => doc.removeEventListener('keydown', onKeydown);
}
