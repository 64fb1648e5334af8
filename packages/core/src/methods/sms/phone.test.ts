import { describe, expect, it } from 'vitest';
import {
  formatPhoneAsYouType,
  formatPhoneNumber,
  parsePhoneInput,
  phoneCountries,
  phonePlaceholder,
  resolvePhoneCountry,
} from './phone.ts';

describe('parsePhoneInput', () => {
  it.each([
    ['US', '(415) 555-2671', '+1 4155552671'],
    ['US', '4155552671', '+1 4155552671'],
    ['US', '+1 415 555 2671', '+1 4155552671'],
    ['GB', '07400 123456', '+44 7400123456'],
    ['GB', '7400123456', '+44 7400123456'],
    ['DE', '01512 3456789', '+49 15123456789'],
    ['FR', '06 12 34 56 78', '+33 612345678'],
    ['IN', '98765 43210', '+91 9876543210'],
    ['BR', '(11) 96123-4567', '+55 11961234567'],
    ['JP', '090-1234-5678', '+81 9012345678'],
  ])('%s %j is valid as %j', (country, raw, qualified) => {
    expect(parsePhoneInput(raw, country)).toEqual({
      rawPhoneNumber: raw,
      qualifiedPhoneNumber: qualified,
      countryCode: country,
      isValid: true,
    });
  });

  it.each([
    ['US', ''],
    ['US', 'abc'],
    ['US', '415 555'],
    ['US', '415 555 26711 1'],
    ['GB', '07400 12'],
    ['DE', '0151'],
    ['FR', '06 12 34'],
    ['IN', '12345'],
    ['BR', '(11) 9612'],
    ['JP', '090-1234'],
  ])('%s %j is invalid', (country, raw) => {
    const result = parsePhoneInput(raw, country);
    expect(result.isValid).toBe(false);
    expect(result.countryCode).toBe(country);
    expect(result.rawPhoneNumber).toBe(raw);
  });

  it("is invalid when the number's own calling code is not the selected country's", () => {
    expect(parsePhoneInput('+44 7400 123456', 'US')).toMatchObject({
      qualifiedPhoneNumber: '+44 7400123456',
      countryCode: 'US',
      isValid: false,
    });
    expect(parsePhoneInput('+44 7400 123456', 'GB').isValid).toBe(true);
  });

  it('falls back to US for an unknown country', () => {
    expect(resolvePhoneCountry('zz')).toBe('US');
    expect(resolvePhoneCountry('gb')).toBe('GB');
    expect(resolvePhoneCountry(undefined)).toBe('US');
    expect(parsePhoneInput('4155552671', 'ZZ')).toMatchObject({ countryCode: 'US', isValid: true });
  });
});

describe('country data', () => {
  it("lists 'Country name (+code)' options sorted by name", () => {
    const list = phoneCountries('en');
    expect(list.length).toBeGreaterThan(200);
    expect(list.find((c) => c.code === 'GB')).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      callingCode: '44',
      label: 'United Kingdom (+44)',
    });
    expect(list.find((c) => c.code === 'US')?.label).toBe('United States (+1)');
    expect(list.find((c) => c.code === 'DE')?.label).toBe('Germany (+49)');
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(phoneCountries('de').find((c) => c.code === 'DE')?.label).toBe('Deutschland (+49)');
  });

  it('gives a country-formatted mobile placeholder that parses as valid', () => {
    for (const country of ['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'JP']) {
      const placeholder = phonePlaceholder(country);
      expect(placeholder).toMatch(/\d/);
      expect(parsePhoneInput(placeholder, country).isValid).toBe(true);
    }
    expect(phonePlaceholder('GB')).toBe('07400 123456');
  });

  it('formats a qualified number for display', () => {
    expect(formatPhoneNumber('+1 4155552671')).toBe('+1 415 555 2671');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});

describe('formatPhoneAsYouType', () => {
  /** Types `keys` one at a time at the end, as a person does, and returns each value. */
  const typeAll = (keys: string, country: string) => {
    const values: string[] = [];
    let value = '';
    for (const key of keys) {
      value = formatPhoneAsYouType(value, value + key, value.length + 1, country).value;
      values.push(value);
    }
    return values;
  };

  it('formats a US number digit by digit with AsYouType', () => {
    expect(typeAll('4155552671', 'US')).toEqual([
      '4',
      '41',
      '(415)',
      '(415) 5',
      '(415) 55',
      '(415) 555',
      '(415) 555-2',
      '(415) 555-26',
      '(415) 555-267',
      '(415) 555-2671',
    ]);
  });

  it('formats for the selected country, and a typed +callingcode internationally', () => {
    expect(typeAll('07400123456', 'GB').at(-1)).toBe('07400 123456');
    expect(typeAll('+447400123456', 'US').at(-1)).toBe('+44 7400 123456');
    expect(typeAll('abc', 'US').at(-1)).toBe('');
  });

  it('puts the caret after the same digits it followed in the typed text', () => {
    // '9' typed after the '5' of '(415)' (caret 5 in the typed text).
    expect(formatPhoneAsYouType('(415) 555-267', '(4159) 555-267', 5, 'US')).toEqual({
      value: '(415) 955-5267',
      caret: 7,
    });
  });

  it('Backspace over a formatting character deletes the digit before it', () => {
    // ')' deleted: the '5' before it goes, so the digit count drops and the caret follows.
    expect(formatPhoneAsYouType('(415) 555-2671', '(415 555-2671', 4, 'US')).toEqual({
      value: '(415) 552-671',
      caret: 3,
    });
    // Backspace right after '(415)' leaves '(415': the '5' goes, not just the ')' again.
    expect(formatPhoneAsYouType('(415)', '(415', 4, 'US').value).toBe('41');
    // A digit deleted at the end is just deleted.
    expect(formatPhoneAsYouType('(415) 555-2671', '(415) 555-267', 13, 'US').value).toBe(
      '(415) 555-267',
    );
  });
});
