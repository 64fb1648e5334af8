import { generatePassword, passwordStrength, recoveryFileName } from '@latchkey/core';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { AlertIcon, CheckIcon, LockIcon } from '../../components/Icons/Icons.tsx';
import { ModalHeader } from '../../components/ModalHeader/ModalHeader.tsx';
import { PasswordInput } from '../../components/PasswordInput/PasswordInput.tsx';
import { walletLayoutCss } from '../../components/WalletLayout/WalletLayout.css.ts';
import { createPasswordFlow, type PasswordFlow } from '../../flows/passwordFlow.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { passwordCreateCss } from './EmbeddedWalletPasswordCreate.css.ts';

/** Copy feedback and download-URL lifetimes (spec section 9). */
export const COPIED_FEEDBACK_MS = 1500;
export const DOWNLOAD_URL_TTL_MS = 5000;

/** Props of {@link PasswordFlowView}. */
export interface PasswordFlowViewProps {
  messages: Messages;
  appName: string;
  /** Sets the password; rejects on failure. */
  submit: (password: string) => Promise<void>;
  /** Started by the app: no Cancel, and done closes itself after 1400 ms. */
  automatic: boolean;
  /** Title of step 1 (set or update). */
  title: string;
  detail: string;
  /** Cancel (user-started flows) and Close after the result. */
  onCancel: () => void;
  onDone: () => void;
}

/**
 * The four-step password flow (spec section 2): 1 set (strength meter, show/hide, generate a
 * 4-word password), 2 save (Copy with 1500 ms 'Copied', Download), 3 confirm ('Passwords do not
 * match'), 4 acknowledge and 'Set Password'; then 'Success' or 'Something went wrong' with Close.
 * Back reverses. State and timers live in {@link createPasswordFlow}.
 */
export function PasswordFlowView(props: PasswordFlowViewProps) {
  useStyleSheet(walletLayoutCss);
  useStyleSheet(passwordCreateCss);
  const latest = useRef(props);
  latest.current = props;
  // Created during render so the first input exists when the modal moves focus into the screen.
  const [flow] = useState(() =>
    createPasswordFlow({
      submit: (password) => latest.current.submit(password),
      automatic: props.automatic,
      onAutoClose: () => latest.current.onDone(),
    }),
  );
  useEffect(() => () => flow.stop(), [flow]);
  return <Steps flow={flow} {...props} />;
}

