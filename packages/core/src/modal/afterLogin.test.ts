import { describe, expect, it, vi } from 'vitest';
import type { User } from '../session/user.ts';
import { closeLoginOnSuccess, routeLogin, TERMS_DECLINED } from './afterLogin.ts';

const USER: User = {
  id: 'user_1',
  createdAt: new Date(0),
  email: { address: 'alice@example.com' },
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
};
const rules = (terms: boolean, createOnLogin: 'off' | 'all-users' = 'off') => ({
  requireUsersAcceptTerms: terms,
  createOnLogin,
});

describe('routeLogin (spec section 4: consent, then wallet creation, then close)', () => {
  it('terms required and not accepted: the consent screen with the login', () => {
    const navigate = vi.fn();
    const complete = vi.fn();
    const login = { user: USER, isNewUser: true };
    expect(routeLogin({ rules: rules(true, 'all-users'), navigate, complete }, login)).toBe(
      'consent',
    );
    expect(navigate).toHaveBeenCalledWith('AFFIRMATIVE_CONSENT_SCREEN', { login });
    expect(complete).not.toHaveBeenCalled();
  });

  it('accepted with a wallet to create: the wallet-creation screen with a create request', () => {
    const navigate = vi.fn();
    const login = { user: { ...USER, hasAcceptedTerms: true }, isNewUser: true };
    expect(
      routeLogin({ rules: rules(true, 'all-users'), navigate, complete: vi.fn() }, login),
    ).toBe('create-wallet');
    expect(navigate).toHaveBeenCalledWith(
      'EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN',
      expect.objectContaining({ wallet: expect.objectContaining({ kind: 'create', login }) }),
    );
  });

  it('nothing left: completes', () => {
    const navigate = vi.fn();
    const complete = vi.fn();
    const login = { user: USER, isNewUser: false };
    expect(routeLogin({ rules: rules(false), navigate, complete }, login)).toBe('done');
    expect(complete).toHaveBeenCalledWith(login);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('closeLoginOnSuccess', () => {
  it('completes, or declines the terms (logout, terms_declined) when consent is due', () => {
    const complete = vi.fn();
    const logout = vi.fn(async () => {});
    const login = { user: USER, isNewUser: false };
    const target = (terms: boolean) => ({
      rules: rules(terms),
      complete,
      termsDeclinedMessage: 'no',
    });
    expect(closeLoginOnSuccess(target(false), login, logout)).toBeUndefined();
    expect(complete).toHaveBeenCalledWith(login);
    complete.mockClear();
    expect(closeLoginOnSuccess(target(true), login, logout)).toEqual({
      code: TERMS_DECLINED,
      message: 'no',
    });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(complete).not.toHaveBeenCalled();
  });

  it('a failing logout is ignored', async () => {
    const logout = vi.fn(async () => {
      throw new Error('offline');
    });
    const login = { user: USER, isNewUser: false };
    const target = { rules: rules(true), complete: vi.fn(), termsDeclinedMessage: 'no' };
    expect(closeLoginOnSuccess(target, login, logout)?.code).toBe('terms_declined');
    await Promise.resolve();
  });
});
