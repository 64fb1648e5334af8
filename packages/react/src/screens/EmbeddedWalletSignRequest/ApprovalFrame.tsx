import type { ChainConfig, EmbeddedWalletManager, SolanaApprovalPrompt } from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { useFrameEscape } from '../../wallet/useFrameEscape.ts';

/** The approval frame's height (px); the screens read `--lk-approval-frame-height`. */
export const APPROVAL_FRAME_HEIGHT_PX = 320;

/** One signing request for the approval page (issue 24). */
export interface ApprovalRequest {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'eth_signTransaction';
  params: unknown[];
}

/** The modal's theme and resolved locale (a BCP 47 tag), carried in the approval page URL. */
export type ApprovalTheme = {
  colorScheme?: 'light' | 'dark';
  accent?: string;
  accentForeground?: string;
  locale?: string;
};

/**
 * What an approval frame mounts (issue 24; issue 22 item 2 for Solana): `key` names the
 * request (the frame remounts when it changes), `owner` the manager behind it.
 */
export interface ApprovalSource {
  key: string;
  owner: unknown;
  ensureMfa(): Promise<void>;
  mount(
    container: HTMLElement,
    options: { buttonText?: string; theme: ApprovalTheme },
  ): ReturnType<EmbeddedWalletManager['mountApproval']>;
}

/** An Ethereum request on the Ethereum manager's approval page (`latchkey:wallet:approve`). */
export function ethereumApproval(
  manager: EmbeddedWalletManager,
  request: ApprovalRequest,
  chain: ChainConfig,
): ApprovalSource {
  return {
    key: JSON.stringify([request, chain.id]),
    owner: manager,
    ensureMfa: () => manager.ensureMfa(),
    mount: (container, { buttonText, theme }) =>
      manager.mountApproval(container, {
        request,
        chain,
        ...(buttonText ? { buttonText } : {}),
        theme,
      }),
  };
}

/** A Solana request (`latchkey:solana-wallet:approve`) as the Solana wallet asked for it. */
export function solanaApproval(prompt: SolanaApprovalPrompt): ApprovalSource {
  return {
    key: JSON.stringify([prompt.address, prompt.request, prompt.cluster]),
    owner: prompt,
    ensureMfa: () => prompt.ensureMfa(),
    mount: (container, { buttonText, theme }) =>
      prompt.mount(container, { ...(buttonText ? { buttonText } : {}), theme }),
  };
}

/** What the approval frame reports to its screen. */
export type ApprovalFrameEvent =
  { type: 'ready' } | { type: 'approved'; response: unknown } | { type: 'error'; error: unknown };

/**
 * The wallet's approval page framed inside a sign or send screen (issue 24 items 1 and 2;
 * issue 22 item 2 for Solana): mounted through `source` (the Ethereum manager's
 * `mountApproval` for {@link ethereumApproval}, the Solana wallet's for {@link solanaApproval};
 * core's `createEmbeddedWalletApproval`), themed like the modal and in its locale, at a fixed
 * height (`--lk-approval-frame-height`, 320 px). The frame draws the request and its own
 * approve button and answers only after the user's trusted click inside it; `onEvent` gets
 * `ready` once loaded, then `approved` with the signature / signed transaction, or `error`.
 * Nothing of the modal may cover the frame (no decorations, shadows, transforms or opacity on
 * it or its ancestors): the frame refuses clicks otherwise. Remounts when `attempt` changes
 * (retry).
 */
export function ApprovalFrame({
  source,
  buttonText,
  theme,
  title,
  attempt = 0,
  onEvent,
}: {
  source: ApprovalSource;
  buttonText?: string;
  theme: ApprovalTheme;
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
  const latestSource = useRef(source);
  latestSource.current = source;
  // The request is fixed for a mount: compare by value so re-renders do not remount.
  const key = JSON.stringify([source.key, buttonText, theme, attempt]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const current = latestSource.current;
    let live = true;
    let approval: ReturnType<ApprovalSource['mount']> | null = null;
    setLoading(true);
    // Issue 15: an MFA user's session verifies first (the modal's MFA prompt), since the page
    // fetches the shares itself behind the click and cannot ask for MFA then.
    current.ensureMfa().then(
      () => {
        if (!live) return;
        const mounted = current.mount(el, { ...(buttonText ? { buttonText } : {}), theme });
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
  }, [source.owner, key]);

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
