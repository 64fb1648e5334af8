/**
 * The linked-account rules beside the method contracts (issue 11): `linkedAccountRules()`
 * collects every method's `<ID>_ACCOUNTS` (`LINKED_ACCOUNT_RULE_LISTS`), one rule per account
 * type of the contracts, so a new method's account type reaches the server's policy.
 */
import { describe, expect, it } from 'vitest';
import {
  LINKED_ACCOUNT_RULE_LISTS,
  linkedAccountRules,
  LOGIN_METHOD_CONTRACTS,
  MAX_PASSKEYS_PER_USER,
} from '../index.ts';

describe('linkedAccountRules', () => {
  it("has a rule for every contract's account type, taken from the contract", () => {
    const types = LOGIN_METHOD_CONTRACTS.flatMap((c) => c.accountTypes);
    expect([...linkedAccountRules().keys()].sort()).toEqual([...types].sort());
    for (const rule of LINKED_ACCOUNT_RULE_LISTS.flat()) {
      expect(linkedAccountRules().get(rule.type)).toBe(rule);
    }
  });

  it('holds the passkey limit and messages (spec section 5)', () => {
    const passkey = linkedAccountRules().get('passkey');
    expect(passkey?.maxPerUser).toBe(MAX_PASSKEYS_PER_USER);
    expect(passkey?.tooManyMessage).toBe('Cannot link more passkeys to account.');
    expect(passkey?.mfaUnlinkMessage).toBe('Cannot unlink a passkey enrolled in MFA');
  });

  it('gives the allowlist keys of email, phone, wallet and OAuth accounts', () => {
    const keys = (type: string, subject: string, details: Record<string, unknown> = {}) =>
      linkedAccountRules().get(type)?.allowlistKeys?.(subject, details);
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
