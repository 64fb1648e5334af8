import { describe, expect, it } from 'vitest';
import type { User, WalletAccount } from '../session/user.ts';
import { afterLoginDelayMs, nextStepAfterLogin } from './afterLogin.ts';

const at = new Date(0);
const embedded: WalletAccount = {
  type: 'wallet',
  address: '0x1111111111111111111111111111111111111111',
  chainType: 'ethereum',
  chainId: 'eip155:31337',
  walletClientType: 'latchkey',
  connectorType: 'embedded',
  recoveryMethod: 'latchkey',
  imported: false,
  verifiedAt: at,
  firstVerifiedAt: at,
  latestVerifiedAt: at,
};
const user = (overrides: Partial<User> = {}): User => ({
  id: 'user_1',
  createdAt: at,
  linkedAccounts: [
    { type: 'email', address: 'a@b.co', verifiedAt: at, firstVerifiedAt: at, latestVerifiedAt: at },
  ],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
  ...overrides,
});

describe('nextStepAfterLogin (spec section 4, "Code entry")', () => {
  it('consent first when terms are required and not accepted', () => {
    expect(
      nextStepAfterLogin({ requireUsersAcceptTerms: true, createOnLogin: 'all-users' }, user()),
    ).toBe('consent');
  });

  it('then wallet creation when the create-on-login rule applies', () => {
    const accepted = user({ hasAcceptedTerms: true });
    expect(
      nextStepAfterLogin({ requireUsersAcceptTerms: true, createOnLogin: 'all-users' }, accepted),
    ).toBe('create-wallet');
    expect(
      nextStepAfterLogin(
        { requireUsersAcceptTerms: false, createOnLogin: 'users-without-wallets' },
        user(),
      ),
    ).toBe('create-wallet');
  });

  it("else 'done'", () => {
    expect(
      nextStepAfterLogin({ requireUsersAcceptTerms: false, createOnLogin: 'off' }, user()),
    ).toBe('done');
    const withWallet = user({
      hasAcceptedTerms: true,
      linkedAccounts: [embedded],
      wallet: embedded,
    });
    expect(
      nextStepAfterLogin({ requireUsersAcceptTerms: true, createOnLogin: 'all-users' }, withWallet),
    ).toBe('done');
  });

  it('terms not required: an unaccepted user is not sent to consent', () => {
    expect(
      nextStepAfterLogin({ requireUsersAcceptTerms: false, createOnLogin: 'off' }, user()),
    ).not.toBe('consent');
  });
});

describe('afterLoginDelayMs (spec section 9)', () => {
  it('900 ms before consent or wallet creation, 1400 ms before closing', () => {
    expect(afterLoginDelayMs('consent')).toBe(900);
    expect(afterLoginDelayMs('create-wallet')).toBe(900);
    expect(afterLoginDelayMs('done')).toBe(1400);
  });
});
