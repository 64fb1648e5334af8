import {
  passwordFlowClosesItself,
  passwordFlowDone,
  passwordFlowFailed,
  type PasswordFlowStep,
} from '@latchkey/core/embedded-wallet';
import { type WalletController } from '@latchkey/core';
import { SUCCESS_CLOSE_MS } from '@latchkey/api';
import type {
  EmbeddedWalletPasswordAction,
  EmbeddedWalletPasswordResult,
  User,
} from '@latchkey/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, LockIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import type { ResolvedConfig } from '../../config/resolveConfig.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { passwordCreateCss } from './EmbeddedWalletPasswordCreate.css.ts';
import { PasswordFrame } from './PasswordFrame.tsx';

/** Props of {@link PasswordFlowView}. */
export interface PasswordFlowViewProps {
  messages: Messages;
  config: ResolvedConfig;
  wallet: WalletController;
  /** What the password page does: `create`, `set` (from automatic recovery) or `change`. */
  action: Exclude<EmbeddedWalletPasswordAction, 'recover'>;
  /** Started by the app: no Cancel, and done closes itself after 1400 ms. */
  automatic: boolean;
  /** The screen's title and description, drawn above the frame (set or update). */
  title: string;
  detail: string;
  /** The page answered: the wallet is created or its password set (already adopted). */
  onResult?: (result: EmbeddedWalletPasswordResult & { user?: User }) => void;
  /** The page failed (its request is over); the view shows 'Something went wrong'. */
  onFailure?: (error: unknown) => void;
  /** Cancel (user-started flows) and Close after a failure. */
  onCancel: () => void;
  /** Close after success (or the automatic close after 1400 ms). */
  onDone: () => void;
}

/**
 * The password flow of spec section 2 with its inputs inside the wallet frame (issue 24 item 4):
 * the screen's title and description stay here; the frame's password page draws the four steps
 * (set with strength meter, show/hide and generate; save with Copy and Download; confirm;
 * acknowledge and 'Set Password') and runs the change on the user's click inside it. Cancel
 * shows under the frame when the user started the flow. When the page answers: 'Success'
 * (closes itself after 1400 ms when the app started the flow) or 'Something went wrong'.
 */
export function PasswordFlowView(props: PasswordFlowViewProps) {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(passwordCreateCss);
  const { messages: m } = props;
  const [flow, setFlow] = useState<PasswordFlowStep>({ step: 'frame' });
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!passwordFlowClosesItself(flow, props.automatic)) return;
    const timer = setTimeout(() => latest.current.onDone(), SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [flow, props.automatic]);

  if (flow.step === 'done') {
    return (
      <div className="lk-wallet lk-pw" data-step="done">
        <ModalHeader
          title={m.passwordSuccessTitle}
          message={m.passwordSuccessDetail}
          icon={<CheckIcon />}
          iconTone="success"
        />
        <Button onClick={props.onDone}>{m.close}</Button>
      </div>
    );
  }
  if (flow.step === 'failed') {
    return (
      <div className="lk-wallet lk-pw" data-step="failed">
        <ModalHeader
          title={m.passwordFailureTitle}
          message={flow.failure}
          icon={<AlertIcon />}
          iconTone="danger"
        />
        <Button onClick={props.onCancel}>{m.close}</Button>
      </div>
    );
  }
  return (
    <div className="lk-wallet lk-pw" data-step="frame">
      <ModalHeader title={props.title} message={props.detail} icon={<LockIcon />} />
      <PasswordFrame
        action={props.action}
        wallet={props.wallet}
        config={props.config}
        messages={m}
        onResult={(result) => {
          latest.current.onResult?.(result);
          setFlow(passwordFlowDone());
        }}
        onError={(error) => {
          latest.current.onFailure?.(error);
          setFlow(passwordFlowFailed(error));
        }}
      />
      {!props.automatic && (
        <Button variant="secondary" onClick={props.onCancel}>
          {m.cancel}
        </Button>
      )}
    </div>
  );
}
