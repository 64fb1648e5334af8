import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { StyleRootContext } from '../styles/useStyleSheet.ts';

/** Props of {@link ShadowHost}. */
export interface ShadowHostProps {
  children: ReactNode;
}

/**
 * Renders `children` inside an open shadow root attached to a `<div class="lk-host">`, so the
 * host page's CSS does not reach the modal and the modal's CSS does not leak out. Open (not
 * closed) so tests and the host's Playwright specs can still reach in. Client-only: the shadow
 * root is attached in a layout effect, never during render.
 */
export function ShadowHost({ children }: ShadowHostProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    setRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={hostRef} className="lk-host" data-latchkey="">
      {root &&
        createPortal(
          <StyleRootContext.Provider value={root}>{children}</StyleRootContext.Provider>,
          root,
        )}
    </div>
  );
}
