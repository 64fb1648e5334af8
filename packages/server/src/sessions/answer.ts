/**
 * The answers of the calls that start or renew a session (spec sections 4, 7 and 9): tokens in
 * the body, or in cookie mode in `HttpOnly` cookies. {@link loginAnswer} is the one way a login
 * method's authenticate route creates a session and answers (issue 11).
 */
import type { AuthenticateResponse, SessionResponse } from '@latchkey/api';
import type { Context } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { loadUser } from '../users/service.ts';
import { setSessionCookies, usesCookies } from './cookies.ts';
import { createSession, type IssuedSession } from './service.ts';

/**
 * Builds the answer of a login or refresh: tokens in the body (`session_update_action: 'set'`),
 * or in cookie mode the cookies set, `refresh_token: null` and action `'ignore'` (spec section 9).
 *
 * @throws ApiError `missing_or_invalid_token` (401) when the session's user no longer exists.
 */
export async function sessionAnswer<E extends AppEnv>(
  c: Context<E>,
  ctx: ServerContext,
  app: AppRow,
  issued: IssuedSession,
): Promise<SessionResponse> {
  // The common refresh loaded the user in its own statement (issue 13).
  const user = issued.user ?? (await loadUser(ctx.db, issued.userId));
  if (!user) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
  if (usesCookies(c as unknown as Context<AppEnv>, app)) {
    setSessionCookies(c as unknown as Context<AppEnv>, issued.token, issued.refreshToken);
    return { user, token: issued.token, refresh_token: null, session_update_action: 'ignore' };
  }
  return {
    user,
    token: issued.token,
    refresh_token: issued.refreshToken,
    session_update_action: 'set',
  };
}

/** Login answer: {@link sessionAnswer} plus `is_new_user`. */
export async function authenticateAnswer<E extends AppEnv>(
  c: Context<E>,
  ctx: ServerContext,
  app: AppRow,
  issued: IssuedSession,
  isNewUser: boolean,
): Promise<AuthenticateResponse> {
  return { ...(await sessionAnswer(c, ctx, app, issued)), is_new_user: isNewUser };
}

/** Who a login method proved: the user (created on first login) and whether it is new. */
export interface ProvenLogin {
  userId: string;
  isNewUser: boolean;
  /**
   * The session the login's own statement started (issue 13: an email or SMS code login,
   * `verifyLoginCode`), with the app it was started in; absent when the method did not start
   * one ({@link loginAnswer} then does).
   */
  session?: IssuedSession & { appId: string };
}

/**
 * Ends every login method's authenticate route (issue 11): starts a session for `login.userId`
 * in the calling app (`c.get('app')`), bound to the wallet frame key of the request's DPoP
 * login proof when there is one (`c.get('dpopJkt')`, issue 10), and builds the
 * `authenticateResponse` (tokens or cookies, `is_new_user`). A session the login already
 * started (`login.session`) is used instead, only if it is of that user, app and key.
 *
 * @returns the answer, for `c.json(...)`; a method adds its own fields (e.g. `oauth_tokens`).
 * @throws ApiError `missing_or_invalid_token` (401) when the user vanished meanwhile.
 * @throws Error when `login.session` is of another user, app or key binding (a bug).
 */
export async function loginAnswer<E extends AppEnv>(
  c: Context<E>,
  ctx: ServerContext,
  login: ProvenLogin,
): Promise<AuthenticateResponse> {
  const base = c as unknown as Context<AppEnv>;
  const app = base.get('app');
  const dpopJkt = base.get('dpopJkt') ?? null;
  const started = login.session;
  if (
    started &&
    (started.appId !== app.id || started.userId !== login.userId || started.dpopJkt !== dpopJkt)
  ) {
    throw new Error("The login's session is not of this request's app, user or key binding");
  }
  const issued = started ?? (await createSession(ctx, app.id, login.userId, { dpopJkt }));
  return authenticateAnswer(base, ctx, app, issued, login.isNewUser);
}
