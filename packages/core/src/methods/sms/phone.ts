/**
 * `@latchkey/core/phone`: the phone input's parsing and country data (spec sections 2, 3 and 5),
 * on libphonenumber-js (min metadata, mobile example numbers). A separate entry so the library
 * stays out of the eager bundle: the SMS input loads it with a dynamic import.
 */
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';

/** Default country of the phone input when `intl.defaultCountry` is unset (spec section 9). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** The phone input result (spec section 3, "Phone input result"). */
export type PhoneInputResult = {
  /** What the user typed. */
  rawPhoneNumber: string;
  /** `'+callingcode number'`, e.g. `'+1 4155552671'` (digits of the national number only). */
  qualifiedPhoneNumber: string;
  /** ISO 3166-1 alpha-2 code of the selected country, e.g. `'US'`. */
  countryCode: string;
  /** True when the number is valid for the selected country (Submit is disabled otherwise). */
  isValid: boolean;
};

/** One option of the country dropdown. */
export type PhoneCountry = {
  /** ISO 3166-1 alpha-2, e.g. `'GB'`. */
  code: string;
  /** Display name from `Intl.DisplayNames`, e.g. `'United Kingdom'` (the code when unknown). */
  name: string;
  /** Calling code without '+', e.g. `'44'`. */
  callingCode: string;
  /** `'United Kingdom (+44)'`. */
  label: string;
};

/** True when libphonenumber-js knows `code` (case-sensitive alpha-2). */
export function isPhoneCountry(code: string | null | undefined): code is string {
  return typeof code === 'string' && isSupportedCountry(code);
}

/** `code` when it is a known country (upper-cased), else {@link DEFAULT_PHONE_COUNTRY}. */
export function resolvePhoneCountry(code: string | null | undefined): string {
  const upper = code?.trim().toUpperCase();
  return isPhoneCountry(upper) ? upper : DEFAULT_PHONE_COUNTRY;
}

/** The calling code of `countryCode` without '+', e.g. `'1'` for US. @throws for an unknown country. */
export function callingCodeOf(countryCode: string): string {
  return getCountryCallingCode(countryCode as CountryCode);
}

/**
 * Parses what the user typed for the selected country (spec section 5: valid for the selected
 * country or Submit stays disabled). A number typed with its own `+callingcode` is read as
 * such, but is valid only when that calling code is the selected country's.
 *
 * @example
 * parsePhoneInput('(415) 555-2671', 'US')
 * // { rawPhoneNumber: '(415) 555-2671', qualifiedPhoneNumber: '+1 4155552671', countryCode: 'US', isValid: true }
 */
export function parsePhoneInput(raw: string, countryCode: string): PhoneInputResult {
  const country = resolvePhoneCountry(countryCode);
  const callingCode = callingCodeOf(country);
  const parsed = /\d/.test(raw)
    ? parsePhoneNumberFromString(raw, country as CountryCode)
    : undefined;
  if (!parsed) {
    return {
      rawPhoneNumber: raw,
      qualifiedPhoneNumber: `+${callingCode} ${raw.replace(/\D/g, '')}`,
      countryCode: country,
      isValid: false,
    };
  }
  return {
    rawPhoneNumber: raw,
    qualifiedPhoneNumber: `+${parsed.countryCallingCode} ${parsed.nationalNumber}`,
    countryCode: country,
    isValid: parsed.countryCallingCode === callingCode && parsed.isValid(),
  };
}

/**
 * The placeholder of the phone input for `countryCode`: the country's example mobile number
 * in national format (`'(201) 555-0123'` for US, `'07400 123456'` for GB).
 */
export function phonePlaceholder(countryCode: string): string {
  const example = getExampleNumber(resolvePhoneCountry(countryCode) as CountryCode, examples);
  return example?.formatNational() ?? '';
}

/** What {@link formatPhoneAsYouType} returns: the input's new value and where its caret goes. */
export type PhoneInputEdit = {
  /** The number formatted for the country so far, e.g. `'(415) 555-2'`. */
  value: string;
  /** Caret offset in `value` (UTF-16 code units), after the same digits as in the typed text. */
  caret: number;
};

/** The characters that carry meaning in a typed number: digits, and a leading '+'. */
const significant = (text: string) => text.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');

/**
 * Formats the phone input as the person types (issue 14 item 10), with libphonenumber-js's
 * `AsYouType` for `countryCode` (`'4155552'` -> `'415-5552'`, `'4155552671'` ->
 * `'(415) 555-2671'`; a typed `+callingcode` formats internationally). `previous` is the value
 * before the edit, `typed` the value the input now holds and `caret` its caret offset. Deleting
 * only a formatting character (Backspace right after ')' or '-') deletes the digit before it, so
 * formatting cannot make a digit undeletable. The caret stays after the same number of digits.
 *
 * @example
 * formatPhoneAsYouType('(415) 555-267', '(415) 555-2671', 14, 'US')
 * // { value: '(415) 555-2671', caret: 14 }
 */
export function formatPhoneAsYouType(
  previous: string,
  typed: string,
  caret: number,
  countryCode: string,
): PhoneInputEdit {
  let text = typed;
  let before = significant(typed.slice(0, caret)).length;
  const deletedFormatting =
    typed.length < previous.length && significant(typed) === significant(previous);
  if (deletedFormatting && before > 0) {
    // Remove the significant character the caret sits after.
    let seen = 0;
    const index = [...typed].findIndex((ch) => /[\d+]/.test(ch) && ++seen === before);
    text = typed.slice(0, index) + typed.slice(index + 1);
    before -= 1;
  }
  const digits = significant(text);
  const country = resolvePhoneCountry(countryCode) as CountryCode;
  const value = digits ? new AsYouType(country).input(digits) : '';
  let at = 0;
  for (let seen = 0; at < value.length && seen < before; at += 1) {
    if (/[\d+]/.test(value[at]!)) seen += 1;
  }
  return { value, caret: at };
}

/** How a phone number reads on the code screen: international format, or as given. */
export function formatPhoneNumber(phoneNumber: string): string {
  return parsePhoneNumberFromString(phoneNumber)?.formatInternational() ?? phoneNumber;
}

/**
 * Every country of the dropdown, sorted by display name: names from `Intl.DisplayNames` in
 * `locale` (default the runtime's), calling codes from libphonenumber-js.
 */
export function phoneCountries(locale?: string | string[]): PhoneCountry[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(locale, { type: 'region' });
  } catch {
    names = undefined;
  }
  const list = getCountries().map((code) => {
    let name: string = code;
    try {
      name = names?.of(code) ?? code;
    } catch {
      // Unknown to this runtime's ICU data: keep the code.
    }
    const callingCode = getCountryCallingCode(code);
    return { code, name, callingCode, label: `${name} (+${callingCode})` };
  });
  const collator = new Intl.Collator(locale);
  return list.sort((a, b) => collator.compare(a.name, b.name));
}
