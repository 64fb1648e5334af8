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
 * - `GET|PUT /api/v1/admin/apps/{appId}/recovery` (issue 23, `recovery/adminRoutes.ts`): the
 *   app's cloud recovery settings (Google Drive client, CloudKit container).
 * - `GET|PUT /api/v1/admin/apps/{appId}/moonpay` (issue 20, `funding/adminRoutes.ts`): the app's
 *   MoonPay keys, secret keys sealed and never answered.
 * - `GET /api/v1/admin/apps/{appId}/cross-app/clients` and `PUT|DELETE` of
 *   `.../cross-app/clients/{clientId}` (issue 21, `crossapp/adminRoutes.ts`): the cross-app
 *   clients allowed to connect to the app, a confidential client's secret answered only when
 *   generated.
 * - each login method's `adminRoutes` (`methods/types.ts`), in the registry's order, e.g. the
 *   OAuth method's `PUT /api/v1/admin/apps/{appId}/oauth/{provider}` `adminOAuthProviderRequest`
 *   -> `{provider, client_id, issuer}`.
 */
import { ROUTE_PATTERNS } from '@latchkey/api';
import { type Context, Hono } from 'hono';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry } from '../apps/allowlist.ts';
import { countAppUsers } from '../apps/records.ts';
import { applyAppSettings, toAdminAppConfig } from '../apps/settings.ts';
import type { AppEnv, ServerContext } from '../context.ts';
import { crossAppAdminRoutes } from '../crossapp/adminRoutes.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { moonpayAdminRoutes } from '../funding/adminRoutes.ts';
import { recoveryAdminRoutes } from '../recovery/adminRoutes.ts';
import { METHODS } from '../methods/index.ts';
import type { MethodParts } from '../methods/types.ts';
import { readBody } from '../middleware/request.ts';
import { requireAppSecret } from './auth.ts';

export { ADMIN_FAILURES_PER_IP, parseBasicAuth, requireAppSecret } from './auth.ts';

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

/**
 * The admin routes, mounted by `createServer`.
 *
 * @param methods the method modules whose `adminRoutes` are mounted after the shared routes, in
 *   order. Default the registry, `METHODS`; a method without `adminRoutes` adds none.
 */
export function adminRoutes(
  ctx: ServerContext,
  methods: readonly Pick<MethodParts, 'adminRoutes'>[] = METHODS,
): Hono<AppEnv> {
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

  // Issue 20: the card on-ramp's MoonPay keys (`funding/adminRoutes.ts`).
  r.route('/', moonpayAdminRoutes(ctx, auth));
  // Issue 21: the cross-app clients allowed to connect to the app (`crossapp/adminRoutes.ts`).
  r.route('/', crossAppAdminRoutes(ctx, auth));
  // Issue 23: the cloud recovery settings (`recovery/adminRoutes.ts`).
  r.route('/', recoveryAdminRoutes(ctx, auth));

  // The methods' own admin routes (OAuth: the app's client at a provider) live in their folders.
  for (const method of methods) if (method.adminRoutes) r.route('/', method.adminRoutes(ctx, auth));

  return r;
}
