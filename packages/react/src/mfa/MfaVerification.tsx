import type { MfaMethod } from '@latchkey/api';
import { mfaClientOf } from '@latchkey/core/embedded-wallet';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../components/Button/Button.tsx';
import { KeyIcon, LockIcon, PhoneIcon, ShieldIcon } from '../components/Icons/Icons.tsx';
import { ModalHeader } from '../components/ModalHeader/ModalHeader.tsx';
import { useInternalLatchkey } from '../hooks/useInternalLatchkey.ts';
import { linkScreenCss } from '../methods/link.css.ts';
import { useModal } from '../Modal/ModalContext.ts';
import { useStyleSheet } from '../styles/useStyleSheet.ts';
import { mfaCss } from './Mfa.css.ts';
import { MfaCodeForm } from './MfaCodeForm.tsx';
import { mfaErrorText, mfaMethodDetail, mfaMethodName } from './mfaText.ts';

/** The method's icon: a phone for SMS, a lock for the authenticator app, a key for passkeys. */
export function MfaMethodIcon({ method }: { method: MfaMethod }) {
  return (
    <span className="lk-mfa__icon">
      {method === 'sms' ? <PhoneIcon /> : method === 'totp' ? <LockIcon /> : <KeyIcon />}
    </span>
  );
}

/** Props of {@link MfaVerification}. */
export interface MfaVerificationProps {
  /** The user's enrolled methods, in the user's order; the first is used first. */
  methods: readonly MfaMethod[];
  /** Called once the server accepted the verification (`verify.submit` answered). */
  onVerified: () => void;
  /** A line above the method's own text (MFA enrolment: 'To add or delete ... is required'). */
  reason?: ReactNode;
}

type PasskeyState = 'waiting' | 'failed';

/**
 * The MFA prompt's body (issue 15; spec section 4, "MFA prompt"), used by
 * MFA_VERIFICATION_SCREEN (a wallet action waits) and by the enrolment screen (changing methods
 * needs a verification). The first of `methods` is selected at once; with several, 'Choose
 * another method' lists them. SMS texts a code when selected (and on 'Resend code'); TOTP asks
 * for the authenticator's code; a passkey runs the browser's passkey dialog at once and
 * submits by itself ('Use my passkey' tries again after a refusal). Codes go through
 * {@link MfaCodeForm}. Everything goes through the client's shared MFA client (`mfaClientOf`),
 * whose `verify.submit` also releases a waiting wallet action.
 */
export function MfaVerification({ methods, onVerified, reason }: MfaVerificationProps) {
  useStyleSheet(linkScreenCss);
  useStyleSheet(mfaCss);
  const { client } = useInternalLatchkey('MfaVerification');
  const { messages: m } = useModal();
  const mfa = mfaClientOf(client);
  const [method, setMethod] = useState<MfaMethod | null>(methods[0] ?? null);
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [passkey, setPasskey] = useState<PasskeyState>('waiting');
  const latestVerified = useRef(onVerified);
  latestVerified.current = onVerified;
  const errorText = useCallback((e: unknown) => mfaErrorText(e, m), [m]);

  /** SMS: texts a code (on selection and on 'Resend code'). */
  const sendSms = useCallback(
    async (resend: boolean) => {
      setError(null);
      setInfo(null);
      try {
        await mfa.verify.init('sms');
        if (resend) setInfo(m.mfaCodeSent);
      } catch (e) {
        setError(errorText(e));
      }
    },
    [mfa, m, errorText],
  );

  /** Passkey: the browser's dialog with the server's options, then the assertion is submitted. */
  const runPasskey = useCallback(async () => {
    setError(null);
    setPasskey('waiting');
    try {
      const options = await mfa.verify.init('passkey');
      const { getPasskey } = await import('@latchkey/core/passkey');
      const response = await getPasskey(options as Record<string, unknown>);
      await mfa.verify.submit('passkey', response as object);
      latestVerified.current();
    } catch (e) {
      setPasskey('failed');
      setError(errorText(e));
    }
  }, [mfa, errorText]);

  // Selecting a method starts it: SMS texts a code, a passkey opens the browser's dialog (once
  // per selection: StrictMode's second effect run sends nothing more).
  const started = useRef<{ method: MfaMethod | null; choosing: boolean } | null>(null);
  useEffect(() => {
    if (choosing || !method) return;
    if (started.current?.method === method && !started.current.choosing) return;
    started.current = { method, choosing };
    if (method === 'sms') void sendSms(false);
    if (method === 'passkey') void runPasskey();
  }, [method, choosing, sendSms, runPasskey]);

  const choose = (next: MfaMethod) => {
    started.current = null;
    setError(null);
    setInfo(null);
    setMethod(next);
    setChoosing(false);
  };

  if (choosing || !method) {
    return (
      <div className="lk-mfa" data-testid="mfa-chooser">
        <ModalHeader title={m.mfaChooseTitle} icon={<ShieldIcon />} />
        <ul className="lk-link__list">
          {methods.map((each) => (
            <li key={each}>
              <button
                type="button"
                className="lk-link__item lk-mfa__method"
                data-method={each}
                onClick={() => choose(each)}
              >
                <MfaMethodIcon method={each} />
                <span className="lk-link__item-text">
                  <span className="lk-link__item-name">{mfaMethodName(each, m)}</span>
                  <span className="lk-link__item-detail">{mfaMethodDetail(each, m)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const another =
    methods.length > 1 ? (
      <Button variant="link" onClick={() => setChoosing(true)}>
        {m.mfaChooseAnother}
      </Button>
    ) : null;

  if (method === 'passkey') {
    return (
      <div className="lk-mfa" data-testid="mfa-verification" data-method={method}>
        <ModalHeader
          title={m.mfaPasskeyPromptTitle}
          message={reason ?? m.mfaPasskeyPromptDetail}
          icon={<KeyIcon />}
        />
        {passkey === 'waiting' ? (
          <div className="lk-mfa__busy" role="status" aria-label={m.passkeyLoadingTitle}>
            <span className="lk-spinner" />
          </div>
        ) : (
          <>
            <p className="lk-mfa__message" role="alert">
              {error}
            </p>
            <Button onClick={() => void runPasskey()}>{m.mfaPasskeyRetry}</Button>
          </>
        )}
        {another && <div className="lk-mfa__links">{another}</div>}
      </div>
    );
  }

  return (
    <div className="lk-mfa" data-testid="mfa-verification" data-method={method}>
      <ModalHeader
        title={m.mfaPromptTitle}
        message={
          <>
            {reason ? (
              <>
                {reason}
                <br />
              </>
            ) : null}
            {method === 'sms' ? m.mfaSmsPromptDetail : m.mfaTotpPromptDetail}
          </>
        }
        icon={<ShieldIcon />}
      />
      <MfaCodeForm
        key={method}
        messages={m}
        error={error}
        info={info}
        errorText={errorText}
        onSubmit={async (code) => {
          setInfo(null);
          setError(null);
          await mfa.verify.submit(method, code);
          latestVerified.current();
        }}
      />
      {(method === 'sms' || another) && (
        <div className="lk-mfa__links">
          {method === 'sms' && (
            <Button variant="link" onClick={() => void sendSms(true)}>
              {m.mfaResendCode}
            </Button>
          )}
          {another}
        </div>
      )}
    </div>
  );
}
