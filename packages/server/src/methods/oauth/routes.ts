/**
 * Social OAuth routes (issue 5; spec section 7):
 * - `POST /api/v1/oauth/init` `{provider, redirect_to, code_challenge, state_code}` -> `{url}`
 * - `GET|POST /api/v1/oauth/callback` (the provider's redirect URI) -> 302 to `redirect_to`
 *   with `latchkey_oauth_code`, `latchkey_oauth_state`, `latchkey_oauth_provider`
 * - `POST /api/v1/oauth/authenticate` `{authorization_code, state_code, code_verifier,
 *   provider}` -> `authenticateResponse` + `oauth_tokens`
 * - `POST /api/v1/oauth/link` (same body, bearer token) -> `{user, oauth_tokens}`
 * - `POST /api/v1/oauth/unlink` `{provider, subject}` (bearer token) -> `{user}`
 *
 * `provider` of init, authenticate and link may also be `latchkey:{providerAppId}`: another
 * Latchkey app's account (cross-app, issue 21; `crossapp/requester.ts`), which gives a
 * `cross_app` linked account.
 */
import {
  type OAuthAuthenticateResponse,
  type OAuthInitResponse,
  oauthAuthenticateRequest,
  oauthInitRequest,
  oauthUnlinkRequest,
  ROUTES,
} from '@latchkey/api';
import { type Context, Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readBody, readJson } from '../../middleware/request.ts';
import { requireUser } from '../../middleware/requireUser.ts';
import { loginAnswer } from '../../sessions/answer.ts';
import { loadUser } from '../../users/service.ts';
import {
  authenticateOAuth,
  findOrCreateOAuthUser,
  initOAuth,
  linkOAuthAccount,
  oauthCallbackTarget,
  unlinkOAuthAccount,
} from './service.ts';

/** The OAuth routes, mounted by `createServer`. */
export function oauthRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db, apps: ctx.apps });

  r.post(ROUTES.oauthInit, app, async (c) => {
    const body = await readJson(c, oauthInitRequest);
    const url = await initOAuth(
      ctx,
      c.get('app'),
      {
        provider: body.provider,
        redirectTo: body.redirect_to,
        codeChallenge: body.code_challenge,
        stateCode: body.state_code,
      },
      clientIp(c, ctx.trustProxy),
    );
    return c.json({ url } satisfies OAuthInitResponse);
  });

  const callback = async (c: Context<AppEnv>) => {
    let params = new URL(c.req.url).searchParams;
    if (c.req.method === 'POST') {
      // response_mode=form_post (Apple).
      const form = await readBody(c, () => c.req.parseBody());
      params = new URLSearchParams();
      for (const [k, v] of Object.entries(form)) if (typeof v === 'string') params.set(k, v);
    }
    try {
      return c.redirect(await oauthCallbackTarget(ctx, params), 302);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.text(error.message, error.status as 400);
    }
  };
  r.get(ROUTES.oauthCallback, callback);
  r.post(ROUTES.oauthCallback, callback);

  const complete = async <E extends AppEnv>(c: Context<E>) => {
    const body = await readJson(c, oauthAuthenticateRequest);
    return authenticateOAuth(
      ctx,
      c.get('app'),
      {
        provider: body.provider,
        authorizationCode: body.authorization_code,
        stateCode: body.state_code,
        codeVerifier: body.code_verifier,
      },
      clientIp(c, ctx.trustProxy),
    );
  };

  r.post(ROUTES.oauthAuthenticate, app, async (c) => {
    const login = await complete(c);
    const appRow = c.get('app');
    const answer = await loginAnswer(c, ctx, await findOrCreateOAuthUser(ctx, appRow, login));
    return c.json({ ...answer, oauth_tokens: login.tokens } satisfies OAuthAuthenticateResponse);
  });

  r.post(ROUTES.oauthLink, app, requireUser(ctx), async (c) => {
    const login = await complete(c);
    const appRow = c.get('app');
    const { userId } = c.get('auth');
    await linkOAuthAccount(ctx, appRow, userId, login);
    return c.json({ user: await loadUser(ctx.db, userId), oauth_tokens: login.tokens });
  });

  r.post(ROUTES.oauthUnlink, app, requireUser(ctx), async (c) => {
    const { provider, subject } = await readJson(c, oauthUnlinkRequest);
    const { userId } = c.get('auth');
    await unlinkOAuthAccount(ctx, c.get('app'), userId, provider, subject);
    return c.json({ user: await loadUser(ctx.db, userId) });
  });

  return r;
}
