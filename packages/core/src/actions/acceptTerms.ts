/** `acceptTerms(store)`: records the user's consent to the terms (issue 6). */
import type { SessionStore } from '../session/store.ts';
import type { User } from '../session/user.ts';
import { updateUser } from './updateUser.ts';

/**
 * `POST /api/v1/users/me/accept_terms` with an empty body.
 * @returns the updated user (its `hasAcceptedTerms` set).
 * @throws `LatchkeyError` `missing_or_invalid_token` when logged out; `ApiError` as answered.
 */
export function acceptTerms(store: SessionStore): Promise<User> {
  return updateUser(store, (bearer) => store.api.acceptTerms({}, bearer));
}
