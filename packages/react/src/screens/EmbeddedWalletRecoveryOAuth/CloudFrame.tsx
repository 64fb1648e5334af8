import type { CloudRecoveryMethod } from '@latchkey/api';
import { type CloudFlowResult, mountCloudFrame } from '@latchkey/core/embedded-wallet';
import type { CloudOAuthReturn, EmbeddedWalletCloudAction, WalletController } from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import type { ResolvedConfig } from '../../config/resolveConfig.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { useFrameEscape } from '../../wallet/useFrameEscape.ts';
import { useFrameHeight } from '../../wallet/useFrameHeight.ts';
import { cloudFrameCss } from './CloudFrame.css.ts';

/** The cloud frame's height bounds in CSS px (its page reports its content's height). */
export const CLOUD_FRAME_HEIGHT = { min: 56, max: 480 } as const;

/** Props of {@link CloudFrame}. */
export interface CloudFrameProps {
  action: EmbeddedWalletCloudAction;
  provider: CloudRecoveryMethod;
  oauthReturn?: CloudOAuthReturn;
  wallet: WalletController;
  config: ResolvedConfig;
  messages: Messages;
  /** The frame's accessible title. */
  title: string;
  /** Spinner label while the top window goes to the provider. */
  redirectingLabel: string;
  /** The page answered `done` (the manager adopted the wallet). */
  onResult: (result: CloudFlowResult) => void;
  /** The frame could not load, or answered an error (it keeps showing its own state). */
  onError: (error: unknown) => void;
}

type FrameState = 'connecting' | 'ready' | 'redirect' | 'error';

/**
 * The wallet's cloud recovery page in a visible frame (issue 23), mounted by core's
 * `mountCloudFrame` through `manager.mountCloud` (one request per mount), themed like the modal
 * and in its language. The page draws the provider's button and opens the provider's sign-in
 * from a click inside it; the provider's token and the cloud key never reach this page. The frame
 * is as tall as its page reports (`useFrameHeight`, {@link CLOUD_FRAME_HEIGHT}); a spinner covers
 * it until the frame has the request, and while the page goes to the provider (redirect).
 */
export function CloudFrame({
  action,
  provider,
  oauthReturn,
  wallet,
  config,
  messages: m,
  title,
  redirectingLabel,
  onResult,
  onError,
}: CloudFrameProps) {
  useStyleSheet(cloudFrameCss);
  const container = useRef<HTMLDivElement>(null);
  useFrameEscape(container);
  useFrameHeight(container, CLOUD_FRAME_HEIGHT);
  const [state, setState] = useState<FrameState>('connecting');
  const latest = useRef({ onResult, onError, title });
  latest.current = { onResult, onError, title };
  const { colorScheme, accent, accentForeground } = config.theme;
  const { locale } = config.intl;
  const code = oauthReturn?.code;
  const stateCode = oauthReturn?.state;

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    return mountCloudFrame({
      wallet,
      host,
      action,
      provider,
      ...(code !== undefined && stateCode !== undefined
        ? { oauthReturn: { code, state: stateCode } }
        : {}),
      theme: { colorScheme, accent, accentForeground, locale },
      frameTitle: latest.current.title,
      unableToRecoverMessage: m.unableToRecoverWallet,
      onReady: () => setState('ready'),
      onResult: (result) => latest.current.onResult(result),
      onRedirect: () => setState('redirect'),
      onError: (error) => {
        setState((s) => (s === 'connecting' ? 'error' : s));
        latest.current.onError(error);
      },
    });
  }, [action, provider, code, stateCode, wallet, m, colorScheme, accent, accentForeground, locale]);

  const busy = state === 'connecting' || state === 'redirect';
  return (
    <div className="lk-cloudframe" data-action={action} data-state={state}>
      <div className="lk-cloudframe__host" ref={container} />
      {busy && (
        <div
          className="lk-cloudframe__busy"
          role="status"
          aria-label={state === 'redirect' ? redirectingLabel : m.walletConnectingTitle}
        >
          <span className="lk-spinner" />
        </div>
      )}
    </div>
  );
}
