import { isEmailAddress, SCREEN, type ScreenName } from '@latchkey/core';
import { type FormEvent, useId, useState } from 'react';
import { usePasswordlessState } from '../passwordless/flow.ts';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { Button } from '../../components/Button/Button.tsx';
import { MailIcon } from '../../components/Icons/Icons.tsx';
import { emailLoginMethodCss } from './Button.css.ts';

/** Props of {@link EmailLoginMethod}. */
export interface EmailLoginMethodProps {
  /**
   * What the code is for (spec section 4, "Auth mode"): 'login' (default; the landing screen),
   * 'link' (LINK_EMAIL_SCREEN) or 'update-email' (UPDATE_EMAIL_SCREEN). Only logins pass the
   * captcha gate: the other modes are authenticated.
   */
  mode?: 'login' | 'link' | 'update-email';
  /** The screen this form is on: a failure's call to action comes back here. Default LANDING. */
  returnTo?: ScreenName;
  /** Accessible name of the input. Default `messages.emailLabel`. */
  label?: string;
}

/**
 * The email code form (spec sections 2 and 4): an email input (placeholder 'your@email.com'),
 * Submit disabled until `isEmailAddress` passes, Enter submits. A login goes through the
 * captcha gate (`withCaptcha`), then core's passwordless flow: sent ->
 * AWAITING_PASSWORDLESS_CODE (with the same `mode`); a failure -> inline, or the flow's error
 * screen (allowlist, user limit, invalid captcha...) remembering `returnTo`, reported to
 * `onError` through `fail`.
 */
export function EmailLoginMethod({
  mode = 'login',
  returnTo = SCREEN.LANDING,
  label,
}: EmailLoginMethodProps = {}) {
  useStyleSheet(emailLoginMethodCss);
  const { passwordless, navigate, messages: m, fail, withCaptcha } = useModal();
  const state = usePasswordlessState(passwordless);
  const [email, setEmail] = useState(() => (mode === 'login' ? passwordless.getState().email : ''));
  const inputId = useId();
  const errorId = useId();
  const valid = isEmailAddress(email);
  const sending = state.step === 'sending';
  const inlineError = state.step === 'error' && !state.screen ? state.errorMessage : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || sending) return;
    // Logins go through the captcha gate (spec section 4): at once with a ready token, else
    // CAPTCHA_SCREEN. Link and update flows are authenticated and skip it.
    if (mode === 'login') void withCaptcha((captchaToken) => send(captchaToken));
    else void send(undefined);
  };

  const send = async (captchaToken: string | undefined) => {
    const options = { channel: 'email' as const, mode, ...(captchaToken ? { captchaToken } : {}) };
    if (await passwordless.sendCode(email.trim(), options)) {
      navigate(SCREEN.AWAITING_PASSWORDLESS_CODE, mode === 'login' ? {} : { mode, returnTo });
      return;
    }
    const after = passwordless.getState();
    if (after.step !== 'error' || !after.screen) return;
    if (after.error)
      fail({ code: after.error.code, message: after.error.shortMessage, cause: after.error });
    navigate(after.screen, { error: after.error, returnTo, ...(mode === 'login' ? {} : { mode }) });
  };

  return (
    <form
      className="lk-email"
      onSubmit={onSubmit}
      noValidate
      data-testid={mode === 'login' ? undefined : `${mode}-email-form`}
    >
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
