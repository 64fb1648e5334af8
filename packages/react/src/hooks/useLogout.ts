import { useCallback, useRef } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** Callbacks of {@link useLogout}; the latest one is used (no memoising needed). */
export interface UseLogoutParameters {
  /** After this hook's `logout()` has ended the session. */
  onSuccess?: () => void;
}

/** What {@link useLogout} returns. */
export interface UseLogoutReturnType {
  /**
   * Ends the session (`client.logout()`: the server's logout call, then the tokens are
   * cleared; spec section 7), then calls `onSuccess`. Same as `useLatchkey().logout`.
   * @throws whatever `client.logout()` rejects with (`onSuccess` is not called then).
   */
  logout: () => Promise<void>;
}

/**
 * Logs the user out (issue 12; Privy's `useLogout`). `onSuccess` fires for logouts started by
 * this hook, not for a session that ends elsewhere (watch `useLatchkey().authenticated` for that).
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { logout } = useLogout({ onSuccess: () => router.push('/') });
 * <button onClick={() => void logout()}>Log out</button>
 */
export function useLogout(parameters: UseLogoutParameters = {}): UseLogoutReturnType {
  const { logout: end } = useInternalLatchkey('useLogout');
  const latest = useRef(parameters);
  latest.current = parameters;
  const logout = useCallback(async () => {
    await end();
    latest.current.onSuccess?.();
  }, [end]);
  return { logout };
}
