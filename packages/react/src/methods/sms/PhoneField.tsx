import {
  formatPhoneAsYouType,
  parsePhoneInput,
  phoneCountries,
  phonePlaceholder,
  resolvePhoneCountry,
} from '@latchkey/core/phone';
import { type ReactNode, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { smsLoginMethodCss } from './Button.css.ts';
import type { Messages } from '../../messages.ts';
import { useStyleSheet } from '../../styles/useStyleSheet.ts';

/**
 * A phone number being typed: the selected country (ISO 3166 alpha-2) and the input's text, and
 * what `parsePhoneInput` makes of them (`isValid`, `qualifiedPhoneNumber` in E.164).
 */
export function usePhoneNumber(defaultCountry: string) {
  const [country, setCountry] = useState(() => resolvePhoneCountry(defaultCountry));
  const [raw, setRaw] = useState('');
  const phone = parsePhoneInput(raw, country);
  return { country, setCountry, raw, setRaw, phone };
}

/** Props of {@link PhoneField}. */
export interface PhoneFieldProps {
  state: ReturnType<typeof usePhoneNumber>;
  /** The modal's locale: country names in its language (issue 14, item 12). */
  locale: string;
  /** Marks the field invalid; `describedBy` is the id of the text saying why. */
  invalid?: boolean;
  describedBy?: string;
  /** The field's button (Submit, Send code), inside the field at its end. */
  children?: ReactNode;
  messages: Messages;
}

/**
 * The phone number field of the SMS login and of SMS MFA enrolment (spec sections 2, 4 and 5):
 * a country dropdown ('Country name (+code)', names from `Intl.DisplayNames`, calling codes
 * from libphonenumber-js), the number input with the country's example mobile number as
 * placeholder, formatted as you type (`formatPhoneAsYouType`, issue 14 item 10), and the
 * caller's button. Changing the country clears the input. From `@latchkey/core/phone`, so
 * libphonenumber-js stays in the lazy chunks that render it.
 */
export function PhoneField({
  state,
  locale,
  invalid = false,
  describedBy,
  children,
  messages: m,
}: PhoneFieldProps) {
  useStyleSheet(smsLoginMethodCss);
  const { country, setCountry, raw, setRaw } = state;
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where the caret goes once the formatted value is rendered (null: leave it). */
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [raw]);
  const countries = useMemo(() => phoneCountries(locale), [locale]);
  const selected = countries.find((c) => c.code === country);
  const placeholder = useMemo(() => phonePlaceholder(country), [country]);
  const countryId = useId();
  const inputId = useId();

  return (
    <div className="lk-sms__field" data-invalid={invalid ? 'true' : undefined}>
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
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? describedBy : undefined}
      />
      {children}
    </div>
  );
}
