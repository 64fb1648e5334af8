/**
 * Cloud recovery's admin routes (issue 23 item 2), under the admin API (`admin/routes.ts`, app
 * secret):
 *
 * - `GET /api/v1/admin/apps/{appId}/recovery` -> `AdminRecoveryCloudResponse`
 *   (`{google_drive, icloud}`, each null when not set; the Google secret only as
 *   `client_secret_set`).
 * - `PUT /api/v1/admin/apps/{appId}/recovery` `adminRecoveryCloudRequest` -> the same view.
 *
 * Which cloud methods the app offers is the app field `user_owned_recovery_options`
 * (`PATCH /api/v1/admin/apps/{appId}`).
 */
import { adminRecoveryCloudRequest, ROUTE_PATTERNS } from '@latchkey/api';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { readJson } from '../middleware/request.ts';
import { applyRecoveryCloudRequest, recoveryCloudView } from './config.ts';

/**
 * The routes as a Hono app, behind `auth` (the admin API's `requireAppSecret(ctx)`).
 * @throws ApiError `invalid_data` (400) for a body that is not an `adminRecoveryCloudRequest`;
 *   what `auth` throws.
 */
export function recoveryAdminRoutes(
  ctx: ServerContext,
  auth: MiddlewareHandler<AppEnv>,
): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(ROUTE_PATTERNS.adminRecovery, auth, async (c) =>
    c.json(await recoveryCloudView(ctx, c.get('app').id)),
  );
  r.put(ROUTE_PATTERNS.adminRecovery, auth, async (c) => {
    const body = await readJson(c, adminRecoveryCloudRequest);
    return c.json(await applyRecoveryCloudRequest(ctx, c.get('app').id, body));
  });
  return r;
}
