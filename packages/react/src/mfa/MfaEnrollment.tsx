import {
  MAX_PASSKEYS_PER_USER,
  MFA_CHANGE_NEEDS_VERIFICATION_MESSAGE,
  type MfaMethod,
} from '@latchkey/api';
import {
  formatMessage,
  type PasskeyAccount,
  passkeyDisplayName,
  WalletError,
} from '@latchkey/core';
import { mfaClientOf, type TotpEnrollment } from '@latchkey/core/embedded-wallet';
import { formatPhoneNumber } from '@latchkey/core/phone';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Button } from '../components/Button/Button.tsx';
import { CheckIcon, KeyIcon, LockIcon, PhoneIcon, ShieldIcon } from '../components/Icons/Icons.tsx';
import { ModalHeader } from '../components/ModalHeader/ModalHeader.tsx';
import { PhoneField, usePhoneNumber } from '../methods/sms/PhoneField.tsx';
import { useInternalLatchkey } from '../hooks/useInternalLatchkey.ts';
import { linkScreenCss } from '../methods/link.css.ts';
import { useBackHandler, useModal } from '../Modal/ModalContext.ts';
import { useStyleSheet } from '../styles/useStyleSheet.ts';
import { mfaCss } from './Mfa.css.ts';
import { MfaCodeForm } from './MfaCodeForm.tsx';
import { MfaMethodIcon, MfaVerification } from './MfaVerification.tsx';
import { mfaErrorText, mfaMethodDetail, mfaMethodName } from './mfaText.ts';

/** Passkeys the enrolment lists at first (spec section 9: 3, or 2 and 'View all' if more). */
export const ENROLLMENT_PASSKEYS_SHOWN = 3;

/** The TOTP QR code's side in CSS px (drawn at twice that for sharp screens). */
const QR_SIZE = 184;

type View =
  | { name: 'list' }
  | { name: 'verify'; then: View }
  | { name: 'sms-phone' }
  | { name: 'sms-code'; phoneNumber: string }
  | { name: 'totp'; enrollment: TotpEnrollment; qr: string | null }
  | { name: 'totp-code' }
  | { name: 'passkey' }
  | { name: 'remove'; method: MfaMethod }
  | { name: 'done'; method: MfaMethod; removed: boolean };

/** The refusal of an unverified session's change ('To add or delete ... is required'). */
function needsVerification(error: unknown): boolean {
  return (
    error instanceof WalletError &&
    error.type === 'missing_or_invalid_mfa' &&
    error.message.includes(MFA_CHANGE_NEEDS_VERIFICATION_MESSAGE)
  );
}

/**
 * MFA_ENROLLMENT_FLOW_SCREEN (issue 15; spec sections 2 "MFA", 4 "MFA enrolment", 5): the intro
 * ('Transaction Protection') with one row per method the app allows (`config.mfa.methods`): an
 * enrolled one shows 'On' and Remove, another Add; SMS is disabled for a user who logs in with
 * SMS. With no method allowed: 'Add more security' and nothing to enrol.
 * - SMS: the number (the login's phone field), 'Send code', then the texted code.
 * - Authenticator app (TOTP): the `otpauth://` URI as a QR code (`qrcode`, error correction H)
 *   and the setup key with Copy, Continue, then the app's code.
 * - Passkey: the account's passkeys, each with Enable (`{credentialIds}`), and 'Add new passkey'
 *   (fewer than 5) that links one first.
 * - Remove: a confirmation, then `unenroll`.
 * A user who already has a method verifies first ('To add or delete verification methods,
 * verification is required': the prompt's {@link MfaVerification}); so does one whose
 * verification lapsed meanwhile (the frame's refusal). Everything goes through the wallet frame
 * (`mfaClientOf`); each success makes the answered user the session's user.
 */
