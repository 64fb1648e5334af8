/**
 * `requireSession(store)`: the one "not authenticated" check of the client (issue 11). Every
 * call that needs a logged-in user (links, unlinks, account updates, terms) goes through it.
 */
import { LatchkeyError } from '../errors/base.ts';
import type { SessionStore } from '../session/store.ts';

/**
 * The one code of "nobody is logged in" in core: the API's own 401 code, so a refused token
 * and a call made while logged out read the same. React's public link callbacks report it as
 * `must_be_authenticated` (Privy-compatible); that mapping lives in one place in react.
 */
export const NOT_AUTHENTICATED = 'missing_or_invalid_token';

/** True when `error` means nobody is logged in ({@link NOT_AUTHENTICATED}). */
export function isNotAuthenticated(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === NOT_AUTHENTICATED;
}

/**
 * A valid access token of the logged-in user, refreshed when needed.
 * @param message - The error's text; default `text.mustBeLoggedIn` ('You must be logged in
 *   to change your accounts.'); links pass `text.mustBeLoggedInToLink`.
 * @returns the access token.
 * @throws `LatchkeyError` {@link NOT_AUTHENTICATED} before any request when nobody is logged
 *   in, or when the session cannot be refreshed.
 */
export async function requireSession(store: SessionStore, message?: string): Promise<string> {
  const token = store.getState().status === 'authenticated' ? await store.getAccessToken() : null;
  if (!token) {
    throw new LatchkeyError(message ?? store.text.mustBeLoggedIn, { code: NOT_AUTHENTICATED });
  }
  return token;
}
