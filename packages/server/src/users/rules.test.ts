/**
 * The account policy's extension points (issue 11): the limits, the MFA guard, the wire form
 * of a user's accounts and the allowlist keys come from each type's `LinkedAccountRule` (the
 * login method's contract), not from names in `users/`. Unit tests without a database; the
 * behaviour over HTTP is in `accounts.test.ts` and `gates.test.ts`.
 */
import type { LinkedAccountRule } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import {
  MFA_UNLINK_MESSAGE,
  maxAccountsOfType,
  mfaUnlinkError,
  tooManyOfTypeError,
} from './accounts.ts';
import { accountAllowlistKeys } from './gates.ts';
import { ruledAccountFields } from './service.ts';

/** A method that is not in the registry: only the rules passed in can know it. */
const rules: ReadonlyMap<string, LinkedAccountRule> = new Map([
  [
    'telegram',
    {
      type: 'telegram',
      maxPerUser: 3,
      tooManyMessage: 'Cannot link more Telegram accounts.',
      mfaUnlinkMessage: 'Cannot unlink a Telegram account enrolled in MFA',
      subjectField: 'telegram_user_id',
      detailFields: { username: 'string', photo_url: 'text', is_bot: 'flag' },
      allowlistKeys: (subject: string) => [{ type: 'telegram', value: subject }],
    },
  ],
]);

describe('maxAccountsOfType and tooManyOfTypeError', () => {
  it('read maxPerUser and tooManyMessage from the rules', () => {
    expect(maxAccountsOfType('telegram', rules)).toBe(3);
    expect(maxAccountsOfType('other', rules)).toBe(1);
    const error = tooManyOfTypeError('telegram', rules);
    expect(error.code).toBe('cannot_link_more_of_type');
    expect(error.message).toBe('Cannot link more Telegram accounts.');
    expect(tooManyOfTypeError('other', rules).message).toBe(
      'User already has an account of type other linked.',
    );
  });

  it('default to the contracts: 5 passkeys, one of every other type', () => {
    expect(maxAccountsOfType('passkey')).toBe(5);
    expect(maxAccountsOfType('email')).toBe(1);
    expect(tooManyOfTypeError('passkey').message).toBe('Cannot link more passkeys to account.');
    expect(tooManyOfTypeError('phone').message).toBe(
      'User already has an account of type phone linked.',
    );
  });
});

describe('mfaUnlinkError', () => {
  it('refuses any account whose details say enrolled_in_mfa, with its rule message', () => {
    const enrolled = { enrolled_in_mfa: true };
    expect(mfaUnlinkError({ type: 'telegram', details: enrolled }, rules)?.message).toBe(
      'Cannot unlink a Telegram account enrolled in MFA',
    );
    expect(mfaUnlinkError({ type: 'other', details: enrolled }, rules)?.message).toBe(
      MFA_UNLINK_MESSAGE,
    );
    expect(mfaUnlinkError({ type: 'passkey', details: enrolled })?.code).toBe(
      'missing_or_invalid_mfa',
    );
    expect(mfaUnlinkError({ type: 'passkey', details: enrolled })?.message).toBe(
      'Cannot unlink a passkey enrolled in MFA',
    );
    expect(
      mfaUnlinkError({ type: 'passkey', details: { enrolled_in_mfa: 'yes' } }),
    ).toBeUndefined();
  });
});

describe('ruledAccountFields', () => {
  it('builds the wire form from subjectField and detailFields, in order', () => {
    const fields = ruledAccountFields(
      { type: 'telegram', subject: '42', details: { username: 'bob', photo_url: '', is_bot: 1 } },
      rules,
    );
    expect(fields).toEqual({
      type: 'telegram',
      telegram_user_id: '42',
      username: 'bob',
      photo_url: null,
      is_bot: false,
    });
    expect(Object.keys(fields!)).toEqual([
      'type',
      'telegram_user_id',
      'username',
      'photo_url',
      'is_bot',
    ]);
    expect(ruledAccountFields({ type: 'other', subject: 'x', details: {} }, rules)).toBeUndefined();
  });

  it('default to the contracts (email address, passkey credential)', () => {
    expect(ruledAccountFields({ type: 'email', subject: 'a@b.co', details: {} })).toEqual({
      type: 'email',
      address: 'a@b.co',
    });
    expect(ruledAccountFields({ type: 'passkey', subject: 'cred', details: {} })).toEqual({
      type: 'passkey',
      credential_id: 'cred',
      authenticator_name: null,
      created_with_browser: null,
      created_with_os: null,
      enrolled_in_mfa: false,
    });
  });
});

describe('accountAllowlistKeys', () => {
  it("reads the type's allowlistKeys, none without a rule", () => {
    expect(accountAllowlistKeys({ type: 'telegram', subject: '42' }, rules)).toEqual([
      { type: 'telegram', value: '42' },
    ]);
    expect(accountAllowlistKeys({ type: 'email', subject: 'a@b.co' }, rules)).toEqual([]);
    expect(accountAllowlistKeys({ type: 'email', subject: 'A@b.co' })).toEqual([
      { type: 'email', value: 'a@b.co' },
      { type: 'email_domain', value: 'b.co' },
    ]);
  });
});
