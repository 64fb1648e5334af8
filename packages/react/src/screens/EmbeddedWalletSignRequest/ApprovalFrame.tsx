import type { ChainConfig, EmbeddedWalletManager } from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { useFrameEscape } from '../../wallet/useFrameEscape.ts';

/** The approval frame's height (px); the screens read `--lk-approval-frame-height`. */
export const APPROVAL_FRAME_HEIGHT_PX = 320;

/** One signing request for the approval page (issue 24). */
export interface ApprovalRequest {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_signTransaction';
  params: unknown[];
}

/** What the approval frame reports to its screen. */
export type ApprovalFrameEvent =
  { type: 'ready' } | { type: 'approved'; response: unknown } | { type: 'error'; error: unknown };

/**
 * The wallet's approval page framed inside a sign or send screen (issue 24 items 1 and 2):
 * mounted through `manager.mountApproval` (core's `createEmbeddedWalletApproval`), themed like
 * the modal and in its locale, at a fixed height (`--lk-approval-frame-height`, 320 px). The frame draws the
 * request and its own approve button and answers only after the user's trusted click inside
 * it; `onEvent` gets `ready` once loaded, then `approved` with the signature / signed
 * transaction, or `error`. Nothing of the modal may cover the frame (no decorations, shadows,
 * transforms or opacity on it or its ancestors): the frame refuses clicks otherwise.
 * Remounts when `attempt` changes (retry).
 */
export function ApprovalFrame({
  manager,
  request,
  chain,
  buttonText,
  theme,
  title,
  attempt = 0,
  onEvent,
}: {
  manager: EmbeddedWalletManager;
  request: ApprovalRequest;
  chain: ChainConfig;
  buttonText?: string;
  /** The modal's theme and resolved locale (a BCP 47 tag), carried in the page URL. */
  theme: {
    colorScheme?: 'light' | 'dark';
    accent?: string;
    accentForeground?: string;
    locale?: string;
  };
  title: string;
  attempt?: number;
  onEvent: (event: ApprovalFrameEvent) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  // Escape with focus inside the frame closes the modal too (the key never reaches the card).
  useFrameEscape(container);
  const [loading, setLoading] = useState(true);
  const latest = useRef(onEvent);
  latest.current = onEvent;
  // The request is fixed for a mount: compare by value so re-renders do not remount.
  const key = JSON.stringify([request, chain.id, buttonText, theme, attempt]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let live = true;
    let approval: ReturnType<EmbeddedWalletManager['mountApproval']> | null = null;
    setLoading(true);
    // Issue 15: an MFA user's session verifies first (the modal's MFA prompt), since the page
    // fetches the shares itself behind the click and cannot ask for MFA then.
    manager.ensureMfa().then(
      () => {
        if (!live) return;
        const mounted = manager.mountApproval(el, {
          request,
          chain,
          ...(buttonText ? { buttonText } : {}),
          theme,
        });
        approval = mounted;
        mounted.iframe.title = title;
        mounted.ready.then(
          () => {
            if (!live) return;
            setLoading(false);
            latest.current({ type: 'ready' });
          },
          () => {},
        );
        mounted.result.then(
          (response) => live && latest.current({ type: 'approved', response }),
          (error: unknown) => live && latest.current({ type: 'error', error }),
        );
      },
      (error: unknown) => live && latest.current({ type: 'error', error }),
    );
    return () => {
      live = false;
      approval?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the inputs
  }, [manager, key]);

  return (
    <div className="lk-approval" data-loading={loading || undefined}>
      <div className="lk-approval__host" ref={container} data-testid="approval-frame" />
      {loading && (
        <div className="lk-approval__busy" role="status" aria-label={title}>
          <span className="lk-spinner" />
        </div>
      )}
    </div>
  );
}

/**
 * The approval frame's box: a fixed height, no border of its own (the page draws its card). The
 * frame must stay uncovered: the spinner shows only while the frame is loading (hidden), there
 * is no shadow, outline, opacity or transform here.
 */
export const approvalFrameCss = `
.lk-approval { --lk-approval-frame-height: ${APPROVAL_FRAME_HEIGHT_PX}px; position: relative; height: var(--lk-approval-frame-height); }
.lk-approval__host, .lk-approval__host iframe { display: block; width: 100%; height: 100%; border: 0; background: transparent; }
.lk-approval[data-loading] .lk-approval__host iframe { visibility: hidden; }
.lk-approval__busy { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
`;