export default function MfaEnrollment() {
  useStyleSheet(linkScreenCss);
  useStyleSheet(mfaCss);
  const { client, session } = useInternalLatchkey('MfaEnrollment');
  const { messages: m, config, requestClose } = useModal();
  const mfa = mfaClientOf(client);
  const user = session.user;
  const enrolled = user?.mfaMethods ?? [];
  const [view, setView] = useState<View>({ name: 'list' });
  // Verified in this screen, or lately (a prompt or an enrolment, with a minute to spare).
  const [verified, setVerified] = useState(() => mfa.verifiedUntil() > Date.now() + 60_000);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [showAllPasskeys, setShowAllPasskeys] = useState(false);
  const errorText = useCallback((e: unknown) => mfaErrorText(e, m), [m]);
  const go = useCallback((next: View) => {
    setError(null);
    setView(next);
  }, []);
  // The top bar's Back returns to the list from every step.
  useBackHandler(view.name === 'list' ? null : () => go({ name: 'list' }));

  /**
   * Runs a change (`start`): first the verification when the user has a method and has not
   * verified in this screen; again when the frame says the verification lapsed.
   */
  /** Runs `work` with the row `key` busy; a failure is shown, or handled by `onError`. */
  const busyWith = async (
    key: string,
    work: () => Promise<unknown>,
    onError: (e: unknown) => void = (e) => setError(errorText(e)),
  ) => {
    setBusy(key);
    setError(null);
    try {
      await work();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(null);
    }
  };

  const change = async (key: string, start: () => Promise<View | void>, retry: View) => {
    if (enrolled.length > 0 && !verified) return go({ name: 'verify', then: retry });
    await busyWith(
      key,
      async () => {
        const next = await start();
        if (next) setView(next);
      },
      (e) => {
        if (!needsVerification(e)) return setError(errorText(e));
        setVerified(false);
        go({ name: 'verify', then: retry });
      },
    );
  };

  const startTotp = () =>
    change(
      'totp',
      async () => {
        const enrollment = await mfa.initEnrollment({ method: 'totp' });
        const { toDataURL } = await import('qrcode');
        const qr = await toDataURL(enrollment.authUrl, {
          errorCorrectionLevel: 'H',
          width: QR_SIZE * 2,
          margin: 1,
        }).catch(() => null);
        return { name: 'totp', enrollment, qr };
      },
      { name: 'list' },
    );

  const finish = (method: MfaMethod, removed: boolean) => {
    setVerified(true);
    setView({ name: 'done', method, removed });
  };

  if (view.name === 'verify') {
    return (
      <MfaVerification
        methods={enrolled}
        reason={m.mfaVerifyFirst}
        onVerified={() => {
          setVerified(true);
          go(view.then);
        }}
      />
    );
  }

  if (view.name === 'done') {
    const name = mfaMethodName(view.method, m);
    return (
      <div className="lk-mfa" data-testid="mfa-done">
        <ModalHeader
          title={view.removed ? m.mfaRemovedTitle : m.mfaAddedTitle}
          message={formatMessage(view.removed ? m.mfaRemovedDetail : m.mfaAddedDetail, {
            method: name,
          })}
          icon={<CheckIcon />}
          iconTone="success"
        />
        <Button onClick={() => go({ name: 'list' })}>{m.mfaContinue}</Button>
      </div>
    );
  }

  if (view.name === 'sms-phone')
    return <SmsPhone onSent={(n) => go({ name: 'sms-code', phoneNumber: n })} />;

  if (view.name === 'sms-code') {
    return (
      <div className="lk-mfa" data-testid="mfa-sms-code">
        <ModalHeader
          title={m.mfaSmsEnrollTitle}
          message={formatMessage(m.mfaSmsVerifyDetail, {
            phone: formatPhoneNumber(view.phoneNumber),
          })}
          icon={<PhoneIcon />}
        />
        <MfaCodeForm
          messages={m}
          errorText={errorText}
          onSubmit={async (code) => {
            await mfa.submitEnrollment({ method: 'sms', phoneNumber: view.phoneNumber, code });
            finish('sms', false);
          }}
        />
      </div>
    );
  }

  if (view.name === 'totp') {
    return (
      <TotpSecret
        enrollment={view.enrollment}
        qr={view.qr}
        onContinue={() => go({ name: 'totp-code' })}
      />
    );
  }

  if (view.name === 'totp-code') {
    return (
      <div className="lk-mfa" data-testid="mfa-totp-code">
        <ModalHeader
          title={m.mfaTotpVerifyTitle}
          message={m.mfaTotpVerifyDetail}
          icon={<LockIcon />}
        />
        <MfaCodeForm
          messages={m}
          errorText={errorText}
          onSubmit={async (code) => {
            await mfa.submitEnrollment({ method: 'totp', code });
            finish('totp', false);
          }}
        />
      </div>
    );
  }

  if (view.name === 'passkey') {
    const passkeys = (user?.linkedAccounts ?? []).filter(
      (a): a is PasskeyAccount => a.type === 'passkey',
    );
    // Spec section 9: the list shows 3 passkeys, or 2 and 'View all' when there are more.
    const shown =
      showAllPasskeys || passkeys.length <= ENROLLMENT_PASSKEYS_SHOWN
        ? passkeys
        : passkeys.slice(0, ENROLLMENT_PASSKEYS_SHOWN - 1);
    const enable = (credentialId: string) =>
      change(
        `passkey:${credentialId}`,
        async () => {
          await mfa.submitEnrollment({ method: 'passkey', credentialIds: [credentialId] });
          finish('passkey', false);
        },
        { name: 'passkey' },
      );
    const addPasskey = () => busyWith('add-passkey', () => client.linkPasskey());
    return (
      <div className="lk-mfa" data-testid="mfa-passkey">
        <ModalHeader
          title={m.mfaPasskeyEnrollTitle}
          message={m.mfaPasskeyEnrollDetail}
          icon={<KeyIcon />}
        />
        {passkeys.length === 0 ? (
          <p className="lk-link__note">{m.mfaPasskeyNone}</p>
        ) : (
          <ul className="lk-link__list" aria-label={m.mfaPasskeyEnrollTitle}>
            {shown.map((passkey) => {
              const name = passkeyDisplayName(passkey);
              const key = `passkey:${passkey.credentialId}`;
              return (
                <li
                  key={passkey.credentialId}
                  className="lk-link__item"
                  data-testid="mfa-passkey-item"
                >
                  <span className="lk-link__item-text">
                    <span className="lk-link__item-name">{name}</span>
                  </span>
                  {passkey.enrolledInMfa ? (
                    <span className="lk-mfa__badge">{m.mfaEnabled}</span>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={`${m.mfaEnable} ${name}`}
                      disabled={busy !== null}
                      aria-busy={busy === key || undefined}
                      onClick={() => void enable(passkey.credentialId)}
                    >
                      {m.mfaEnable}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {shown.length < passkeys.length && (
          <Button variant="link" onClick={() => setShowAllPasskeys(true)}>
            {m.viewAllPasskeys}
          </Button>
        )}
        {error && (
          <p className="lk-link__error" role="alert">
            {error}
          </p>
        )}
        {passkeys.length < MAX_PASSKEYS_PER_USER && (
          <Button
            variant={passkeys.length === 0 ? 'primary' : 'secondary'}
            disabled={busy !== null}
            aria-busy={busy === 'add-passkey' || undefined}
            onClick={() => void addPasskey()}
          >
            {m.mfaAddPasskey}
          </Button>
        )}
      </div>
    );
  }

  if (view.name === 'remove') {
    const name = mfaMethodName(view.method, m);
    const method = view.method;
    return (
      <div className="lk-mfa" data-testid="mfa-remove">
        <ModalHeader
          title={formatMessage(m.mfaRemoveTitle, { method: name })}
          message={m.mfaRemoveDetail}
          icon={<ShieldIcon />}
          iconTone="danger"
        />
        {error && (
          <p className="lk-link__error" role="alert">
            {error}
          </p>
        )}
        <Button
          disabled={busy !== null}
          aria-busy={busy === 'remove' || undefined}
          onClick={() =>
            void change(
              'remove',
              async () => {
                await mfa.unenroll(method);
                finish(method, true);
              },
              view,
            )
          }
        >
          {m.mfaRemove}
        </Button>
        <Button variant="secondary" onClick={() => go({ name: 'list' })}>
          {m.cancel}
        </Button>
      </div>
    );
  }

  // The list: one row per method the app allows.
  const allowed = config.mfa.methods;
  const smsLogin = (user?.linkedAccounts ?? []).some((a) => a.type === 'phone');
  const add = (method: MfaMethod) => {
    if (method === 'totp') return void startTotp();
    const next: View = method === 'sms' ? { name: 'sms-phone' } : { name: 'passkey' };
    if (enrolled.length > 0 && !verified) return go({ name: 'verify', then: next });
    go(next);
  };
  return (
    <div className="lk-mfa" data-testid="mfa-enrollment">
      <ModalHeader
        title={allowed.length === 0 ? m.mfaNoMethodsTitle : m.mfaEnrollTitle}
        message={allowed.length === 0 ? m.mfaNoMethodsDetail : m.mfaEnrollDetail}
        icon={<ShieldIcon />}
      />
      {allowed.length > 0 && (
        <ul className="lk-link__list" aria-label={m.mfaEnrollTitle}>
          {allowed.map((method) => {
            const on = enrolled.includes(method);
            const unavailable = method === 'sms' && smsLogin && !on;
            const name = mfaMethodName(method, m);
            return (
              <li key={method} className="lk-link__item" data-method={method}>
                <MfaMethodIcon method={method} />
                <span className="lk-link__item-text">
                  <span className="lk-link__item-name">
                    {name}
                    {on && <span className="lk-mfa__badge">{m.mfaEnabled}</span>}
                  </span>
                  <span className="lk-link__item-detail">
                    {unavailable ? m.mfaSmsUnavailable : mfaMethodDetail(method, m)}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  aria-label={`${on ? m.mfaRemove : m.mfaAdd} ${name}`}
                  disabled={unavailable || busy !== null}
                  aria-busy={busy === method || undefined}
                  onClick={() => (on ? go({ name: 'remove', method }) : add(method))}
                >
                  {on ? m.mfaRemove : m.mfaAdd}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="lk-link__error" role="alert">
          {error}
        </p>
      )}
      <Button variant={allowed.length === 0 ? 'primary' : 'secondary'} onClick={requestClose}>
        {m.done}
      </Button>
    </div>
  );
}

/** SMS enrolment's first step: the number, then 'Send code' (texts the code to it). */
function SmsPhone({ onSent }: { onSent: (phoneNumber: string) => void }) {
  const { client } = useInternalLatchkey('MfaEnrollment');
  const { messages: m, config } = useModal();
  const number = usePhoneNumber(config.intl.defaultCountry);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!number.phone.isValid || sending) return;
    setSending(true);
    setError(null);
    try {
      const phoneNumber = number.phone.qualifiedPhoneNumber;
      await mfaClientOf(client).initEnrollment({ method: 'sms', phoneNumber });
      onSent(phoneNumber);
    } catch (e) {
      setError(mfaErrorText(e, m));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="lk-mfa" data-testid="mfa-sms-phone">
      <ModalHeader
        title={m.mfaSmsEnrollTitle}
        message={m.mfaSmsEnrollDetail}
        icon={<PhoneIcon />}
      />
      <form className="lk-sms" onSubmit={(e) => void onSubmit(e)} noValidate>
        <PhoneField
          state={number}
          locale={config.intl.locale}
          invalid={Boolean(error)}
          describedBy={errorId}
          messages={m}
        >
          <Button
            type="submit"
            disabled={!number.phone.isValid || sending}
            aria-busy={sending || undefined}
          >
            {sending ? m.sending : m.mfaSendCode}
          </Button>
        </PhoneField>
        {error && (
          <p id={errorId} className="lk-sms__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

/** TOTP enrolment's first step: the QR code, the setup key with Copy, and Continue. */
function TotpSecret({
  enrollment,
  qr,
  onContinue,
}: {
  enrollment: TotpEnrollment;
  qr: string | null;
  onContinue: () => void;
}) {
  const { messages: m } = useModal();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="lk-mfa" data-testid="mfa-totp">
      <ModalHeader title={m.mfaTotpEnrollTitle} message={m.mfaTotpEnrollDetail} />
      {qr && (
        <div className="lk-mfa__qr">
          <img src={qr} alt={m.mfaTotpQrAlt} width={QR_SIZE} height={QR_SIZE} />
        </div>
      )}
      <div className="lk-mfa__secret">
        <code aria-label={m.mfaTotpSecretLabel} data-testid="mfa-totp-secret">
          {enrollment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </code>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(enrollment.secret).then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          {copied ? m.mfaCopied : m.mfaCopy}
        </Button>
      </div>
      <Button onClick={onContinue}>{m.mfaContinue}</Button>
    </div>
  );
}
