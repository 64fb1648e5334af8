/**
 * The linked-account rules of the method contracts (issue 11): `defineLoginMethod` splits
 * `accountTypes` into type names and rules, and `LINKED_ACCOUNT_RULES` collects every
 * contract's rules, so a new method's account type reaches the server's policy by its contract.
 */
import { describe, expect, it } from 'vitest';
import {
  defineLoginMethod,
  LINKED_ACCOUNT_RULES,
  LOGIN_METHOD_CONTRACTS,
  MAX_PASSKEYS_PER_USER,
} from '../index.ts';

describe('defineLoginMethod', () => {
  it('keeps accountTypes a list of type names and the rules in accounts', () => {
    const method = defineLoginMethod({
      id: 'telegram',
      flags: [{ flag: 'telegram_auth', loginItem: 'telegram' }],
      accountTypes: ['telegram', { type: 'telegram_bot', maxPerUser: 3 }],
      routes: {},
      sessionRoutes: [],
      captchaGatedRoutes: [],
    });
    expect(method.accountTypes).toEqual(['telegram', 'telegram_bot']);
    expect(method.accounts).toEqual([
      { type: 'telegram' },
      { type: 'telegram_bot', maxPerUser: 3 },
    ]);
  });
});

describe('LINKED_ACCOUNT_RULES', () => {
  it("has a rule for every contract's account type, taken from the contract", () => {
    const types = LOGIN_METHOD_CONTRACTS.flatMap((c) => c.accountTypes);
    expect([...LINKED_ACCOUNT_RULES.keys()].sort()).toEqual([...types].sort());
    for (const contract of LOGIN_METHOD_CONTRACTS) {
      for (const rule of contract.accounts ?? []) {
        expect(LINKED_ACCOUNT_RULES.get(rule.type)).toBe(rule);
      }
    }
  });

  it('holds the passkey limit and messages (spec section 5)', () => {
    const passkey = LINKED_ACCOUNT_RULES.get('passkey');
    expect(passkey?.maxPerUser).toBe(MAX_PASSKEYS_PER_USER);
    expect(passkey?.tooManyMessage).toBe('Cannot link more passkeys to account.');
    expect(passkey?.mfaUnlinkMessage).toBe('Cannot unlink a passkey enrolled in MFA');
  });

  it('gives the allowlist keys of email, phone, wallet and OAuth accounts', () => {
    const keys = (type: string, subject: string, details: Record<string, unknown> = {}) =>
      LINKED_ACCOUNT_RULES.get(type)?.allowlistKeys?.(subject, details);
    expect(keys('email', ' Alice@Example.com ')).toEqual([
      { type: 'email', value: 'alice@example.com' },
      { type: 'email_domain', value: 'example.com' },
    ]);
    expect(keys('phone', '+14155550100')).toEqual([{ type: 'phone', value: '+14155550100' }]);
    expect(keys('wallet', '0xAbC')).toEqual([{ type: 'wallet', value: '0xabc' }]);
    expect(keys('google_oauth', 'sub-1', { email: 'bob@corp.io' })).toEqual([
      { type: 'email', value: 'bob@corp.io' },
      { type: 'email_domain', value: 'corp.io' },
    ]);
    expect(keys('github_oauth', 'sub-2', { email: null })).toEqual([]);
    expect(keys('passkey', 'cred')).toBeUndefined();
  });
});
