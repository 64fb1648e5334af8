import { SCREEN, type ScreenName } from '@latchkey/core';
import {
  formatPhoneAsYouType,
  formatPhoneNumber,
  parsePhoneInput,
  phoneCountries,
  phonePlaceholder,
  resolvePhoneCountry,
} from '@latchkey/core/phone';
import { type FormEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
  const [country, setCountry] = useState(() => resolvePhoneCountry(config.intl.defaultCountry));
  const [raw, setRaw] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where the caret goes once the formatted value is rendered (null: leave it). */
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [raw]);
  // Country names in the modal's language (issue 14, item 12).
  const locale = config.intl.locale;
  const countries = useMemo(() => phoneCountries(locale), [locale]);
  const selected = countries.find((c) => c.code === country);
  const phone = parsePhoneInput(raw, country);
  const placeholder = useMemo(() => phonePlaceholder(country), [country]);
  const countryId = useId();
  const inputId = useId();
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
      <div className="lk-sms__field" data-invalid={inlineError ? 'true' : undefined}>
        <span className="lk-sms__country">
          <span aria-hidden="true">
            {country} +{selected?.callingCode}
          </span>
          <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2.5 4.5L6 8l3.5-3.5" stroke="currentColor" strokeWidth="1.6" fill="none" />
          </svg>
          <label htmlFor={countryId} className="lk-visually-hidden">
            {m.countryLabel}
          </label>
          <select
            id={countryId}
            className="lk-sms__select"
            name="country"
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setRaw('');
            }}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
        </span>
        <label htmlFor={inputId} className="lk-visually-hidden">
          {m.phoneLabel}
        </label>
        <input
          id={inputId}
          className="lk-sms__input"
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={placeholder}
          value={raw}
          ref={inputRef}
          onChange={(event) => {
            const { value, selectionStart } = event.target;
            const edit = formatPhoneAsYouType(raw, value, selectionStart ?? value.length, country);
            caret.current = edit.caret;
            setRaw(edit.value);
          }}
          aria-invalid={inlineError ? true : undefined}
          aria-describedby={inlineError ? errorId : undefined}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={!phone.isValid || sending}
          aria-busy={sending}
        >
          {sending ? m.sending : m.submit}
        </Button>
      </div>
      {inlineError && (
        <p id={errorId} className="lk-sms__error" role="alert">
          {inlineError}
        </p>
      )}
    </form>
  );
}
