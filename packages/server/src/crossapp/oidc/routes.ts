/**
 * The routes of the provider apps' OpenID Connect providers (issue 21, item 1), mounted by
 * `createServer` before CORS and the body limit (the library reads its own bodies and answers
 * its own CORS):
 *
 * - `{issuer}/*` with issuer `{publicUrl}/api/v1/apps/{providerAppId}/oidc`: `oidc-provider`'s
 *   endpoints (discovery, `auth`, `token`, `jwks`, `me`), one provider per app and process,
 *   built on first use. An unknown app answers 404 `app_not_found`.
 * - `GET {issuer}/interaction/{uid}`: the provider's sign-in page (`../page.ts`), or a 404
 *   "expired" page when this browser has no such pending authorization; its assets under
 *   `/crossapp-page/`.
 * - `GET {issuer}/interaction/{uid}/details`: `crossAppInteraction` for the sign-in page.
 * - `POST {issuer}/interaction/{uid}/confirm`: the user's consent. Needs
 *   `Authorization: DPoP <access token of the provider app>` and a fresh DPoP proof by the
 *   session's wallet frame key (`requireDpop`): a bearer token alone, or a token of another app,
 *   never finishes a sign-in. Logs the token's user in to the provider, grants the asked scopes
 *   and answers `{redirect_to}` (the provider then redirects to the client with the code).
 * - `POST {issuer}/interaction/{uid}/abort`: the user declined; answers `{redirect_to}` (the
 *   client gets `error=access_denied`).
 * - `GET {issuer}/transact` and `POST {issuer}/transact/check`: the transact page, where a
 *   requester asks the provider's user to sign (`transact.ts`).
 *
 * The three interaction routes need the cookie `oidc-provider` set in this browser when the
 * authorization began; without it (expired, another browser) they answer 404
 * `cross_app_interaction_not_found`.
 *
 * The library runs on Node's `req`/`res` (`@hono/node-server`'s bindings): under another runtime,
 * or `app.request()` in tests, these routes answer 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import type Provider from 'oidc-provider';
import { appOfPath } from '../../apps/routes.ts';
import type { AppEnv, ServerContext } from '../../context.ts';
import type { AppRow } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { type DpopAuth, requireDpop } from '../../sessions/dpop.ts';
import { findClient } from '../clients.ts';
import { type CrossAppPageOptions, crossAppPage } from '../page.ts';
import { createOidcProvider, grantableScopes, oidcLibrary } from './provider.ts';
import { transactRoutes } from './transact.ts';
import {
  CROSS_APP_ROUTES,
  type CrossAppInteraction,
  type CrossAppInteractionResult,
} from '@latchkey/api';

interface NodeBindings {
  incoming: IncomingMessage & { originalUrl?: string };
  outgoing: ServerResponse;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any env with Node bindings
function nodeBindings(c: Context<any>): NodeBindings {
  const incoming = c.env?.incoming;
  const outgoing = c.env?.outgoing;
  if (!incoming || !outgoing) {
    throw new Error('The OpenID Connect routes need the Node HTTP server (@hono/node-server)');
  }
  return { incoming, outgoing: outgoing as ServerResponse };
}

const noInteraction = () =>
  new ApiError(
    'cross_app_interaction_not_found',
    'This sign-in request has expired or was not started in this browser',
  );

/**
 * The provider routes, mounted by `createServer`.
 * @param options.page where the sign-in page's script comes from (see `crossAppPage`).
 */
