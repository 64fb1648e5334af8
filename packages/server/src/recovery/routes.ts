/**
 * Cloud recovery routes (issue 23 item 2; spec section 7):
 * - `POST /api/v1/recovery/oauth/init` `{redirect_to, code_challenge, state_code}` -> `{url}`
 *   (a session of the user: `Authorization: Bearer` from the host page or `DPoP` from the frame)
 * - `GET /api/v1/recovery/oauth/callback` (the provider's redirect URI) -> 302 to `redirect_to`
 * - `POST /api/v1/recovery/oauth/authenticate` `{authorization_code, state_code, code_verifier,
 *   provider}` -> `{access_token, ...}`: DPoP only, like the share routes: the provider's token
 *   opens the user's backup, so a token thief without the frame's key gets nothing
 * - `POST /api/v1/recovery/oauth/init_icloud` `{client_type: 'web'}` -> `{url, cloudkit}` (a
 *   session of the user)
 */
import {
  type RecoveryOAuthInitResponse,
  recoveryOAuthAuthenticateRequest,
  recoveryOAuthInitICloudRequest,
  recoveryOAuthInitRequest,
  ROUTES,
} from '@latchkey/api';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { clientIp, readJson } from '../middleware/request.ts';
import type { UserEnv } from '../middleware/requireUser.ts';
import { requireDpop } from '../sessions/dpop.ts';
import { verifyAccessToken } from '../sessions/service.ts';
import {
  authenticateRecoveryOAuth,
  initICloudRecovery,
  initRecoveryOAuth,
  recoveryOAuthCallbackTarget,
} from './service.ts';

/**
 * A live session of the calling app, its access token sent as `Authorization: Bearer` (the host
 * page's modal) or `Authorization: DPoP` (the wallet frame; no proof needed for these calls,
 * which release nothing).
 * @throws ApiError `missing_or_invalid_token` (401).
 */
function requireSession(ctx: ServerContext): MiddlewareHandler<UserEnv> {
  return async (c, next) => {
    const token = c.req.header('authorization')?.match(/^(?:Bearer|DPoP)\s+(\S+)\s*$/i)?.[1];
    if (!token) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    c.set('auth', await verifyAccessToken(ctx, c.get('app').id, token));
    await next();
  };
}

/** The recovery routes, mounted by `createServer`. */
export function recoveryRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const selfOrigin = new URL(ctx.publicUrl).origin;
  // init: the host page's modal or the frame; authenticate: the frame only (the share routes' check).
  const anyApp = requireApp({
    db: ctx.db,
    apps: ctx.apps,
    allowOrigin: (origin, app) => origin === selfOrigin || app.allowedOrigins.includes(origin),
  });
  const frameApp = requireApp({
    db: ctx.db,
    apps: ctx.apps,
    allowOrigin: (origin) => origin === selfOrigin,
  });
  const session = requireSession(ctx);

  r.post(ROUTES.recoveryOAuthInit, anyApp, session, async (c) => {
    const body = await readJson(c, recoveryOAuthInitRequest);
    const url = await initRecoveryOAuth(
      ctx,
      c.get('app'),
      c.get('auth').userId,
      {
        redirectTo: body.redirect_to,
        codeChallenge: body.code_challenge,
        stateCode: body.state_code,
      },
      clientIp(c, ctx.trustProxy),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ url } satisfies RecoveryOAuthInitResponse);
  });

  r.get(ROUTES.recoveryOAuthCallback, async (c) => {
    try {
      return c.redirect(
        await recoveryOAuthCallbackTarget(ctx, new URL(c.req.url).searchParams),
        302,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.text(error.message, error.status as 400);
    }
  });

  r.post(ROUTES.recoveryOAuthAuthenticate, frameApp, requireDpop(ctx), async (c) => {
    const body = await readJson(c, recoveryOAuthAuthenticateRequest);
    const answer = await authenticateRecoveryOAuth(
      ctx,
      c.get('app'),
      c.get('auth').userId,
      {
        authorizationCode: body.authorization_code,
        stateCode: body.state_code,
        codeVerifier: body.code_verifier,
      },
      clientIp(c, ctx.trustProxy),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  r.post(ROUTES.recoveryOAuthInitICloud, anyApp, session, async (c) => {
    await readJson(c, recoveryOAuthInitICloudRequest);
    c.header('Cache-Control', 'no-store');
    return c.json(await initICloudRecovery(ctx, c.get('app'), clientIp(c, ctx.trustProxy)));
  });

  return r;
}
