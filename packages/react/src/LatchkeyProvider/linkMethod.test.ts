import { SCREEN, type LinkedAccount, type User } from '@latchkey/core';
import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../test/fakeClient.ts';
import { linkMethodOf, newLinkedAccount } from './linkMethod.ts';

const at = new Date(0);
const v = { verifiedAt: at, firstVerifiedAt: at, latestVerifiedAt: at };
const phone: LinkedAccount = { type: 'phone', number: '+14155552671', ...v };
const email: LinkedAccount = { type: 'email', address: 'a@example.com', ...v };
const google: LinkedAccount = {
  type: 'google_oauth',
  subject: 'sub-1',
  email: null,
  name: null,
  username: null,
  ...v,
};
const user = (...linkedAccounts: LinkedAccount[]): User => ({ ...TEST_USER, linkedAccounts });

describe('linkMethodOf', () => {
  it('names the method of each link screen, and the OAuth provider', () => {
    expect(linkMethodOf(SCREEN.LINK_EMAIL_SCREEN, {})).toBe('email');
    expect(linkMethodOf(SCREEN.UPDATE_EMAIL_SCREEN, {})).toBe('email');
    expect(linkMethodOf(SCREEN.LINK_PHONE_SCREEN, {})).toBe('sms');
    expect(linkMethodOf(SCREEN.LINK_WALLET_SCREEN, {})).toBe('siwe');
    expect(linkMethodOf(SCREEN.LINK_PASSKEY_SCREEN, {})).toBe('passkey');
    expect(linkMethodOf(SCREEN.AWAITING_OAUTH_SCREEN, { oauth: { provider: 'github' } })).toBe(
      'github',
    );
  });
});

describe('newLinkedAccount', () => {
  it('finds the account the link added, preferring the linked type', () => {
    expect(newLinkedAccount(user(phone), user(phone, email), 'email')).toBe(email);
    expect(newLinkedAccount(user(phone), user(email, phone, google), 'google')).toBe(google);
  });

  it('matches emails case-insensitively and answers null when nothing is new', () => {
    const upper = { ...email, address: 'A@EXAMPLE.COM' };
    expect(newLinkedAccount(user(email), user(upper), 'email')).toBeNull();
    expect(newLinkedAccount(null, user(email), 'email')).toBeNull();
  });
});
