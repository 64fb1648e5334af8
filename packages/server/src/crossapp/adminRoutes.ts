/**
 * The cross-app client registry's admin routes (issue 21), under the admin API
 * (`admin/routes.ts`, app secret of the provider app):
 *
 * - `GET /api/v1/admin/apps/{appId}/cross-app/clients` -> `adminCrossAppClientsResponse`
 *   (`{clients: [{client_id, redirect_uris, read_only, confidential, created_at, updated_at}]}`,
 *   times in seconds since the epoch; never a client secret).
 * - `PUT /api/v1/admin/apps/{appId}/cross-app/clients/{clientId}` `adminCrossAppClientRequest`
 *   (`{redirect_uris, read_only?, confidential?, rotate_secret?}`) -> `adminCrossAppClientSaved`
 *   (the view plus `client_secret`: the new secret when one was just generated, else null).
 * - `DELETE /api/v1/admin/apps/{appId}/cross-app/clients/{clientId}` -> the clients left
 *   (`adminCrossAppClientsResponse`).
 *
 * `{clientId}` is a requester app's id or an outside relying party's id (`crossAppClientId`).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { readJson } from '../middleware/request.ts';
import { deleteClient, listClients, saveClient } from './clients.ts';
import { adminCrossAppClientRequest, CROSS_APP_ROUTES } from '@latchkey/api';

/**
 * The routes as a Hono app, behind `auth` (the admin API's `requireAppSecret(ctx)`).
 * @throws ApiError `invalid_data` (400) for a body that is not an `adminCrossAppClientRequest`
 *   or a bad client id; `cross_app_self_client` (400) for the app's own id as client id;
 *   `cross_app_client_not_found` (404) on `DELETE` of an unknown client; what `auth` throws.
 */
export function crossAppAdminRoutes(
  ctx: ServerContext,
  auth: MiddlewareHandler<AppEnv>,
): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(CROSS_APP_ROUTES.adminClientsPattern, auth, async (c) =>
    c.json(await listClients(ctx, c.get('app').id)),
  );
  r.put(CROSS_APP_ROUTES.adminClientPattern, auth, async (c) => {
    const body = await readJson(c, adminCrossAppClientRequest);
    return c.json(await saveClient(ctx, c.get('app').id, c.req.param('clientId'), body));
  });
  r.delete(CROSS_APP_ROUTES.adminClientPattern, auth, async (c) =>
    c.json(await deleteClient(ctx, c.get('app').id, c.req.param('clientId'))),
  );
  return r;
}
