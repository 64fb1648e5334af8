import { useMemo } from 'react';
import { type MethodUnlinkActions, methodUnlinkActions } from './methodActions.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/**
 * What {@link useUnlinkAccount} returns. Each call resolves with the updated user (the session's
 * user is updated too) and rejects with the client's `LatchkeyError`, whose `code` is stable.
 * The calls are the login methods' (`unlinkActions` of `methods/<id>/accounts.ts`).
 */
export type UseUnlinkAccountReturnType = MethodUnlinkActions;

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
  return useMemo(() => methodUnlinkActions(client), [client]);
}
