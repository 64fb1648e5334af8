import { describe, expect, it, vi } from 'vitest';
import type { User } from '../session/user.ts';
import { exitModal, termsGateUser, walletAutoConnectStep } from './gates.ts';

const USER: User = {
  id: 'user_1',
  createdAt: new Date(0),
  email: { address: 'alice@example.com' },
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  isGuest: false,
};
const WALLET_USER: User = {
  ...USER,
  linkedAccounts: [
    {
      type: 'wallet',
      address: '0x0000000000000000000000000000000000000001',
      chainType: 'ethereum',
      chainId: null,
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      recoveryMethod: 'latchkey',
      imported: false,
      verifiedAt: new Date(0),
      firstVerifiedAt: new Date(0),
      latestVerifiedAt: new Date(0),
    },
  ] as User['linkedAccounts'],
};
const authed = (user: User) => ({ status: 'authenticated' as const, user });
const gate = { requireTerms: true, open: false, standalone: false, shownFor: null };

describe('termsGateUser (issue 6: consent for a restored session)', () => {
  it('opens for an authenticated user who has not accepted the required terms', () => {
    expect(termsGateUser({ ...gate, session: authed(USER) })).toBe(USER);
  });

  it('not when accepted, not required, logged out, open, standalone or already shown', () => {
    expect(
      termsGateUser({ ...gate, session: authed({ ...USER, hasAcceptedTerms: true }) }),
    ).toBeNull();
    expect(termsGateUser({ ...gate, requireTerms: false, session: authed(USER) })).toBeNull();
    expect(
      termsGateUser({ ...gate, session: { status: 'unauthenticated', user: null } }),
    ).toBeNull();
    expect(termsGateUser({ ...gate, open: true, session: authed(USER) })).toBeNull();
    expect(termsGateUser({ ...gate, standalone: true, session: authed(USER) })).toBeNull();
    expect(termsGateUser({ ...gate, shownFor: USER.id, session: authed(USER) })).toBeNull();
  });
});

describe('walletAutoConnectStep (issue 3: connect after login and on reload)', () => {
  it('logged out: reset', () => {
    const session = { status: 'unauthenticated' as const, user: null };
    expect(walletAutoConnectStep({ session, walletStatus: 'connected', open: false })).toBe(
      'reset',
    );
  });

  it('an idle wallet of an authenticated user, modal closed: connect', () => {
    expect(
      walletAutoConnectStep({ session: authed(WALLET_USER), walletStatus: 'idle', open: false }),
    ).toBe('connect');
  });

  it('waits while loading, without a wallet, while busy or while the modal is open', () => {
    const loading = { status: 'loading' as const, user: null };
    expect(walletAutoConnectStep({ session: loading, walletStatus: 'idle', open: false })).toBe(
      'wait',
    );
    expect(
      walletAutoConnectStep({ session: authed(USER), walletStatus: 'idle', open: false }),
    ).toBe('wait');
    expect(
      walletAutoConnectStep({
        session: authed(WALLET_USER),
        walletStatus: 'connecting',
        open: false,
      }),
    ).toBe('wait');
    expect(
      walletAutoConnectStep({ session: authed(WALLET_USER), walletStatus: 'idle', open: true }),
    ).toBe('wait');
  });
});

describe('exitModal (spec section 2)', () => {
  it('closeable: closes with the failure', () => {
    const t = { closeable: true, close: vi.fn(), fail: vi.fn(), restart: vi.fn() };
    exitModal(t, 'f');
    expect(t.close).toHaveBeenCalledWith('f');
    expect(t.fail).not.toHaveBeenCalled();
  });

  it('inline: reports the failure and goes back to LANDING', () => {
    const t = { closeable: false, close: vi.fn(), fail: vi.fn(), restart: vi.fn() };
    exitModal(t, 'f');
    expect(t.fail).toHaveBeenCalledWith('f');
    expect(t.restart).toHaveBeenCalled();
    expect(t.close).not.toHaveBeenCalled();
  });
});
