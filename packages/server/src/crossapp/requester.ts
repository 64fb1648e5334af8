/**
 * The requester's half of cross-app login (issue 21, item 3; spec section 7, "OAuth init and
 * authenticate with provider `latchkey:{appId}`"): what the OAuth routes need to run their
 * authorization code flow against another Latchkey app's OpenID Connect provider on this server
 * (`oidc/`), and the `cross_app` account a finished flow proves.
 *
 * The OAuth flow does the rest as for any OpenID provider: its own PKCE verifier, state and
 * nonce kept server-side, the code redeemed by this server with the requester's client secret,
 * the ID token checked (iss, aud, nonce, exp, ES256 signature by the provider's JWKS).
 */
import type { ServerContext } from '../context.ts';
import type { AppRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { findClient } from './clients.ts';
import { CROSS_APP_ROUTES, CROSS_APP_SCOPES, crossAppWalletsClaim } from '@latchkey/api';

/** Message of `cross_app_invalid_connection` (spec section 8). */
export const INVALID_CONNECTED_APP = 'Invalid connected app';

/** What the OAuth flow needs to talk to a provider app. */
export interface CrossAppProvider {
  /** The provider app's issuer (`{publicUrl}/api/v1/apps/{providerAppId}/oidc`). */
  issuer: string;
  /** The requester app's client id at the provider: its app id. */
  clientId: string;
  /** The client secret the provider issued (null for a public client: PKCE only). */
  clientSecret: string | null;
  scopes: string[];
  /** The `cross_app` account of a verified ID token's (and userinfo's) claims. */
  account(claims: Record<string, unknown>): {
    type: 'cross_app';
    subject: string;
    details: Record<string, unknown>;
  };
}

/**
 * The provider app `providerAppId` as the requester `app` may use it: the provider must exist
 * and have registered the requester app as a client with `callbackUrl` (the requester's OAuth
 * callback on this server) among its redirect URIs.
 * @throws ApiError `cross_app_invalid_connection` (403, 'Invalid connected app') otherwise.
 */
export async function resolveCrossAppProvider(
  ctx: ServerContext,
  app: AppRow,
  providerAppId: string,
  callbackUrl: string,
): Promise<CrossAppProvider> {
  const providerApp = providerAppId === app.id ? undefined : await ctx.apps.get(providerAppId);
  const client = providerApp ? await findClient(ctx, providerAppId, app.id) : undefined;
  if (!client || !client.redirectUris.includes(callbackUrl)) {
    throw new ApiError('cross_app_invalid_connection', INVALID_CONNECTED_APP);
  }
  return {
    issuer: `${ctx.publicUrl}${CROSS_APP_ROUTES.oidcIssuer(providerAppId)}`,
    clientId: app.id,
    clientSecret: client.clientSecret,
    scopes: Object.keys(CROSS_APP_SCOPES),
    account(claims) {
      if (typeof claims.sub !== 'string' || claims.sub === '') {
        throw new Error('The provider app sent no subject');
      }
      const wallets = crossAppWalletsClaim.safeParse(claims.wallets);
      return {
        type: 'cross_app',
        subject: claims.sub,
        details: {
          provider_app: { id: providerAppId },
          embedded_wallets: wallets.success
            ? wallets.data.map((w) => ({ address: w.address }))
            : [],
          smart_wallets: [],
        },
      };
    },
  };
}
