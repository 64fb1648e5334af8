/**
 * The public cross-app listing (issue 21; spec section 7):
 *
 * - `GET /api/v1/apps/{requesterAppId}/cross-app/connections` -> 200
 *   `crossAppConnectionsResponse` (`{connections: [{provider_app_id, provider_app_name,
 *   provider_app_icon_url, provider_app_custom_api_url, read_only}]}`): the provider apps that
 *   registered the requester app as a cross-app client, ordered by provider name.
 *
 * No auth: the requester's login modal reads it. The requester app is resolved from the path as
 * for `GET /api/v1/apps/{appId}` (`appOfPath`): an unknown id answers 404 `app_not_found`. CORS
 * answers the requester app's allowed origins.
 */
import { Hono } from 'hono';
import { appOfPath } from '../apps/routes.ts';
import type { AppEnv, ServerContext } from '../context.ts';
import { connectionsOf } from './clients.ts';
import { CROSS_APP_ROUTES } from '@latchkey/api';

/** The listing route, mounted by `createServer`. */
export function crossAppRoutes(ctx: ServerContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get(CROSS_APP_ROUTES.connectionsPattern, async (c) => {
    const app = await appOfPath(ctx, c.req.param('appId'));
    c.set('app', app);
    return c.json(await connectionsOf(ctx, app.id));
  });
  return r;
}
