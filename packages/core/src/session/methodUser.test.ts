import type { UserWire } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { METHOD_USER_PARTS } from '../api/methods/index.ts';
import { toUser } from './user.ts';

const times = { verified_at: 1, first_verified_at: 1, latest_verified_at: 2 };
const wire = (linked_accounts: unknown[], mfa: string[] = []): UserWire =>
  ({
    id: 'u1',
    created_at: 1,
    linked_accounts,
    mfa_methods: mfa.map((type) => ({ type, verified_at: 1 })),
    has_accepted_terms: false,
    is_guest: false,
  }) as unknown as UserWire;

describe('wire registry: METHOD_USER_PARTS', () => {
  it('maps every wire account through the part that reads it, and skips unread types', () => {
    const accounts = [
      { type: 'email', address: 'a@b.co', ...times },
      { type: 'phone', number: '+15555550100', ...times },
      { type: 'telegram', telegram_user_id: '1', username: 'ada', ...times },
      { type: 'farcaster', fid: '3', username: 'dwr', profile_picture_url: 'p', ...times },
      {
        type: 'cross_app',
        subject: 'x',
        provider_app: { id: 'provider-app' },
        embedded_wallets: [{ address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }],
        smart_wallets: [],
        ...times,
      },
      { type: 'from_a_newer_server', subject: 'y', ...times },
    ];
    const user = toUser(wire(accounts));
    expect(user.linkedAccounts.map((a) => a.type)).toEqual([
      'email',
      'phone',
      'telegram',
      'farcaster',
      'cross_app',
    ]);
    expect(user.linkedAccounts[4]).toMatchObject({
      subject: 'x',
      providerApp: { id: 'provider-app' },
      embeddedWallets: [{ address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }],
      smartWallets: [],
    });
    expect(user.linkedAccounts[2]).toMatchObject({ telegramUserId: '1', username: 'ada' });
    expect(user.linkedAccounts[3]).toMatchObject({ fid: 3, username: 'dwr', pfp: 'p' });
    for (const account of user.linkedAccounts)
      expect(METHOD_USER_PARTS.some((part) => part.reads(account.type))).toBe(true);
  });

  it("merges each part's User fields and MFA method", () => {
    const user = toUser(
      wire(
        [
          { type: 'email', address: 'a@b.co', ...times },
          { type: 'phone', number: '+15555550100', ...times },
        ],
        ['sms', 'totp', 'passkey', 'carrier_pigeon'],
      ),
    );
    const expected = Object.assign(
      {},
      ...METHOD_USER_PARTS.map((part) => part.userFields?.(user.linkedAccounts) ?? {}),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(user).toMatchObject(expected);
    const enrolled = METHOD_USER_PARTS.flatMap((part) => (part.mfaMethod ? [part.mfaMethod] : []));
    expect(user.mfaMethods).toEqual(['sms', 'totp', 'passkey']);
    expect(enrolled.every((m) => user.mfaMethods.includes(m))).toBe(true);
  });

  it('leaves a method field absent when the user has none of its accounts', () => {
    const user = toUser(wire([]));
    expect(Object.keys(user).sort()).toEqual(
      ['createdAt', 'hasAcceptedTerms', 'id', 'isGuest', 'linkedAccounts', 'mfaMethods'].sort(),
    );
  });

  it('maps an OAuth account with its provider profile, as the wire gives it', () => {
    const oauth = {
      type: 'github_oauth',
      subject: '42',
      email: 'octo@example.com',
      name: null,
      username: 'octo',
      ...times,
    };
    const [account] = toUser(wire([oauth])).linkedAccounts;
    expect(account).toEqual({
      type: 'github_oauth',
      subject: '42',
      email: 'octo@example.com',
      name: null,
      username: 'octo',
      verifiedAt: new Date(1000),
      firstVerifiedAt: new Date(1000),
      latestVerifiedAt: new Date(2000),
    });
  });
});
