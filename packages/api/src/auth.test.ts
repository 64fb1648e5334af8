import { describe, expect, it } from 'vitest';
import { emailAddress, loginCode } from './auth.ts';
import { ERROR_CODES, ERROR_STATUS, isErrorCode } from './error-codes.ts';
import { passwordlessInitRequest } from './methods/email.schema.ts';

describe('emailAddress', () => {
  it('trims and lower-cases', () => {
    expect(emailAddress.parse('  Alice@Example.COM ')).toBe('alice@example.com');
  });
  it.each([
    '',
    'alice',
    'alice@',
    '@example.com',
    'a b@example.com',
    'alice@example',
    `${'a'.repeat(250)}@x.io`,
  ])('refuses %j', (bad) => {
    expect(emailAddress.safeParse(bad).success).toBe(false);
  });
  it('refuses CRLF injection into headers', () => {
    expect(emailAddress.safeParse('a@example.com\r\nBcc: x@evil.io').success).toBe(false);
  });
});

describe('loginCode', () => {
  it('accepts six digits, trimmed', () => {
    expect(loginCode.parse(' 012345 ')).toBe('012345');
  });
  it.each(['12345', '1234567', '12a456', '', '１２３４５６'])('refuses %j', (bad) => {
    expect(loginCode.safeParse(bad).success).toBe(false);
  });
});

describe('passwordlessInitRequest', () => {
  it('refuses a number where the email belongs', () => {
    expect(passwordlessInitRequest.safeParse({ email: 42 }).success).toBe(false);
  });
});

describe('error codes', () => {
  it('maps every code to an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('no_such_code')).toBe(false);
  });
});

describe('isEmailAddress', () => {
  it('agrees with the schema', async () => {
    const { isEmailAddress } = await import('./email.ts');
    for (const s of [
      'alice@example.com',
      'a.b+tag@sub.example.co',
      'alice@example',
      'a..b@x.io',
      '.a@x.io',
      'a@x',
    ]) {
      expect(isEmailAddress(s)).toBe(emailAddress.safeParse(s).success);
    }
  });
});
