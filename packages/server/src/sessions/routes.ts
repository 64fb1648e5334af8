/**
 * Session routes: refresh (`POST /api/v1/sessions`), fork (`POST /api/v1/sessions/fork`, issue
 * 21), logout (`POST /api/v1/sessions/logout`) and the current user (`GET /api/v1/users/me`).
 * Spec sections 4 and 7.
 */
import {
  type ForkSessionResponse,
  type LogoutResponse,
  ROUTES,
  refreshRequest,
  type UserResponse,
} from '@latchkey/api';
import { type Context, Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { clientIp, readJson } from '../middleware/request.ts';
import { assertAllowed } from '../rate-limit.ts';
import { sessionAnswer } from './answer.ts';
import { clearSessionCookies, refreshTokenFromCookie, usesCookies } from './cookies.ts';
import {
  bearerToken,
  forkSession,
  refreshSession,
  revokeSession,
  sessionOfRefreshToken,
  verifyAccessToken,
  verifyAccessTokenWithUser,
} from './service.ts';

/** The session routes, mounted by `createServer`. */
export function sessionRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db, apps: ctx.apps });

  /**
   * What refresh and fork share: the per-IP flood limit (`purpose`), the refresh token of the
   * body or (cookie mode) of the cookie, and the cookies cleared when `use` refuses the token.
   */
  const withPresentedToken = async <T>(
    c: Context<AppEnv>,
    purpose: 'refresh' | 'fork',
    use: (appRow: AppRow, presented: string) => Promise<T>,
  ): Promise<T> => {
    const appRow = c.get('app');
    assertAllowed(
      ctx.floodLimits.hit(
        `${purpose}:ip:${clientIp(c, ctx.trustProxy)}`,
        ctx.rateLimits.refreshPerIp,
        ctx.now(),
      ),
    );
    const body = await readJson(c, refreshRequest);
    const cookieMode = usesCookies(c, appRow);
    const presented = body.refresh_token || (cookieMode ? refreshTokenFromCookie(c) : undefined);
    if (!presented) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    try {
      return await use(appRow, presented);
    } catch (error) {
      if (cookieMode && error instanceof ApiError) clearSessionCookies(c);
      throw error;
    }
  };

  r.post(ROUTES.sessions, app, async (c) =>
    c.json(
      await withPresentedToken(c, 'refresh', async (appRow, presented) =>
        sessionAnswer(c, ctx, appRow, await refreshSession(ctx, appRow.id, presented)),
      ),
    ),
  );

  // Issue 21: the caller's session rotates as on a refresh, and a second one starts. The
  // second session's refresh token is always in the body (it is meant to be handed on).
  r.post(ROUTES.sessionsFork, app, async (c) =>
    c.json(
      await withPresentedToken(
        c,
        'fork',
        async (appRow, presented): Promise<ForkSessionResponse> => {
          const { caller, fork } = await forkSession(ctx, appRow.id, presented);
          return {
            ...(await sessionAnswer(c, ctx, appRow, caller)),
            new_session_refresh_token: fork.refreshToken,
          };
        },
      ),
    ),
  );

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

  // The token check of `requireUser` and the user load in one statement (issue 13).
  r.get(ROUTES.usersMe, app, async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    const { user } = await verifyAccessTokenWithUser(ctx, c.get('app').id, token);
    return c.json({ user } satisfies UserResponse);
  });

  return r;
}
