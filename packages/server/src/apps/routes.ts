/**
 * Public app routes (spec section 7): `GET /api/v1/apps/{appId}` (server app config) and
 * `GET /api/v1/apps/{appId}/jwks.json` (the app's token verification keys). The app id is in
 * the path; no `latchkey-app-id` header is needed.
 */
import { type Jwks, ROUTE_PATTERNS, type ServerAppConfig } from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { toServerAppConfig } from './public-config.ts';

/**
 * The app a public per-app route names in its path (`:appId`), read through the app cache.
 * Shared by the routes here and the other public routes under `/api/v1/apps/{appId}/` (the
 * cross-app connections, `crossapp/routes.ts`).
 * @throws ApiError `app_not_found` (404) for an unknown id.
 */
export async function appOfPath(ctx: Pick<ServerContext, 'apps'>, id: string) {
  const app = await ctx.apps.get(id);
  if (!app) throw new ApiError('app_not_found', 'App not found');
  return app;
}

/** The app config and JWKS routes, mounted by `createServer`. */
export function appRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  // The answer of each app row the cache hands out (rows are frozen and replaced when read
  // again), with the key that signed it: built and serialized once per row instead of once
  // per request (issue 13).
  const configs = new WeakMap<AppRow, { kid: string; json: string }>();

  const load = (id: string) => appOfPath(ctx, id);

  r.get(ROUTE_PATTERNS.jwks, async (c) => {
    const app = await load(c.req.param('appId'));
    c.set('app', app);
    const keys = await ctx.keyStore.keys(app.id);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ keys: keys.map((k) => ({ ...k.publicJwk })) } satisfies Jwks);
  });

  r.get(ROUTE_PATTERNS.appConfig, async (c) => {
    const app = await load(c.req.param('appId'));
    c.set('app', app);
    const key = await ctx.keyStore.current(app.id);
    let built = configs.get(app);
    if (built?.kid !== key.kid) {
      const config: ServerAppConfig = toServerAppConfig(app, key.spkiPem);
      built = { kid: key.kid, json: JSON.stringify(config) };
      configs.set(app, built);
    }
    return c.body(built.json, 200, { 'content-type': 'application/json' });
  });

  return r;
}
