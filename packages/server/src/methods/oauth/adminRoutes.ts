/**
 * The OAuth method's admin route (issue 6; issue 11: in the method's folder):
 * `PUT /api/v1/admin/apps/{appId}/oauth/{provider}` with `adminOAuthProviderRequest`
 * (`{client_id, client_secret, issuer?}`) -> `{provider, client_id, issuer}`; stores the app's
 * OAuth client at the provider (the secret sealed with the server secret).
 */
import { ADMIN_OAUTH_PROVIDERS, adminOAuthProviderRequest, ROUTE_PATTERNS } from '@latchkey/api';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { readJson } from '../../middleware/request.ts';
import { setOAuthProviderConfig } from './service.ts';

/**
 * The route as a Hono app, behind `auth` (the admin API's `requireAppSecret(ctx)`).
 *
 * @throws ApiError `invalid_data` (400) for a provider outside `ADMIN_OAUTH_PROVIDERS` or a body
 *   that is not an `adminOAuthProviderRequest`; what `auth` throws.
 */
export function oauthAdminRoutes(
  ctx: ServerContext,
  auth: MiddlewareHandler<AppEnv>,
): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
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
