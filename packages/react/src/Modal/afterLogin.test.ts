import type { User } from '@latchkey/core';
import { describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../config/resolveConfig.ts';
import { APP_ID, TEST_USER } from '../test/fakeClient.ts';
import { afterLoginDelay, closeDuringLoginSuccess, routeAfterLogin } from './afterLogin.ts';

const config = (terms: boolean, createOnLogin: 'off' | 'all-users' = 'off') =>
  resolveConfig(
    APP_ID,
    { embeddedWallets: { createOnLogin } },
    { name: 'Acme', require_users_accept_terms: terms },
  );
const accepted: User = { ...TEST_USER, hasAcceptedTerms: true };

describe('routeAfterLogin (spec section 4: consent, then wallet creation, then close)', () => {
  it('terms required and not accepted: the consent screen with the login, after 900 ms', () => {
    const navigate = vi.fn();
    const complete = vi.fn();
    const login = { user: TEST_USER, isNewUser: true };
    expect(routeAfterLogin({ config: config(true, 'all-users'), navigate, complete }, login)).toBe(
      'consent',
    );
    expect(navigate).toHaveBeenCalledWith('AFFIRMATIVE_CONSENT_SCREEN', { login });
    expect(complete).not.toHaveBeenCalled();
    expect(afterLoginDelay(config(true), login)).toBe(900);
  });

  it('accepted (or not required) with a wallet to create: the wallet-creation screen', () => {
    const navigate = vi.fn();
    const login = { user: accepted, isNewUser: true };
    routeAfterLogin({ config: config(true, 'all-users'), navigate, complete: vi.fn() }, login);
    expect(navigate).toHaveBeenCalledWith(
      'EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN',
      expect.objectContaining({ wallet: expect.objectContaining({ kind: 'create', login }) }),
    );
    expect(afterLoginDelay(config(false, 'all-users'), login)).toBe(900);
  });

  it('nothing left: completes, 1400 ms after success', () => {
    const navigate = vi.fn();
    const complete = vi.fn();
    const login = { user: TEST_USER, isNewUser: false };
    expect(routeAfterLogin({ config: config(false), navigate, complete }, login)).toBe('done');
    expect(complete).toHaveBeenCalledWith(login);
    expect(navigate).not.toHaveBeenCalled();
    expect(afterLoginDelay(config(false), login)).toBe(1400);
  });

  it('closing during the success pause: completes, or declines (logout) when consent is due', () => {
    const complete = vi.fn();
    const logout = vi.fn(async () => {});
    const login = { user: TEST_USER, isNewUser: false };
    expect(closeDuringLoginSuccess({ config: config(false), complete }, login, logout)).toBe(
      undefined,
    );
    expect(complete).toHaveBeenCalledWith(login);
    complete.mockClear();
    expect(closeDuringLoginSuccess({ config: config(true), complete }, login, logout)).toEqual({
      code: 'terms_declined',
      message: expect.any(String),
    });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(complete).not.toHaveBeenCalled();
  });
});
