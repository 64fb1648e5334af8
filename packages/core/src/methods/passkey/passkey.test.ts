import { describe, expect, it } from 'vitest';
import { passkeyDisplayName, toUser } from '../../index.ts';
import { toPasskeyError } from './index.ts';

describe('passkeyDisplayName (spec section 3)', () => {
  it("is 'authenticator on browser' when both are known", () => {
    expect(
      passkeyDisplayName({
        authenticatorName: 'iCloud Keychain',
        createdWithBrowser: 'Safari',
        createdWithOs: 'macOS',
      }),
    ).toBe('iCloud Keychain on Safari');
  });
  it("else 'browser on os'", () => {
    expect(
      passkeyDisplayName({
        authenticatorName: null,
        createdWithBrowser: 'Chrome',
        createdWithOs: 'Linux',
      }),
    ).toBe('Chrome on Linux');
    expect(
      passkeyDisplayName({
        authenticatorName: 'Google Password Manager',
        createdWithBrowser: null,
        createdWithOs: 'Android',
      }),
    ).toBe('Unknown device');
  });
  it("else 'Unknown device'", () => {
    expect(
      passkeyDisplayName({
        authenticatorName: null,
        createdWithBrowser: 'Chrome',
        createdWithOs: null,
      }),
    ).toBe('Unknown device');
    expect(
      passkeyDisplayName({ authenticatorName: '', createdWithBrowser: '', createdWithOs: '' }),
    ).toBe('Unknown device');
  });
});

describe('passkey accounts on the user', () => {
  it('converts the wire passkey account to camelCase', () => {
    const user = toUser({
      id: 'did:latchkey:x',
      created_at: 1,
      has_accepted_terms: false,
      is_guest: false,
      mfa_methods: [],
      linked_accounts: [
        {
          type: 'passkey',
          credential_id: 'abc',
          authenticator_name: null,
          created_with_browser: 'Chrome',
          created_with_os: 'Linux',
          enrolled_in_mfa: false,
          verified_at: 2,
          first_verified_at: 2,
          latest_verified_at: 3,
        },
      ],
    });
    expect(user.linkedAccounts).toEqual([
      {
        type: 'passkey',
        credentialId: 'abc',
        authenticatorName: null,
        createdWithBrowser: 'Chrome',
        createdWithOs: 'Linux',
        enrolledInMfa: false,
        verifiedAt: new Date(2000),
        firstVerifiedAt: new Date(2000),
        latestVerifiedAt: new Date(3000),
      },
    ]);
  });
});

describe('toPasskeyError', () => {
  it('maps NotAllowedError (cancel or timeout) to passkey_not_allowed', () => {
    const error = toPasskeyError(new DOMException('The operation was denied.', 'NotAllowedError'));
    expect(error.code).toBe('passkey_not_allowed');
    expect(error.shortMessage).toBe('Passkey request timed out or rejected by user.');
  });
  it('maps anything else to passkey_failed with the unknown-error text', () => {
    const error = toPasskeyError(new Error('boom'));
    expect(error.code).toBe('passkey_failed');
    expect(error.shortMessage).toBe('An unknown error occurred.');
  });
});
