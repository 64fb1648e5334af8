import type { User } from '@latchkey/core';
import { useCallback, useMemo } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';

/** What {@link useCrossAppAccounts} returns. */
export interface UseCrossAppAccountsReturnType {
  /**
   * Logs in with another app's account (issue 21; spec sections 1, 4 "Cross-app auth", 9;
   * Privy's `loginWithCrossAppAccount`): `appId` is a provider app from
   * `GET /api/v1/apps/{appId}/cross-app/connections`. Opens the provider's sign-in page (its
   * login and consent) in a 440x680 popup before any await, so call it synchronously in the
   * click; a blocked popup falls back to a full-page redirect (the promise then never settles:
   * the page is leaving). The user gets a `cross_app` linked account with the provider's
   * embedded wallets.
   * @returns the logged-in user.
   * @throws `LatchkeyError` `cross_app_canceled` ('User canceled flow') when the popup closes
   *   without an answer, `cross_app_timeout` ('Authorization request timed out after 2
   *   minutes.'), `oauth_unexpected` ('Unexpected auth flow. This may be a phishing attempt.'),
   *   `oauth_user_denied` when the user cancels at the provider; `ApiError`
   *   `cross_app_invalid_connection` ('Invalid connected app'); `AlreadyLoggedInError` when
   *   logged in.
   */
  loginWithCrossAppAccount: (parameters: { appId: string }) => Promise<User>;
  /**
   * Links another app's account to the logged-in user (issue 21): as
   * {@link UseCrossAppAccountsReturnType.loginWithCrossAppAccount}, finished by the server's
   * link call.
   * @returns the updated user.
   * @throws as `loginWithCrossAppAccount`; `missing_or_invalid_token` when logged out;
   *   `ApiError` `linked_to_another_user`.
   */
  linkCrossAppAccount: (parameters: { appId: string }) => Promise<User>;
}

/** A promise that never settles: the page is leaving for the provider (full-page redirect). */
const leaving = () => new Promise<never>(() => {});

/**
 * Cross-app accounts on the requester's side (issue 21; Privy's `useCrossAppAccounts`): log in
 * or link with a provider app's account. Signing with the provider's wallet through its
 * transact popup is not built yet.
 *
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { loginWithCrossAppAccount } = useCrossAppAccounts();
 * <button onClick={() => loginWithCrossAppAccount({ appId: 'cm0provider...' })}>Log in</button>
 */
export function useCrossAppAccounts(): UseCrossAppAccountsReturnType {
  const { client } = useInternalLatchkey('useCrossAppAccounts');
  const loginWithCrossAppAccount = useCallback(
    async (parameters: { appId: string }) => {
      const result = await client.loginWithCrossAppAccount(parameters);
      return result ? result.user : leaving();
    },
    [client],
  );
  const linkCrossAppAccount = useCallback(
    async (parameters: { appId: string }) =>
      (await client.linkCrossAppAccount(parameters)) ?? leaving(),
    [client],
  );
  return useMemo(
    () => ({ loginWithCrossAppAccount, linkCrossAppAccount }),
    [loginWithCrossAppAccount, linkCrossAppAccount],
  );
}
