import type { OAuthProvider } from '@latchkey/api';
import type { User } from '@latchkey/core';
import { useMemo } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/**
 * What {@link useUnlinkAccount} returns. Each call resolves with the updated user (the session's
 * user is updated too) and rejects with the client's `LatchkeyError`, whose `code` is stable.
 */
export interface UseUnlinkAccountReturnType {
  /** `POST /api/v1/passwordless/unlink` `{ address }`. */
  unlinkEmail: (address: string) => Promise<User>;
  /** `POST /api/v1/passwordless_sms/unlink` `{ phoneNumber }` (E.164). */
  unlinkPhone: (phoneNumber: string) => Promise<User>;
  /** `POST /api/v1/siwe/unlink` `{ address }`: an external wallet (the embedded one cannot be). */
  unlinkWallet: (address: string) => Promise<User>;
  /** `POST /api/v1/oauth/unlink` `{ provider, subject }`: `subject` is the provider's user id. */
  unlinkOAuth: (provider: OAuthProvider, subject: string) => Promise<User>;
  /** `POST /api/v1/passkeys/unlink` `{ credential_id }` (base64url). */
  unlinkPasskey: (credentialId: string) => Promise<User>;
}

/**
 * Removes login methods from the logged-in user (issue 6; spec sections 5, 7 and 8).
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * Each returned call rejects with a `LatchkeyError`:
 * - `cannot_unlink_last_account`: the user's only login method (a user must never lock
 *   themselves out);
 * - `cannot_unlink_embedded_wallet`: the embedded wallet;
 * - `missing_or_invalid_mfa`: a passkey enrolled in MFA ('Cannot unlink a passkey enrolled in MFA');
 * - `account_not_linked`: the account is not the user's;
 * - `must_be_authenticated` / 401 when no user is logged in.
 * @example
 * const { unlinkEmail } = useUnlinkAccount();
 * try { await unlinkEmail('alice@example.com'); } catch (e) { show(e.shortMessage); }
 */
export function useUnlinkAccount(): UseUnlinkAccountReturnType {
  const { client } = useInternalLatchkey('useUnlinkAccount');
  return useMemo(
    () => ({
      unlinkEmail: (address) => client.unlinkEmail(address),
      unlinkPhone: (phoneNumber) => client.unlinkPhone(phoneNumber),
      unlinkWallet: (address) => client.unlinkWallet(address),
      unlinkOAuth: (provider, subject) => client.unlinkOAuth(provider, subject),
      unlinkPasskey: (credentialId) => client.unlinkPasskey(credentialId),
    }),
    [client],
  );
}
