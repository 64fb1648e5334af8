import { isEmailAddress, SCREEN } from '@latchkey/core';
import { type FormEvent, useId, useState } from 'react';
import { usePasswordlessState } from '../../flows/passwordlessFlow.ts';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { Button } from '../Button/Button.tsx';
import { MailIcon } from '../Icons/Icons.tsx';
import { emailLoginMethodCss } from './EmailLoginMethod.css.ts';

/**
 * The email login method on the landing screen (spec sections 2 and 4): an email input
 * (placeholder 'your@email.com'), Submit disabled until `isEmailAddress` passes, Enter submits.
 * Sending goes through the captcha gate (`withCaptcha`), then core's passwordless flow: sent ->
 * AWAITING_PASSWORDLESS_CODE; a failure -> the flow's error screen (allowlist, user limit,
 * invalid captcha...), remembering LANDING so its call to action comes back here.
 */
export function EmailLoginMethod() {
  useStyleSheet(emailLoginMethodCss);
  const { passwordless, navigate, messages: m, fail, withCaptcha } = useModal();
  const state = usePasswordlessState(passwordless);
  const [email, setEmail] = useState(() => passwordless.getState().email);
  const inputId = useId();
  const errorId = useId();
  const valid = isEmailAddress(email);
  const sending = state.step === 'sending';
  const inlineError = state.step === 'error' && !state.screen ? state.errorMessage : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || sending) return;
    // Through the captcha gate (spec section 4): at once with a ready token, else CAPTCHA_SCREEN.
    void withCaptcha((captchaToken) => send(captchaToken));
  };

  const send = async (captchaToken: string | undefined) => {
    if (await passwordless.sendCode(email, captchaToken ? { captchaToken } : {})) {
      navigate(SCREEN.AWAITING_PASSWORDLESS_CODE);
      return;
    }
    const after = passwordless.getState();
    if (after.step !== 'error' || !after.screen) return;
    if (after.error)
      fail({ code: after.error.code, message: after.error.shortMessage, cause: after.error });
    navigate(after.screen, { error: after.error, returnTo: SCREEN.LANDING });
  };

  return (
    <form className="lk-email" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="lk-visually-hidden">
        {m.emailLabel}
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
