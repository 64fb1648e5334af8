/**
 * `completeLogin(store, answer)`: the one way a login answer becomes a session (issue 11).
 * Every login method's actions (`methods/<id>/actions.ts`) end here.
 */
import type { AuthenticateResponse } from '@latchkey/api';
import { LatchkeyError } from '../errors/base.ts';
import type { SessionStore } from '../session/store.ts';
import type { AuthenticateResult } from '../session/user.ts';

/**
 * Applies a login answer (`token`, `refresh_token`, `session_update_action`, `user`,
 * `is_new_user`) to the store per spec section 4.
 * @returns `{user, isNewUser}`.
 * @throws `LatchkeyError` `session_not_created` when the answer did not leave a session
 *   (`session_update_action` `clear`, or a token issued for another app).
 */
export async function completeLogin(
  store: SessionStore,
  answer: AuthenticateResponse,
): Promise<AuthenticateResult> {
  const user = await store.applySession(answer);
  if (!user) {
    throw new LatchkeyError('The login did not create a session.', {
      code: 'session_not_created',
      details: `session_update_action ${answer.session_update_action}, or a token for another app`,
    });
  }
  return { user, isNewUser: answer.is_new_user };
}
