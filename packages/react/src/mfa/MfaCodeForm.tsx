import { MFA_CODE_LENGTH } from '@latchkey/api';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../components/Button/Button.tsx';
import type { Messages } from '../messages.ts';
import { mfaCodeProblem } from './mfaText.ts';

/** Props of {@link MfaCodeForm}. */
export interface MfaCodeFormProps {
  /** Verifies the 6 digits; rejects with the error to show (the field is cleared then). */
  onSubmit: (code: string) => Promise<void>;
  /** Text of the error from outside (a failed resend), shown under the field. */
  error?: string | null;
  /** Text shown under the field when there is no error ('A new code is on its way.'). */
  info?: string | null;
  /** Turns an error of `onSubmit` into its text. */
  errorText: (error: unknown) => string;
  messages: Messages;
}

/**
 * The 6-digit MFA code field (spec sections 4 and 5, "MFA code"): one numeric field
 * (`autocomplete="one-time-code"`, so a texted code or a password manager's TOTP fills it),
 * 'Passcode can only be numbers' as soon as anything but a digit is typed, 'Passcode must be
 * exactly 6 numbers' for more (or fewer on Verify), and submitted by itself at the sixth digit.
 * While `onSubmit` runs the field is read-only and Verify busy.
 */
export function MfaCodeForm({ onSubmit, error, info, errorText, messages: m }: MfaCodeFormProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const messageId = useId();

  const submit = async (value: string) => {
    const wrong = mfaCodeProblem(value, m, true);
    setProblem(wrong);
    if (wrong || busy) return;
    setBusy(true);
    try {
      await onSubmit(value);
    } catch (failure) {
      setProblem(errorText(failure));
      setCode('');
      requestAnimationFrame(() => input.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const shown = problem ?? error ?? null;
  return (
    <form
      className="lk-mfa__form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit(code);
      }}
    >
      <label className="lk-mfa__label" htmlFor={inputId}>
        {m.mfaCodeLabel}
      </label>
      <input
        id={inputId}
        ref={input}
        className="lk-mfa__code"
        name="mfa-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        placeholder={'0'.repeat(MFA_CODE_LENGTH)}
        value={code}
        readOnly={busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={messageId}
        onChange={(event) => {
          const value = event.target.value.replace(/\s/g, '');
          setCode(value);
          const wrong = mfaCodeProblem(value, m, false);
          setProblem(wrong);
          if (!wrong && value.length === MFA_CODE_LENGTH) void submit(value);
        }}
      />
      <p
        id={messageId}
        className="lk-mfa__message"
        data-tone={shown ? undefined : 'info'}
        role={shown ? 'alert' : 'status'}
      >
        {shown ?? info ?? ''}
      </p>
      <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? m.verifying : m.mfaVerify}
      </Button>
    </form>
  );
}
