import { isEmailAddress, SCREEN, type ScreenName } from '@latchkey/core';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/Button/Button.tsx';
import { emailLoginMethodCss } from '../../components/EmailLoginMethod/EmailLoginMethod.css.ts';
import { MailIcon } from '../../components/Icons/Icons.tsx';
import { usePasswordlessState } from '../../flows/passwordlessFlow.ts';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';

/** Props of {@link EmailCodeForm}. */
export interface EmailCodeFormProps {
  /** What the code is for: 'link' (LINK_EMAIL_SCREEN) or 'update-email' (UPDATE_EMAIL_SCREEN). */
  mode: 'link' | 'update-email';
  /** The screen this form is on: a failure's call to action comes back here. */
  returnTo: ScreenName;
  /** Accessible name of the input. Default `messages.emailLabel`. */
  label?: string;
}

/**
 * An email input that sends a code through the modal's passwordless flow in `mode` (spec
 * section 4, "Auth mode"), then opens AWAITING_PASSWORDLESS_CODE with the same `mode`. Submit
 * is disabled until `isEmailAddress` passes (spec section 5); Enter submits. A send failure is
 * shown inline, or on the flow's error screen (reported to `onError` through `fail`).
 */
export function EmailCodeForm({ mode, returnTo, label }: EmailCodeFormProps) {
  useStyleSheet(emailLoginMethodCss);
  const { passwordless, navigate, messages: m, fail } = useModal();
  const state = usePasswordlessState(passwordless);
  const [email, setEmail] = useState('');
  const inputId = useId();
  const errorId = useId();
  const valid = isEmailAddress(email);
  const sending = state.step === 'sending';
  const inlineError = state.step === 'error' && !state.screen ? state.errorMessage : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || sending) return;
    if (await passwordless.sendCode(email.trim(), { channel: 'email', mode })) {
      navigate(SCREEN.AWAITING_PASSWORDLESS_CODE, { mode, returnTo });
      return;
    }
    const after = passwordless.getState();
    if (after.step !== 'error' || !after.screen) return;
    if (after.error)
      fail({ code: after.error.code, message: after.error.shortMessage, cause: after.error });
    navigate(after.screen, { error: after.error, returnTo, mode });
  };

  return (
    <form className="lk-email" onSubmit={onSubmit} noValidate data-testid={`${mode}-email-form`}>
      <label htmlFor={inputId} className="lk-visually-hidden">
        {label ?? m.emailLabel}
      </label>
      <div className="lk-email__field" data-invalid={inlineError ? 'true' : undefined}>
        <span className="lk-email__icon">
          <MailIcon />
        </span>
        <input
          id={inputId}
          className="lk-email__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder={m.emailPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={inlineError ? true : undefined}
          aria-describedby={inlineError ? errorId : undefined}
        />
        <Button type="submit" variant="primary" disabled={!valid || sending} aria-busy={sending}>
          {sending ? m.sending : m.submit}
        </Button>
      </div>
      {inlineError && (
        <p id={errorId} className="lk-email__error" role="alert">
          {inlineError}
        </p>
      )}
    </form>
  );
}
