import { FRAME_ESCAPE_EVENT } from '@latchkey/api';
import { type RefObject, useContext, useEffect, useRef } from 'react';
import { ModalContext } from '../Modal/ModalContext.ts';

/**
 * The iframe under `root` that sent `event` with `data.event === name`: its `source` is that
 * iframe's window and its `origin` the origin of that iframe's `src`; else null.
 */
export function frameMessageSource(
  event: MessageEvent,
  root: ParentNode,
  name: string,
): HTMLIFrameElement | null {
  const data = event.data as unknown;
  if (typeof data !== 'object' || data === null) return null;
  if ((data as { event?: unknown }).event !== name) return null;
  for (const iframe of root.querySelectorAll('iframe')) {
    if (event.source === null || iframe.contentWindow !== event.source) continue;
    try {
      return event.origin === new URL(iframe.src).origin ? iframe : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * True when `event` is a frame's Escape message from one of the iframes inside `root`: its
 * `source` is that iframe's window and its `origin` the origin of that iframe's `src`.
 */
export function isFrameEscape(event: MessageEvent, root: ParentNode): boolean {
  return frameMessageSource(event, root, FRAME_ESCAPE_EVENT) !== null;
}

/**
 * Makes Escape pressed inside a wallet frame under `container` close the modal as Escape
 * anywhere else in it does (issue 14 item 5): through the modal's one graceful close path
 * (`requestClose`: the screen's cancel first, e.g. the request rejected with 4001; nothing
 * when the modal is not closeable). Messages from other windows or origins are ignored.
 * Outside the modal (no modal context) it does nothing.
 */
export function useFrameEscape(container: RefObject<HTMLElement | null>): void {
  const modal = useContext(ModalContext);
  const close = useRef(modal?.requestClose);
  close.current = modal?.requestClose;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const root = container.current;
      if (root && isFrameEscape(event, root)) close.current?.();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [container]);
}