function Steps({ flow, messages: m, ...props }: PasswordFlowViewProps & { flow: PasswordFlow }) {
  const subscribe = useCallback((l: () => void) => flow.subscribe(l), [flow]);
  const state = useSyncExternalStore(subscribe, flow.getState, flow.getState);
  const canContinue = flow.canContinue();
  const stepNumber = ['creating', 'saving', 'confirming', 'finalizing'].indexOf(state.step) + 1;
  const back =
    stepNumber > 1 ? (
      <Button variant="link" className="lk-pw__back" onClick={() => flow.back()}>
        {`‹ ${m.back}`}
      </Button>
    ) : null;
  const stepLabel = stepNumber > 0 ? <p className="lk-pw__step">{`${stepNumber} / 4`}</p> : null;

  switch (state.step) {
    case 'creating':
      return (
        <form
          className="lk-wallet lk-pw"
          data-step="creating"
          onSubmit={(e) => {
            e.preventDefault();
            void flow.next();
          }}
        >
          <ModalHeader title={props.title} message={props.detail} icon={<LockIcon />} />
          {stepLabel}
          <PasswordInput
            label={m.passwordLabel}
            value={state.password}
            onValueChange={(v) => flow.setPassword(v)}
            error={state.error}
            messages={m}
          />
          <Strength password={state.password} messages={m} />
          <Button variant="secondary" onClick={() => void generateInto(flow)}>
            {m.generatePassword}
          </Button>
          <Button type="submit" disabled={!canContinue}>
            {m.continue}
          </Button>
        </form>
      );
    case 'saving':
      return (
        <div className="lk-wallet lk-pw" data-step="saving">
          {back}
          <ModalHeader
            title={m.passwordSaveTitle}
            message={m.passwordSaveDetail}
            icon={<LockIcon />}
          />
          {stepLabel}
          <p className="lk-wallet__box lk-pw__password" data-testid="saved-password">
            {state.password}
          </p>
          <div className="lk-wallet__actions lk-wallet__actions--row">
            <CopyButton text={state.password} messages={m} />
            <Button
              variant="secondary"
              onClick={() => downloadText(recoveryFileName(props.appName), state.password)}
            >
              {m.download}
            </Button>
          </div>
          <Button onClick={() => void flow.next()}>{m.continue}</Button>
        </div>
      );
    case 'confirming':
      return (
        <form
          className="lk-wallet lk-pw"
          data-step="confirming"
          onSubmit={(e) => {
            e.preventDefault();
            void flow.next();
          }}
        >
          {back}
          <ModalHeader
            title={m.passwordConfirmTitle}
            message={m.passwordConfirmDetail}
            icon={<LockIcon />}
          />
          {stepLabel}
          <PasswordInput
            label={m.confirmPasswordLabel}
            value={state.confirmation}
            onValueChange={(v) => flow.setConfirmation(v)}
            error={state.error}
            messages={m}
          />
          <Button type="submit" disabled={!canContinue}>
            {m.continue}
          </Button>
        </form>
      );
    case 'finalizing':
    case 'submitting': {
      const submitting = state.step === 'submitting';
      return (
        <div className="lk-wallet lk-pw" data-step={state.step}>
          {!submitting && back}
          <ModalHeader title={m.passwordFinalizeTitle} icon={<LockIcon />} />
          {stepLabel}
          <label className="lk-pw__ack">
            <input
              type="checkbox"
              checked={state.acknowledged}
              disabled={submitting}
              onChange={(e) => flow.setAcknowledged(e.target.checked)}
            />
            <span>{m.passwordAcknowledgement}</span>
          </label>
          <div className="lk-wallet__actions lk-wallet__actions--row">
            {!props.automatic && (
              <Button variant="secondary" disabled={submitting} onClick={props.onCancel}>
                {m.cancel}
              </Button>
            )}
            <Button disabled={!canContinue || submitting} onClick={() => void flow.next()}>
              {submitting ? m.settingPassword : m.setPassword}
            </Button>
          </div>
        </div>
      );
    }
    case 'done':
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
    case 'failed':
      return (
        <div className="lk-wallet lk-pw" data-step="failed">
          <ModalHeader
            title={m.passwordFailureTitle}
            message={state.failure ?? m.walletGenericError}
            icon={<AlertIcon />}
            iconTone="danger"
          />
          <Button onClick={props.onCancel}>{m.close}</Button>
        </div>
      );
  }
}

/** Strength meter: Weak / Medium / Strong from core's `passwordStrength` (spec section 5). */
function Strength({ password, messages: m }: { password: string; messages: Messages }) {
  const { value, label } = passwordStrength(password);
  const text = {
    Weak: m.passwordStrengthWeak,
    Medium: m.passwordStrengthMedium,
    Strong: m.passwordStrengthStrong,
  }[label];
  return (
    <div className="lk-pw__strength" data-label={label} data-value={value.toFixed(3)}>
      <span
        className="lk-pw__meter"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={Number(value.toFixed(3))}
        aria-label={m.passwordStrengthLabel.replace('{label}', text)}
      >
        <span style={{ width: `${Math.max(4, Math.round(value * 100))}%` }} />
      </span>
      <span className="lk-pw__strength-label">
        {m.passwordStrengthLabel.replace('{label}', text)}
      </span>
    </div>
  );
}

/** Fills a generated 4-word password (BIP-39 English list, loaded with this screen only). */
async function generateInto(flow: PasswordFlow) {
  const { wordlist } = await import('@scure/bip39/wordlists/english.js');
  flow.setPassword(generatePassword(wordlist));
}

function CopyButton({ text, messages: m }: { text: string; messages: Messages }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? m.copied : m.copy}
    </Button>
  );
}

/** Downloads `text` as a .txt file; the object URL is revoked after 5 s (spec section 9). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_TTL_MS);
}
