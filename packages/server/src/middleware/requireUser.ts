/**
 * `requireUser`: the middleware of every route a logged-in user calls with
 * `Authorization: Bearer <access token>` (link, unlink, update, accept terms, `users/me`).
 * Mount it after `requireApp` (it reads `c.get('app')`).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { type AccessClaims, bearerToken, verifyAccessToken } from '../sessions/service.ts';

/** The environment of a route behind {@link requireUser}: `c.get('auth')` holds the claims. */
export type UserEnv = AppEnv & { Variables: { auth: AccessClaims } };

/**
 * Middleware that requires `Authorization: Bearer <access token>` of the calling app (a live,
 * unrevoked session) and puts the verified claims (`userId`, `sessionId`, `dpopJkt`) in
 * `c.get('auth')`.
 *
 * @throws ApiError `missing_or_invalid_token` (401) for a missing, malformed, foreign, expired
 *   or revoked token.
 */
export function requireUser(ctx: ServerContext): MiddlewareHandler<UserEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    c.set('auth', await verifyAccessToken(ctx, c.get('app').id, token));
    await next();
  };
}
