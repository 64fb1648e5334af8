/**
 * The Farcaster method's admin route (issue 16): `PUT /api/v1/admin/apps/{appId}/farcaster` with
 * `adminFarcasterRequest` (`{signer_request_fid, signer_request_key}`: the app's own Farcaster
 * account, which requests signers for its users) -> `AdminFarcasterResponse` (the fid and the
 * key's address, never the key). The key is sealed with the server secret.
 */
import { adminFarcasterRequest, FARCASTER_ADMIN_ROUTE_PATTERN } from '@latchkey/api';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { readJson } from '../../middleware/request.ts';
import { setFarcasterSignerApp } from './signer.ts';

/**
 * The route as a Hono app, behind `auth` (the admin API's `requireAppSecret(ctx)`).
 * @throws ApiError `invalid_data` (400) for a body that is not an `adminFarcasterRequest`; what
 *   `auth` throws.
 */
export function farcasterAdminRoutes(
  ctx: ServerContext,
  auth: MiddlewareHandler<AppEnv>,
): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.put(FARCASTER_ADMIN_ROUTE_PATTERN, auth, async (c) => {
    const body = await readJson(c, adminFarcasterRequest);
    return c.json(await setFarcasterSignerApp(ctx, c.get('app'), body));
  });
  return r;
}
