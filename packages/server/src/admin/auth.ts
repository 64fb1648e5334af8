/**
 * The admin API's authentication (issue 6): `Authorization: Basic base64(appId:appSecret)`,
 * shared by the admin routes (`routes.ts`) and a method's admin routes (OAuth:
 * `methods/oauth/adminRoutes.ts`). See `routes.ts` for the answers.
 */
import type { MiddlewareHandler } from 'hono';
import { findApp } from '../apps/records.ts';
import { verifyAppSecret } from '../apps/secret.ts';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { clientIp } from '../middleware/request.ts';
import { assertAllowed, hitRateLimit, peekRateLimit, type RateLimitRule } from '../rate-limit.ts';

/** Failed admin authentications allowed per client IP: 20 per 5 minutes. */
export const ADMIN_FAILURES_PER_IP: RateLimitRule = { max: 20, windowS: 300 };

/** `[user, password]` of a Basic `Authorization` header, or undefined. */
export function parseBasicAuth(header: string | undefined): [string, string] | undefined {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/**
 * Middleware factory: authenticates the app secret for the path's `:appId`, sets
 * `c.get('app')` and `Cache-Control: no-store`. The app row is read from the database, never
 * through the app cache (a rotated secret counts at once). After any call other than GET, the
 * app's row is dropped from the cache (`ctx.apps.invalidate`), so this process's next request
 * sees the change (issue 13).
 *
 * @throws ApiError `invalid_app_secret` (401, with `WWW-Authenticate: Basic`) for missing,
 *   malformed or wrong credentials, an unknown app or one without a secret (counted per client
 *   IP); `too_many_requests` (429) past {@link ADMIN_FAILURES_PER_IP}; `invalid_origin` (403)
 *   for a browser `Origin` the app does not allow.
 */
export function requireAppSecret(ctx: ServerContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = clientIp(c, ctx.trustProxy);
    const limitKey = `admin-auth-fail:ip:${ip}`;
    assertAllowed(await peekRateLimit(ctx.db, limitKey, ADMIN_FAILURES_PER_IP, ctx.now()));
    const appId = c.req.param('appId') ?? '';
    const credentials = parseBasicAuth(c.req.header('authorization'));
    let app: AppRow | undefined;
    if (credentials && credentials[0] === appId) app = await findApp(ctx.db, appId);
    if (!app || !verifyAppSecret(app, credentials![1])) {
      await hitRateLimit(ctx.db, limitKey, ADMIN_FAILURES_PER_IP, ctx.now());
      c.header('WWW-Authenticate', 'Basic realm="latchkey-admin", charset="UTF-8"');
      throw new ApiError('invalid_app_secret', 'Invalid app id or app secret');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !app.allowedOrigins.includes(origin)) {
      throw new ApiError('invalid_origin', 'Origin not allowed for this app');
    }
    c.set('app', app);
    c.header('Cache-Control', 'no-store');
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') ctx.apps.invalidate(app.id);
    }
  };
}
