import { ERROR_CODES, type ErrorCode } from '@latchkey/api';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { messages } from '../messages.ts';
import { SCREEN } from '../screens/screens.ts';
import { LatchkeyError } from './base.ts';
import {
  CLIENT_ERROR_CODES,
  isLatchkeyErrorCode,
  LATCHKEY_ERROR_CODES,
  type LatchkeyErrorCode,
  NOT_AUTHENTICATED_CODES,
} from './codes.ts';
import { errorScreenFor, errorTextFor, screenForError } from './errorScreenFor.ts';
import { ERROR_TABLE } from './table.ts';

describe('LatchkeyErrorCode (issue 11)', () => {
  it("holds the API's codes and the client's, with no code in both", () => {
    expectTypeOf<ErrorCode>().toExtend<LatchkeyErrorCode>();
    expectTypeOf<LatchkeyError['code']>().toEqualTypeOf<LatchkeyErrorCode>();
    for (const code of CLIENT_ERROR_CODES) expect(ERROR_CODES).not.toContain(code);
    expect(LATCHKEY_ERROR_CODES).toHaveLength(ERROR_CODES.length + CLIENT_ERROR_CODES.length);
    expect(isLatchkeyErrorCode('too_many_requests')).toBe(true);
    expect(isLatchkeyErrorCode('not_authenticated')).toBe(true);
    expect(isLatchkeyErrorCode('nope')).toBe(false);
  });
});

describe('ERROR_TABLE (spec section 8)', () => {
  it('keys only known codes and names only catalogue strings', () => {
    for (const [code, row] of Object.entries(ERROR_TABLE)) {
      expect(isLatchkeyErrorCode(code), code).toBe(true);
      for (const text of [
        row.title,
        row.detail,
        row.cta ?? 'defaultErrorCta',
        ...Object.values(row.inline ?? {}),
      ])
        if (typeof text === 'string') expect(messages, `${code}: ${text}`).toHaveProperty(text);
    }
  });

  it('gives every "not logged in" code one row', () => {
    const m = { ...messages };
    for (const code of NOT_AUTHENTICATED_CODES) {
      expect(ERROR_TABLE[code]).toBe(ERROR_TABLE.missing_or_invalid_token);
      const error = new LatchkeyError('x', { code });
      expect(errorTextFor(error, 'email', m)).toBe(messages.mustBeLoggedIn);
      expect(screenForError(error)).toBe(SCREEN.ERROR_SCREEN);
      expect(errorScreenFor(error, { appName: 'Acme' })).toMatchObject({
        title: messages.defaultErrorTitle,
        detail: messages.defaultErrorDetail,
      });
    }
  });

  it("gives a method's own screen its one-line text", () => {
    const m = { ...messages };
    const err = (code: LatchkeyErrorCode) => new LatchkeyError('x', { code });
    expect(errorTextFor(err('passkey_not_allowed'), 'passkey', m)).toBe(messages.passkeyNotAllowed);
    expect(errorTextFor(err('cannot_link_more_of_type'), 'passkey', m)).toBe(
      messages.passkeyCannotLinkMore,
    );
    expect(errorTextFor(err('missing_or_invalid_mfa'), 'passkey', m)).toBe(
      messages.passkeyMfaUnlink,
    );
    expect(errorTextFor(err('missing_or_invalid_mfa'), 'email', m)).toBeUndefined();
    expect(errorTextFor(err('linked_to_another_user'), 'wallet', m)).toBe(
      messages.walletUserExists,
    );
    expect(errorTextFor(err('client_request_timeout'), 'wallet', m)).toBe(messages.walletTimedOut);
    expect(errorTextFor(err('passkey_failed'), 'passkey', m)).toBeUndefined();
    expect(errorTextFor(new Error('plain'), 'passkey', m)).toBeUndefined();
  });
});
