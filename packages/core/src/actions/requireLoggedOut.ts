/** `requireLoggedOut(store)`: a login refuses while a user is logged in (spec section 6). */
import { AlreadyLoggedInError } from '../errors/session.ts';
import type { SessionStore } from '../session/store.ts';

/**
 * Throws when a user is logged in: every login method calls it before any request.
 * @throws {AlreadyLoggedInError} 'Already logged in' (`text.alreadyLoggedIn`).
 */
export function requireLoggedOut(store: SessionStore): void {
  if (store.getState().status === 'authenticated') {
    throw new AlreadyLoggedInError(store.text.alreadyLoggedIn);
  }
}
