/**
 * Session routes: refresh (`POST /api/v1/sessions`), logout (`POST /api/v1/sessions/logout`)
 * and the current user (`GET /api/v1/users/me`). Spec sections 4 and 7.
 */
import {
  type AuthenticateResponse,
  type LogoutResponse,
  ROUTES,
  refreshRequest,
  type SessionResponse,
  type UserResponse,
} from '@latchkey/api';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { clientIp, readJson } from '../middleware/request.ts';
import { assertAllowed, hitRateLimit } from '../rate-limit.ts';
import { loadUser } from '../users/service.ts';
import {
  clearSessionCookies,
  refreshTokenFromCookie,
  setSessionCookies,
  usesCookies,
} from './cookies.ts';
import {
  bearerToken,
  type IssuedSession,
  refreshSession,
  revokeSession,
  sessionOfRefreshToken,
  verifyAccessToken,
} from './service.ts';

/**
 * Builds the answer of a login or refresh: tokens in the body (`session_update_action: 'set'`),
 * or in cookie mode the cookies set, `refresh_token: null` and action `'ignore'` (spec section 9).
 */
export async function sessionAnswer(
  c: Context<AppEnv>,
  ctx: ServerContext,
  app: AppRow,
  issued: IssuedSession,
): Promise<SessionResponse> {
  const user = await loadUser(ctx.db, issued.userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
  if (usesCookies(c, app)) {
    setSessionCookies(c, issued.token, issued.refreshToken);
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
export async function authenticateAnswer(
  c: Context<AppEnv>,
  ctx: ServerContext,
  app: AppRow,
  issued: IssuedSession,
  isNewUser: boolean,
): Promise<AuthenticateResponse> {
  return { ...(await sessionAnswer(c, ctx, app, issued)), is_new_user: isNewUser };
}

/**
 * Middleware that requires `Authorization: Bearer <access token>` of the calling app and puts
 * the verified claims in `c.get('auth')`.
 * @throws ApiError `missing_or_invalid_token` (401).
 */
export function requireUser(
  ctx: ServerContext,
): MiddlewareHandler<AppEnv & { Variables: { auth: { userId: string; sessionId: string } } }> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    c.set('auth', await verifyAccessToken(ctx, c.get('app').id, token));
    await next();
  };
}

/** The session routes, mounted by `createServer`. */
export function sessionRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db });

  r.post(ROUTES.sessions, app, async (c) => {
    const appRow = c.get('app');
    assertAllowed(
      await hitRateLimit(
        ctx.db,
        `refresh:ip:${clientIp(c, ctx.trustProxy)}`,
        ctx.rateLimits.refreshPerIp,
        ctx.now(),
      ),
    );
    const body = await readJson(c, refreshRequest);
    const cookieMode = usesCookies(c, appRow);
    const presented = body.refresh_token || (cookieMode ? refreshTokenFromCookie(c) : undefined);
    if (!presented) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    try {
      const issued = await refreshSession(ctx, appRow.id, presented);
      return c.json(await sessionAnswer(c, ctx, appRow, issued));
    } catch (error) {
      if (cookieMode && error instanceof ApiError) clearSessionCookies(c);
      throw error;
    }
  });

  r.post(ROUTES.logout, app, async (c) => {
    const appRow = c.get('app');
    const body = await readJson(c, refreshRequest);
    const cookieMode = usesCookies(c, appRow);
    const presented = body.refresh_token || (cookieMode ? refreshTokenFromCookie(c) : undefined);
    let sessionId = presented ? await sessionOfRefreshToken(ctx, appRow.id, presented) : undefined;
    if (!sessionId) {
      const bearer = bearerToken(c.req.header('authorization'));
      if (bearer) {
        sessionId = await verifyAccessToken(ctx, appRow.id, bearer).then(
          (claims) => claims.sessionId,
          () => undefined,
        );
      }
    }
    if (sessionId) await revokeSession(ctx, sessionId);
    if (cookieMode) {
      clearSessionCookies(c);
      return c.json({ session_update_action: 'clear' } satisfies LogoutResponse);
    }
    return c.json({} satisfies LogoutResponse);
  });

  r.get(ROUTES.usersMe, app, requireUser(ctx), async (c) => {
    const user = await loadUser(ctx.db, c.get('auth').userId);
    if (!user) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    return c.json({ user } satisfies UserResponse);
  });

  return r;
}
