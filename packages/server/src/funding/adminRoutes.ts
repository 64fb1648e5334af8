/**
 * The on-ramp's admin routes (issue 20), under the admin API (`admin/routes.ts`, app secret):
 *
 * - `GET /api/v1/admin/apps/{appId}/moonpay` -> `AdminMoonpayKeysResponse`
 *   (`{sandbox, live}`, each `{publishable_key, secret_key_set: true}` or null).
 * - `PUT /api/v1/admin/apps/{appId}/moonpay` `adminMoonpayKeysRequest`
 *   (`{sandbox?: {publishable_key, secret_key} | null, live?: ... | null}`) -> the same view.
 *   The secret keys are sealed at rest (`keys.ts`) and never answered.
 *
 * Turning the on-ramp on or off is the app field `fiat_on_ramp_enabled`
 * (`PATCH /api/v1/admin/apps/{appId}`, `latchkey apps set <appId> fiat_on_ramp_enabled=true`).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { readJson } from '../middleware/request.ts';
import { moonPayKeysView, setMoonPayKeys } from './keys.ts';
import { adminMoonpayKeysRequest, FUNDING_ROUTES } from '@latchkey/api';

/**
 * The routes as a Hono app, behind `auth` (the admin API's `requireAppSecret(ctx)`).
 * @throws ApiError `invalid_data` (400) for a body that is not an `adminMoonpayKeysRequest`
 *   (wrong key prefixes included); what `auth` throws.
 */
export function moonpayAdminRoutes(
  ctx: ServerContext,
  auth: MiddlewareHandler<AppEnv>,
): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(FUNDING_ROUTES.adminMoonpayPattern, auth, async (c) =>
    c.json(await moonPayKeysView(ctx, c.get('app').id)),
  );
  r.put(FUNDING_ROUTES.adminMoonpayPattern, auth, async (c) => {
    const body = await readJson(c, adminMoonpayKeysRequest);
    return c.json(await setMoonPayKeys(ctx, c.get('app').id, body));
  });
  return r;
}
