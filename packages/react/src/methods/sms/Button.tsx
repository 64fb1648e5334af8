import { SCREEN, type ScreenName } from '@latchkey/core';
import { formatPhoneNumber } from '@latchkey/core/phone';
import { type FormEvent, useId } from 'react';
import { PhoneField, usePhoneNumber } from './PhoneField.tsx';
import { usePasswordlessState } from '../passwordless/flow.ts';
import { useModal } from '../../Modal/ModalContext.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';
import { Button } from '../../components/Button/Button.tsx';
import { smsLoginMethodCss } from './Button.css.ts';

/** Props of {@link SmsLoginMethod} (issue 6: the same input links a number on LINK_PHONE_SCREEN). */
export interface SmsLoginMethodProps {
  /** What the code is for. Default 'login'; 'link' adds the number to the logged-in user. */
  mode?: 'login' | 'link';
  /** Where a failure's call to action returns. Default LANDING. */
  returnTo?: ScreenName;
}

/**
 * The SMS login method on the landing screen (spec sections 2, 3, 4 and 5): a country dropdown
 * ('Country name (+code)', names from `Intl.DisplayNames`, calling codes from libphonenumber-js),
 * a number input with the country's example mobile number as placeholder, formatted as you
 * type (libphonenumber-js `AsYouType` through `formatPhoneAsYouType`, issue 14 item 10), and
 * Submit, disabled until the number is valid for the selected country. The country starts at
 * `config.intl.defaultCountry` (else US); changing it clears the input. Sending goes through
 * core's passwordless flow with the 'sms' channel and the input's `qualifiedPhoneNumber`.
 *
 * Loaded lazily (default export) with `@latchkey/core/phone`, so libphonenumber-js stays out of
 * the eager bundle and out of the landing chunk.
 */
export default function SmsLoginMethod({
  mode = 'login',
  returnTo = SCREEN.LANDING,
}: SmsLoginMethodProps = {}) {
  useStyleSheet(smsLoginMethodCss);
  const { passwordless, navigate, messages: m, fail, config, withCaptcha } = useModal();
  const state = usePasswordlessState(passwordless);
  const number = usePhoneNumber(config.intl.defaultCountry);
  const { phone } = number;
  const errorId = useId();
  const sending = state.step === 'sending';
  const inlineError =
    state.step === 'error' && !state.screen && state.channel === 'sms' ? state.errorMessage : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!phone.isValid || sending) return;
    // A login's send goes through the captcha gate (spec section 4); a link needs none.
    if (mode !== 'login') void send(undefined);
    else void withCaptcha((captchaToken) => send(captchaToken));
  };

  const send = async (captchaToken: string | undefined) => {
    const options = { channel: 'sms' as const, mode, ...(captchaToken ? { captchaToken } : {}) };
    if (await passwordless.sendCode(phone.qualifiedPhoneNumber, options)) {
      navigate(SCREEN.AWAITING_PASSWORDLESS_CODE, {
        displayDestination: formatPhoneNumber(phone.qualifiedPhoneNumber),
        ...(mode === 'login' ? {} : { mode, returnTo }),
      });
      return;
    }
    const after = passwordless.getState();
    if (after.step !== 'error' || !after.screen) return;
    if (after.error)
      fail({ code: after.error.code, message: after.error.shortMessage, cause: after.error });
    navigate(after.screen, { error: after.error, returnTo });
  };

  return (
    <form className="lk-sms" onSubmit={onSubmit} noValidate data-testid="sms-login">
      <PhoneField
        state={number}
        locale={config.intl.locale}
        invalid={Boolean(inlineError)}
        describedBy={errorId}
        messages={m}
      >
        <Button
          type="submit"
          variant="primary"
          disabled={!phone.isValid || sending}
          aria-busy={sending}
        >
          {sending ? m.sending : m.submit}
        </Button>
      </PhoneField>
      {inlineError && (
        <p id={errorId} className="lk-sms__error" role="alert">
          {inlineError}
        </p>
      )}
    </form>
  );
}
