import { useEffect, useRef } from 'react';
import type { LoginListeners } from '../LatchkeyProvider/context.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** Callbacks of {@link useLogin}. */
export type UseLoginParameters = LoginListeners;

/** What {@link useLogin} returns. */
export interface UseLoginReturnType {
  /** Opens the login modal; see `useLatchkey().login`. */
  login: () => void;
}

/**
 * Opens the login modal and reports how it ended.
 *
 * `onComplete({ user, isNewUser })` runs when a login finishes (after the 1400 ms success
 * state, spec section 9). `onError({ code, message })` runs once an attempt has ended without
 * a login, never while the modal still offers another try (issue 14, item 6): with the
 * failure's code when the user goes back from it to the landing or closes the modal on it,
 * and with `exited_auth_flow` when the user closes the modal otherwise. A failure the user
 * retries past into a login is never reported.
 * The latest callbacks are used; they need not be memoised.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { login } = useLogin({ onComplete: ({ user }) => router.push('/home') });
 */
export function useLogin(parameters: UseLoginParameters = {}): UseLoginReturnType {
  const { login, addLoginListeners } = useInternalLatchkey('useLogin');
  const latest = useRef(parameters);
  latest.current = parameters;
  useEffect(
    () =>
      addLoginListeners({
        onComplete: (result) => latest.current.onComplete?.(result),
        onError: (error) => latest.current.onError?.(error),
      }),
    [addLoginListeners],
  );
  return { login };
}
