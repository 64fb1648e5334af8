import { ERROR_CODES, type ErrorCode } from '@latchkey/api';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { messages } from '../messages.ts';
import { METHOD_CLIENT_ERROR_CODES, METHOD_ERRORS } from '../methods/links.ts';
import { passkeyClientErrorCodes } from '../methods/passkey/errors.ts';
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
import { DEFAULT_ERROR_ROW, ERROR_TABLE, SHARED_ERROR_ROWS, withMethodErrors } from './table.ts';

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

describe("each method's error codes and rows (METHOD_ERRORS, methods/links.ts; issue 11)", () => {
  const err = (code: string) => new LatchkeyError('x', { code: code as LatchkeyErrorCode });

  it("merges every method's client codes, rows and one-line texts", () => {
    const m = { ...messages };
    for (const code of METHOD_CLIENT_ERROR_CODES.flat()) expect(CLIENT_ERROR_CODES).toContain(code);
    const withRows = new Set<string>();
    for (const { method, ...part } of METHOD_ERRORS) {
      const rows: Record<string, { title: string; detail: string }> =
        'rows' in part ? part.rows : {};
      for (const [code, row] of Object.entries(rows)) {
        expect(ERROR_TABLE[code as LatchkeyErrorCode], code).toMatchObject({
          title: row.title,
          detail: row.detail,
        });
        expect(SHARED_ERROR_ROWS, `${code} has one row`).not.toHaveProperty(code);
        expect(withRows.has(code), `${code} has one row`).toBe(false);
        withRows.add(code);
      }
      const inline: Record<string, keyof typeof messages> = 'inline' in part ? part.inline : {};
      for (const [code, key] of Object.entries(inline))
        expect(errorTextFor(err(code), method, m), `${method} ${code}`).toBe(messages[key]);
    }
  });

  it("finds a method's row: passkey_not_allowed, missing_or_invalid_mfa (passkeys only)", () => {
    expect(passkeyClientErrorCodes).toContain('passkey_unsupported');
    expect(isLatchkeyErrorCode('passkey_unsupported')).toBe(true);
    expect(ERROR_TABLE.passkey_not_allowed?.inline?.passkey).toBe('passkeyNotAllowed');
    expect(
      errorScreenFor(err('missing_or_invalid_mfa'), { appName: 'A', method: 'passkey' }),
    ).toMatchObject({ title: messages.unlinkFailedTitle, detail: messages.passkeyMfaUnlink });
    expect(
      errorScreenFor(err('missing_or_invalid_mfa'), { appName: 'A', method: 'email' }),
    ).toMatchObject({ title: messages.defaultErrorTitle });
    expect(errorScreenFor(err('not_supported'), { appName: 'A' }).title).toBe(
      messages.regionNotSupportedTitle,
    );
  });

  it("withMethodErrors adds a new method's rows and texts", () => {
    const table = withMethodErrors({ too_many_requests: DEFAULT_ERROR_ROW }, [
      {
        method: 'telegram',
        rows: {
          no_account: {
            title: 'tryAgain',
            detail: 'cancel',
            when: (ctx) => ctx.method === 'telegram',
          },
        },
        inline: { too_many_requests: 'done', no_account: 'submit' },
      },
    ]);
    const telegram = { method: 'telegram' } as unknown as { method: 'email' };
    expect(table.no_account?.when?.({ appName: 'A', ...telegram })).toBe(true);
    expect(table.no_account?.when?.({ appName: 'A', method: 'email' })).toBe(false);
    expect(table.no_account).toMatchObject({ title: 'tryAgain', inline: { telegram: 'submit' } });
    expect(table.too_many_requests?.inline).toEqual({ telegram: 'done' });
    expect(table.exited_auth_flow).toBeUndefined();
  });
});
