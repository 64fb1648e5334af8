import { mountPasswordFrame } from '@latchkey/core/embedded-wallet';
import { type WalletController } from '@latchkey/core';
import type {
  EmbeddedWalletPasswordAction,
  EmbeddedWalletPasswordResult,
  User,
} from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import type { ResolvedConfig } from '../../config/resolveConfig.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useFrameEscape } from '../../wallet/useFrameEscape.ts';
import { useFrameHeight } from '../../wallet/useFrameHeight.ts';
import { passwordFrameCss } from './PasswordFrame.css.ts';

/**
 * The password frame's height bounds in CSS px: it follows its page's content (the page reports
 * it, issue 14) between these, and the room the modal card leaves it (`useFrameHeight`); the
 * stylesheet's 290 px (four-step flow) or 170 px (recovery) until the page first reports.
 */
export const PASSWORD_FRAME_HEIGHT = { min: 120, max: 560 } as const;

/** Props of {@link PasswordFrame}. */
export interface PasswordFrameProps {
  action: EmbeddedWalletPasswordAction;
  wallet: WalletController;
  config: ResolvedConfig;
  messages: Messages;
  /** The frame answered: the user finished inside it (the manager adopted the wallet). */
  onResult: (result: EmbeddedWalletPasswordResult & { user?: User }) => void;
  /** The frame could not load, or answered an error (it keeps showing its own state). */
  onError: (error: unknown) => void;
}

type FrameState = 'connecting' | 'ready' | 'error';

/**
 * The wallet's password page in a visible frame (mounted by core's `mountPasswordFrame`) (issue 24 item 4): the inputs, the strength
 * meter, Copy/Download and the submit button are drawn by the frame, on the API origin, so the
 * password never exists in this page. Mounted through `manager.mountPassword` (one request per
 * mount), themed like the modal. The frame is as tall as its page's content, which the page
 * reports (`useFrameHeight`, {@link PASSWORD_FRAME_HEIGHT}; issue 14: the German steps outgrew
 * the former fixed height), and no taller than the modal card's room; until the first report
 * the stylesheet's height holds (`--lk-password-frame-height`, taller for the four-step flow
 * than for recovery). A spinner covers it until the frame has the request.
 */
export function PasswordFrame({
  action,
  wallet,
  config,
  messages: m,
  onResult,
  onError,
}: PasswordFrameProps) {
  useStyleSheet(passwordFrameCss);
  const container = useRef<HTMLDivElement>(null);
  // Escape with focus inside the frame closes the modal too (the key never reaches the card).
  useFrameEscape(container);
  // The frame is as tall as its page's step (a German step is longer than an English one).
  useFrameHeight(container, PASSWORD_FRAME_HEIGHT);
  const [state, setState] = useState<FrameState>('connecting');
  const latest = useRef({ onResult, onError });
  latest.current = { onResult, onError };
  const { colorScheme, accent, accentForeground } = config.theme;
  // The frame speaks the modal's language (issue 14 item 12): only the tag crosses.
  const { locale } = config.intl;
  const appName = config.appName;

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    return mountPasswordFrame({
      wallet,
      host,
      action,
      theme: { colorScheme, accent, accentForeground, locale },
      appName,
      frameTitle: m.passwordFrameTitle,
      unableToRecoverMessage: m.unableToRecoverWallet,
      onReady: () => setState('ready'),
      onResult: (result) => latest.current.onResult(result),
      onError: (error) => {
        setState((s) => (s === 'connecting' ? 'error' : s));
        latest.current.onError(error);
      },
    });
  }, [action, wallet, m, colorScheme, accent, accentForeground, locale, appName]);

  return (
    <div className="lk-pwframe" data-action={action} data-state={state}>
      <div className="lk-pwframe__host" ref={container} />
      {state === 'connecting' && (
        <div className="lk-pwframe__busy" role="status" aria-label={m.walletConnectingTitle}>
          <span className="lk-spinner" />
        </div>
      )}
    </div>
  );
}
