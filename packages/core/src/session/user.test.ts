import { describe, expect, it } from 'vitest';
import { wireUser } from '../test/fakes.ts';
import { toUser } from './user.ts';

describe('toUser', () => {
  it('converts the wire user to camelCase with Dates', () => {
    const user = toUser(
      wireUser({
        linked_accounts: [
          {
            type: 'email',
            address: 'alice@example.com',
            verified_at: 10,
            first_verified_at: 11,
            latest_verified_at: 12,
          },
          {
            type: 'phone',
            number: '+15555550100',
            verified_at: 20,
            first_verified_at: 21,
            latest_verified_at: 22,
          },
        ],
        mfa_methods: [
          { type: 'totp', verified_at: 5 },
          { type: 'carrier-pigeon', verified_at: 6 },
        ],
        has_accepted_terms: true,
      }),
    );
    expect(user).toEqual({
      id: 'user_1',
      createdAt: new Date(1_700_000_000_000),
      email: { address: 'alice@example.com' },
      phone: { number: '+15555550100' },
      linkedAccounts: [
        {
          type: 'email',
          address: 'alice@example.com',
          verifiedAt: new Date(10_000),
          firstVerifiedAt: new Date(11_000),
          latestVerifiedAt: new Date(12_000),
        },
        {
          type: 'phone',
          number: '+15555550100',
          verifiedAt: new Date(20_000),
          firstVerifiedAt: new Date(21_000),
          latestVerifiedAt: new Date(22_000),
        },
      ],
      mfaMethods: ['totp'],
      hasAcceptedTerms: true,
      isGuest: false,
    });
  });

  it('omits email and phone when none is linked', () => {
    const user = toUser(wireUser({ linked_accounts: [] }));
    expect('email' in user).toBe(false);
    expect('phone' in user).toBe(false);
  });
});

describe('toUser with wallets', () => {
  const v = { verified_at: 1, first_verified_at: 1, latest_verified_at: 2 };
  const external = {
    type: 'wallet' as const,
    address: '0x000000000000000000000000000000000000dEaD',
    chain_type: 'ethereum' as const,
    chain_id: 'eip155:1',
    wallet_client_type: 'metamask',
    connector_type: 'injected',
    recovery_method: null,
    imported: false,
    ...v,
  };
  const embedded = {
    ...external,
    address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    chain_id: null,
    wallet_client_type: 'latchkey',
    connector_type: 'embedded',
    recovery_method: 'latchkey' as const,
  };
  const base = {
    id: 'u',
    created_at: 1,
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
  };

  it('prefers the embedded wallet as user.wallet, in camelCase', () => {
    const user = toUser({ ...base, linked_accounts: [external, embedded] });
    expect(user.wallet).toMatchObject({
      address: embedded.address,
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      recoveryMethod: 'latchkey',
      chainType: 'ethereum',
    });
    expect(user.linkedAccounts).toHaveLength(2);
  });

  it('falls back to the first external wallet', () => {
    expect(toUser({ ...base, linked_accounts: [external] }).wallet?.walletClientType).toBe(
      'metamask',
    );
  });
});
