/**
 * The provider's transact page and its check (issue 21 item 2; spec section 7, "cross-app popup
 * to {providerApiUrl}/oauth/transact with token and request parameters"): how a requester app
 * asks a provider app's user to sign with the provider's wallet.
 *
 * - `GET {issuer}/transact?client_id=&origin=`: the provider app's page (the same bundle as the
 *   sign-in page, in its transact mode), opened by the requester in a 400x680 popup. Refused
 *   with a 403 page ('Invalid connected app') before anything shows when the client is not
 *   registered, is read-only (a read-only connection never gets the page), or `origin` is not
 *   one of its origins: a Latchkey requester app's allowed origins, or the origins of the
 *   client's redirect URIs. The page answers the opener only at that origin.
 * - `POST {issuer}/transact/check` (`Authorization: Bearer` of the provider app's session in the
 *   page): before the page asks its user, the server checks the requester's request. The access
 *   token the requester holds must be one this provider issued to that client for the signed-in
 *   user, unexpired, with its grant alive (`cross_app_invalid_token`, 'Transactions require a
 *   valid token'); the client still registered and not read-only (`cross_app_invalid_connection`,
 *   `cross_app_read_only`); the address one of the user's embedded wallets
 *   (`cross_app_invalid_address`, 'Cannot request a signature with this wallet address').
 *
 * The signature itself is then given by the user's click inside the provider's wallet frame (its
 * approval screen), as for any request of the provider's own page.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type Provider from 'oidc-provider';
import type { AppEnv, ServerContext } from '../../context.ts';
import type { AppRow } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { readJson, readsBody } from '../../middleware/request.ts';
import { requireUser, type UserEnv } from '../../middleware/requireUser.ts';
import { loadUser } from '../../users/service.ts';
import { type CrossAppClient, findClient } from '../clients.ts';
import type { crossAppPage } from '../page.ts';
import { INVALID_CONNECTED_APP } from '../requester.ts';
import {
  CROSS_APP_ROUTES,
  crossAppTransactCheck,
  type CrossAppTransactChecked,
  EMBEDDED_WALLET_CLIENT_TYPE,
  MAX_REQUEST_BODY_BYTES,
} from '@latchkey/api';

/** Message of `cross_app_invalid_token` (spec section 8). */
export const INVALID_TOKEN = 'Transactions require a valid token';
/** Message of `cross_app_invalid_address` (spec section 8). */
export const INVALID_ADDRESS = 'Cannot request a signature with this wallet address';
/** Message of `cross_app_read_only` (spec section 6: a read-only provider cannot sign). */
export const READ_ONLY = 'This connection is read-only: it cannot request signatures';

/** The origins a client's transact page may answer: its app's allowed origins and redirect URIs'. */
async function clientOrigins(ctx: ServerContext, client: CrossAppClient): Promise<Set<string>> {
  const origins = new Set<string>();
  for (const uri of client.redirectUris) origins.add(new URL(uri).origin);
  const requester = await ctx.apps.get(client.clientId);
  for (const origin of requester?.allowedOrigins ?? []) origins.add(origin);
  return origins;
}

/**
 * Adds the transact page and its check to the provider routes `r`.
 * @param providerOf the provider of an app id (one per app and process).
 * @param page the provider pages' renderer.
 * @param withApp middleware that puts the path's app in `c.get('app')`.
 */
export function transactRoutes(
  ctx: ServerContext,
  r: Hono<AppEnv>,
  providerOf: (appId: string) => Promise<Provider>,
  page: ReturnType<typeof crossAppPage>,
  withApp: (c: Context<AppEnv>, next: () => Promise<void>) => Promise<void>,
): void {
  r.get(CROSS_APP_ROUTES.transactPagePattern, withApp, async (c) => {
    const app: AppRow = c.get('app');
    const clientId = c.req.query('client_id') ?? '';
    const origin = c.req.query('origin') ?? '';
    const client = clientId ? await findClient(ctx, app.id, clientId) : undefined;
    if (!client || client.readOnly || !(await clientOrigins(ctx, client)).has(origin)) {
      return page.refused(c, INVALID_CONNECTED_APP);
    }
    return page.serve(c, app, { transact: { clientId, origin } });
  });

  r.post(
    CROSS_APP_ROUTES.transactCheckPattern,
    withApp,
    // The provider routes come before the server's body limit: this one reads a body.
    readsBody<AppEnv>(
      bodyLimit({
        maxSize: MAX_REQUEST_BODY_BYTES,
        onError: () => {
          throw new ApiError('payload_too_large', 'Request body too large');
        },
      }),
    ),
    requireUser(ctx),
    async (c: Context<UserEnv>) => {
      const app = c.get('app');
      const { userId } = c.get('auth');
      const body = await readJson(c, crossAppTransactCheck);
      const client = await findClient(ctx, app.id, body.client_id);
      if (!client) throw new ApiError('cross_app_invalid_connection', INVALID_CONNECTED_APP);
      if (client.readOnly) throw new ApiError('cross_app_read_only', READ_ONLY);
      const provider = await providerOf(app.id);
      const token = await provider.AccessToken.find(body.access_token);
      const grant = token?.grantId ? await provider.Grant.find(token.grantId) : undefined;
      if (
        !token ||
        token.isExpired ||
        token.clientId !== client.clientId ||
        token.accountId !== userId ||
        !grant ||
        grant.accountId !== userId ||
        grant.clientId !== client.clientId
      ) {
        throw new ApiError('cross_app_invalid_token', INVALID_TOKEN);
      }
      const [user, requester] = await Promise.all([
        loadUser(ctx.db, userId, { appId: app.id }),
        ctx.apps.get(client.clientId),
      ]);
      const wallet = user?.linked_accounts.find(
        (a) =>
          a.type === 'wallet' &&
          a.wallet_client_type === EMBEDDED_WALLET_CLIENT_TYPE &&
          a.address.toLowerCase() === body.address.toLowerCase(),
      );
      if (!wallet || wallet.type !== 'wallet') {
        throw new ApiError('cross_app_invalid_address', INVALID_ADDRESS);
      }
      return c.json({
        client: {
          client_id: client.clientId,
          name: requester?.name ?? null,
          icon_url: requester?.logoUrl ?? null,
        },
        address: wallet.address,
      } satisfies CrossAppTransactChecked);
    },
  );
}
