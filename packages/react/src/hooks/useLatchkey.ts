import type { User } from '@latchkey/core';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useLatchkey} returns. */
export interface UseLatchkeyReturnType {
  /** False until the stored session has been checked (`status !== 'loading'`). */
  ready: boolean;
  /** True when a user is logged in. */
  authenticated: boolean;
  /** The logged-in user (camelCase, times as `Date`), or null. */
  user: User | null;
  /**
   * Opens the login modal (loads it on first call). Does nothing but warn
   * when a user is already logged in (spec section 6), or in standalone rendering.
   */
  login: () => void;
  /** Ends the session on the server and locally. */
  logout: () => Promise<void>;
  /** A valid access token (ES256 JWT), refreshed when near expiry; null when logged out. */
  getAccessToken: () => Promise<string | null>;
  /**
   * Forks the session (spec section 7, issue 21): this session rotates as on a refresh and a
   * second, independent session of the same user starts; see `LatchkeyClient.forkSession`.
   * @returns the second session's refresh token, or null when logged out.
   */
  forkSession: () => Promise<string | null>;
}

/**
 * The session and the login entry points.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { ready, authenticated, user, login, logout } = useLatchkey();
 */
export function useLatchkey(): UseLatchkeyReturnType {
  const { client, session, login, logout, getAccessToken } = useInternalLatchkey('useLatchkey');
  return {
    ready: session.status !== 'loading',
    authenticated: session.status === 'authenticated',
    user: session.user ?? null,
    login,
    logout,
    getAccessToken,
    forkSession: () => client.forkSession(),
  };
}
