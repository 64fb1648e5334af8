/**
 * `updateUser(store, call)`: the shape of every link, unlink, account update and terms call
 * (spec sections 5, 6 and 7; issue 6): require a session, call the API with its bearer token,
 * make the answered user the session's user.
 */
import type { UserWire } from '@latchkey/api';
import type { SessionStore } from '../session/store.ts';
import { toUser, type User } from '../session/user.ts';
import { requireSession } from './requireSession.ts';

/**
 * Runs `call` with the logged-in user's bearer token and stores the user it answers.
 * @param call - A typed API method bound to its body, e.g.
 *   `(bearer) => store.api.acceptTerms({}, bearer)`.
 * @param message - The "not authenticated" text (see {@link requireSession}).
 * @returns the updated user.
 * @throws `LatchkeyError` `missing_or_invalid_token` before any request when logged out;
 *   `ApiError` as the server answers (the session's user is then kept).
 */
export async function updateUser(
  store: SessionStore,
  call: (bearer: { accessToken: string }) => Promise<{ user: UserWire }>,
  message?: string,
): Promise<User> {
  const accessToken = await requireSession(store, message);
  const user = toUser((await call({ accessToken })).user);
  store.setUser(user);
  return user;
}