export function oidcRoutes(
  ctx: ServerContext,
  options: { page?: CrossAppPageOptions } = {},
): Hono<AppEnv> {
  const page = crossAppPage(ctx.publicUrl, options.page);
  const providers = new Map<string, Promise<Provider>>();
  const providerOf = (appId: string) => {
    let provider = providers.get(appId);
    if (!provider) {
      provider = createOidcProvider(ctx, appId);
      provider.catch(() => providers.delete(appId));
      providers.set(appId, provider);
    }
    return provider;
  };
  const publicUrl = new URL(ctx.publicUrl);
  const publicPath = publicUrl.pathname.replace(/\/+$/, '');

  /** The pending interaction of this browser, which must be the one in the path. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any env that has `app`
  async function interactionOf(c: Context<any>, provider: Provider) {
    const { incoming, outgoing } = nodeBindings(c);
    let details;
    try {
      details = await provider.interactionDetails(incoming, outgoing);
    } catch (error) {
      if (error instanceof (await oidcLibrary()).errors.OIDCProviderError) throw noInteraction();
      throw error;
    }
    if (details.uid !== c.req.param('uid')) throw noInteraction();
    return { details, incoming, outgoing };
  }

  const withApp = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const app = await appOfPath(ctx, c.req.param('appId') ?? '');
    c.set('app', app);
    await next();
  };

  const r = new Hono<AppEnv>();
  r.route('/', page.routes);

  r.get(CROSS_APP_ROUTES.interactionPagePattern, withApp, async (c) => {
    const app: AppRow = c.get('app');
    try {
      await interactionOf(c, await providerOf(app.id));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'cross_app_interaction_not_found') {
        return page.expired(c, error.message);
      }
      throw error;
    }
    return page.serve(c, app, { uid: c.req.param('uid') ?? '' });
  });

  r.get(CROSS_APP_ROUTES.interactionDetailsPattern, withApp, async (c) => {
    const app: AppRow = c.get('app');
    const { details } = await interactionOf(c, await providerOf(app.id));
    const clientId = String(details.params.client_id);
    const [client, requesterApp] = await Promise.all([
      findClient(ctx, app.id, clientId),
      ctx.apps.get(clientId),
    ]);
    if (!client) throw noInteraction();
    return c.json({
      uid: details.uid,
      provider_app: { id: app.id, name: app.name, icon_url: app.logoUrl },
      client: {
        client_id: clientId,
        name: requesterApp?.name ?? null,
        icon_url: requesterApp?.logoUrl ?? null,
      },
      redirect_origin: new URL(String(details.params.redirect_uri)).origin,
      scopes: grantableScopes(details.params),
      read_only: client.readOnly,
    } satisfies CrossAppInteraction);
  });

  r.post(
    CROSS_APP_ROUTES.interactionConfirmPattern,
    withApp,
    requireDpop(ctx),
    async (c: Context<AppEnv & { Variables: { auth: DpopAuth } }>) => {
      const app = c.get('app');
      const { userId } = c.get('auth');
      const provider = await providerOf(app.id);
      const { details, incoming, outgoing } = await interactionOf(c, provider);
      const clientId = String(details.params.client_id);
      const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      const grant =
        existing?.accountId === userId && existing.clientId === clientId
          ? existing
          : new provider.Grant({ accountId: userId, clientId });
      grant.addOIDCScope(grantableScopes(details.params).join(' '));
      const grantId = await grant.save();
      const redirectTo = await provider.interactionResult(
        incoming,
        outgoing,
        { login: { accountId: userId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return c.json({ redirect_to: redirectTo } satisfies CrossAppInteractionResult);
    },
  );

  r.post(CROSS_APP_ROUTES.interactionAbortPattern, withApp, async (c) => {
    const provider = await providerOf(c.get('app').id);
    const { incoming, outgoing } = await interactionOf(c, provider);
    const redirectTo = await provider.interactionResult(
      incoming,
      outgoing,
      { error: 'access_denied', error_description: 'The user declined the sign-in' },
      { mergeWithLastSubmission: false },
    );
    return c.json({ redirect_to: redirectTo } satisfies CrossAppInteractionResult);
  });

  transactRoutes(ctx, r, providerOf, page, withApp);

  const delegate = async (c: Context<AppEnv>) => {
    const app = c.get('app');
    const { incoming, outgoing } = nodeBindings(c);
    const provider = await providerOf(app.id);
    const issuerPath = CROSS_APP_ROUTES.oidcIssuer(app.id);
    const url = incoming.url ?? '/';
    if (!url.startsWith(issuerPath)) throw new ApiError('not_found', 'Not found');
    // Mounted below the issuer path: the library finds its mount path from `originalUrl`, and
    // its absolute URLs from the forwarded scheme and host, which are the public URL's.
    incoming.originalUrl = `${publicPath}${url}`;
    incoming.url = url.slice(issuerPath.length) || '/';
    incoming.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    incoming.headers['x-forwarded-host'] = publicUrl.host;
    await provider.callback()(incoming, outgoing);
    // @hono/node-server leaves this answer alone: the library has written the response.
    return RESPONSE_ALREADY_SENT;
  };
  r.all(CROSS_APP_ROUTES.oidcPattern, withApp, delegate);
  r.all(`${CROSS_APP_ROUTES.oidcPattern}/*`, withApp, delegate);
  return r;
}
