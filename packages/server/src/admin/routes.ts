/**
 * The admin API (issue 6): `/api/v1/admin/apps/{appId}`, guarded by the app secret.
 *
 * Auth: `Authorization: Basic base64(appId:appSecret)`. The Basic user must be the path's app id;
 * the secret is hashed with SHA-256 and compared in constant time with `apps.app_secret_hash`.
 * Missing, malformed or wrong credentials, an unknown app, or an app without an issued secret
 * answer 401 `invalid_app_secret` (with `WWW-Authenticate: Basic`). Failures are counted per
 * client IP: after {@link ADMIN_FAILURES_PER_IP} within the window, 429 `too_many_requests`.
 * A browser request (with `Origin`) from an origin the app does not allow is refused with
 * 403 `invalid_origin`; server-to-server calls carry no Origin.
 *
 * Routes (shapes in `@latchkey/api` admin.ts):
 * - `GET /api/v1/admin/apps/{appId}` -> `adminAppConfig`.
 * - `PATCH /api/v1/admin/apps/{appId}` `adminAppUpdate` -> `adminAppConfig`.
 * - `GET|POST|DELETE /api/v1/admin/apps/{appId}/allowlist` (`{type, value}` body for POST and
 *   DELETE) -> `allowlistResponse`.
 * - `PUT /api/v1/admin/apps/{appId}/oauth/{provider}` `adminOAuthProviderRequest` ->
 *   `{provider, client_id, issuer}`.
 */
import { ADMIN_OAUTH_PROVIDERS, adminOAuthProviderRequest, ROUTE_PATTERNS } from '@latchkey/api';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import {
  addAllowlistEntry,
  applyAppSettings,
  countAppUsers,
  findApp,
  listAllowlist,
  removeAllowlistEntry,
  toAdminAppConfig,
  verifyAppSecret,
} from '../apps/service.ts';
import type { AppEnv, ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { setOAuthProviderConfig } from '../methods/oauth/service.ts';
import { clientIp, readBody, readJson } from '../middleware/request.ts';
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

/** Reads a JSON object body without a schema (the service validates it). */
async function readObject(c: Context<AppEnv>): Promise<unknown> {
  const text = await readBody(c);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_data', 'Malformed JSON body');
  }
}

/** Middleware: authenticates the app secret for `:appId` and sets `c.get('app')`. */
function requireAppSecret(ctx: ServerContext): MiddlewareHandler<AppEnv> {
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
    await next();
  };
}

/** The admin routes, mounted by `createServer`. */
export function adminRoutes(ctx: ServerContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireAppSecret(ctx);

  const config = async (app: AppRow) => {
    const key = await ctx.keyStore.current(app.id);
    return toAdminAppConfig(app, key.spkiPem, await countAppUsers(ctx.db, app.id));
  };

  r.get(ROUTE_PATTERNS.adminApp, auth, async (c) => c.json(await config(c.get('app'))));

  r.patch(ROUTE_PATTERNS.adminApp, auth, async (c) => {
    const app = await applyAppSettings(ctx.db, c.get('app').id, await readObject(c));
    return c.json(await config(app));
  });

  r.get(ROUTE_PATTERNS.adminAllowlist, auth, async (c) =>
    c.json(await listAllowlist(ctx.db, c.get('app').id)),
  );
  r.post(ROUTE_PATTERNS.adminAllowlist, auth, async (c) =>
    c.json(await addAllowlistEntry(ctx.db, c.get('app').id, await readObject(c))),
  );
  r.delete(ROUTE_PATTERNS.adminAllowlist, auth, async (c) =>
    c.json(await removeAllowlistEntry(ctx.db, c.get('app').id, await readObject(c))),
  );

  r.put(ROUTE_PATTERNS.adminOAuthProvider, auth, async (c) => {
    const provider = c.req.param('provider');
    const known = (ADMIN_OAUTH_PROVIDERS as readonly string[]).includes(provider);
    if (!known) {
      throw new ApiError(
        'invalid_data',
        `Unknown OAuth provider: ${provider} (one of ${ADMIN_OAUTH_PROVIDERS.join(', ')})`,
      );
    }
    const body = await readJson(c, adminOAuthProviderRequest);
    await setOAuthProviderConfig(
      ctx,
      c.get('app').id,
      provider as (typeof ADMIN_OAUTH_PROVIDERS)[number],
      { clientId: body.client_id, clientSecret: body.client_secret, issuer: body.issuer ?? null },
    );
    return c.json({ provider, client_id: body.client_id, issuer: body.issuer ?? null });
  });

  return r;
}
