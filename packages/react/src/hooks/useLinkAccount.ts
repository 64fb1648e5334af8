import { useEffect, useMemo, useRef } from 'react';
import type { LinkListeners } from '../LatchkeyProvider/context.ts';
import { type MethodLinkActions, methodLinkActions } from './methodActions.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/**
 * Callbacks of {@link useLinkAccount}: `onSuccess({ user, linkMethod, linkedAccount })` when a
 * link finishes; `onError({ code, message })` with `must_be_authenticated` (no user logged in),
 * `exited_link_flow` (the modal closed before the end) or the server's code
 * (`cannot_link_more_of_type`, `linked_to_another_user`, ...). A server failure is reported
 * once the attempt has ended (the modal closed on it, or the user went back), never while the
 * modal still offers another try (issue 14, item 6).
 */
export type UseLinkAccountParameters = LinkListeners;

/**
 * What {@link useLinkAccount} returns. Every helper opens the modal; none returns a value. The
 * helpers are the login methods' (`linkActions` of `methods/<id>/accounts.ts`): `linkEmail`,
 * `linkPhone`, `linkWallet`, `linkPasskey`, `linkOAuth(provider)` and one per social provider
 * (`linkGoogle`, ...).
 */
export type UseLinkAccountReturnType = MethodLinkActions;

/**
 * Adds login methods to the logged-in user (issue 6; spec sections 2 "Linking", 4 "Auth mode",
 * 5 "Linking" rules, 6 "linking needs login").
 *
 * Rules the server enforces and the modal shows: one account of each type (up to 5 passkeys),
 * else 'User already has an account of type {type} linked.'; an account another user owns is
 * refused ('This account has already been linked to another user.'). Called while logged out,
 * a helper warns, opens nothing and reports `must_be_authenticated` to `onError`.
 * The latest callbacks are used; they need not be memoised.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { linkEmail, linkGoogle } = useLinkAccount({
 *   onSuccess: ({ linkMethod, linkedAccount }) => console.log('linked', linkMethod, linkedAccount),
 *   onError: ({ code }) => console.warn(code),
 * });
 * <button onClick={linkGoogle}>Link Google</button>
 */
export function useLinkAccount(
  parameters: UseLinkAccountParameters = {},
): UseLinkAccountReturnType {
  const { client, session, link, addLinkListeners } = useInternalLatchkey('useLinkAccount');
  const latest = useRef(parameters);
  latest.current = parameters;
  useEffect(
    () =>
      addLinkListeners({
        onSuccess: (result) => latest.current.onSuccess?.(result),
        onError: (error) => latest.current.onError?.(error),
      }),
    [addLinkListeners],
  );

  const authenticated = session.status === 'authenticated';
  return useMemo(
    () => methodLinkActions({ client, link, authenticated }),
    [client, link, authenticated],
  );
}
