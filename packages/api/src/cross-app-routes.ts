/**
 * Cross-app paths and message types (issue 21), apart from the schemas of `./cross-app.ts` so
 * the browser client can read them without loading zod.
 */
import { OAUTH_METHOD } from './methods/oauth.ts';
import { crossAppConnectionsPath, crossAppTransactPage } from './oauth-providers.ts';

const adminClientsPath = (providerAppId: string) =>
  `/api/v1/admin/apps/${encodeURIComponent(providerAppId)}/cross-app/clients`;

/** The cross-app routes' paths. */
export const CROSS_APP_ROUTES = {
  /**
   * `GET` Hono pattern (spec section 7, `GET /api/v1/apps/{requesterAppId}/cross-app/connections`):
   * the providers the requester app may connect to. Public (no auth), `:appId` is the requester.
   */
  connectionsPattern: '/api/v1/apps/:appId/cross-app/connections',
  /** The connections path of one requester app id. */
  connections: crossAppConnectionsPath,
  /** Admin API (`GET`) Hono pattern: the provider app's (`:appId`) registered clients. */
  adminClientsPattern: '/api/v1/admin/apps/:appId/cross-app/clients',
  /** The admin path of a provider app's clients. */
  adminClients: adminClientsPath,
  /** Admin API (`PUT`, `DELETE`) Hono pattern: one client of the provider app. */
  adminClientPattern: '/api/v1/admin/apps/:appId/cross-app/clients/:clientId',
  /** The admin path of one client of a provider app. */
  adminClient: (providerAppId: string, clientId: string) =>
    `${adminClientsPath(providerAppId)}/${encodeURIComponent(clientId)}`,
  /**
   * The redirect path of a Latchkey requester app at a provider app on the same server: the
   * server's callback of the login flow that `latchkey:{providerAppId}` runs in.
   */
  requesterCallback: OAUTH_METHOD.routes.oauthCallback,
  /**
   * The issuer path of a provider app's OpenID Connect provider (below the API's public URL):
   * discovery at `{issuer}/.well-known/openid-configuration`, then the endpoints it lists.
   */
  oidcIssuer: oidcIssuerPath,
  /** Hono pattern of the provider's own paths (`:appId` is the provider app). */
  oidcPattern: '/api/v1/apps/:appId/oidc',
  /**
   * `GET` (cookie of the pending authorization): the provider app's own sign-in page (HTML, on
   * the API origin; issue 21 item 2), where the provider sends the browser to log in and consent.
   * 404 with an "expired" page when this browser has no such pending authorization.
   */
  interactionPagePattern: '/api/v1/apps/:appId/oidc/interaction/:uid',
  interactionPage: (providerAppId: string, uid: string) =>
    `${oidcIssuerPath(providerAppId)}/interaction/${encodeURIComponent(uid)}`,
  /**
   * `GET` (cookie of the pending authorization): what the sign-in page shows,
   * `crossAppInteraction`. `:uid` is the interaction id from the page's URL.
   */
  interactionDetailsPattern: '/api/v1/apps/:appId/oidc/interaction/:uid/details',
  interactionDetails: (providerAppId: string, uid: string) =>
    `${oidcIssuerPath(providerAppId)}/interaction/${encodeURIComponent(uid)}/details`,
  /**
   * `POST` (cookie of the pending authorization; `Authorization: DPoP <provider app access
   * token>` and a DPoP proof by the session's wallet frame key): the user's consent, given by a
   * click in the provider's page. Answers `crossAppInteractionResult`.
   */
  interactionConfirmPattern: '/api/v1/apps/:appId/oidc/interaction/:uid/confirm',
  interactionConfirm: (providerAppId: string, uid: string) =>
    `${oidcIssuerPath(providerAppId)}/interaction/${encodeURIComponent(uid)}/confirm`,
  /** `POST` (cookie of the pending authorization): the user declined; answers the redirect. */
  interactionAbortPattern: '/api/v1/apps/:appId/oidc/interaction/:uid/abort',
  interactionAbort: (providerAppId: string, uid: string) =>
    `${oidcIssuerPath(providerAppId)}/interaction/${encodeURIComponent(uid)}/abort`,
  /**
   * `GET` the provider's transact page (HTML; spec section 7 "cross-app popup to
   * {providerApiUrl}/oauth/transact"; issue 21 item 2), opened by the requester in its 400x680
   * popup with `?client_id={requesterAppId}&origin={requester page origin}`. The client must be
   * registered, not read-only, and the origin one of its redirect URIs' origins; else a 403
   * page ('Invalid connected app') and nothing else.
   */
  transactPagePattern: '/api/v1/apps/:appId/oidc/transact',
  transactPage: crossAppTransactPage,
  /**
   * `POST` (`Authorization: Bearer <provider app access token>`, the transact page's session)
   * `crossAppTransactCheck`: may this requester ask the signed-in provider user for a signature
   * with this wallet? Answers `crossAppTransactChecked`.
   */
  transactCheckPattern: '/api/v1/apps/:appId/oidc/transact/check',
  transactCheck: (providerAppId: string) => `${oidcIssuerPath(providerAppId)}/transact/check`,
} as const;

function oidcIssuerPath(providerAppId: string): string {
  return `/api/v1/apps/${encodeURIComponent(providerAppId)}/oidc`;
}

/**
 * The `postMessage` types between a requester page and the provider's transact popup (spec
 * section 7: "replies are messages PRIVY_CROSS_APP_ACTION_RESPONSE or _ERROR", Latchkey's names).
 * The popup posts `READY` and the answers only to the requester origin its server checked; the
 * requester posts the request only to the provider API's origin, and only to that popup.
 */
export const CROSS_APP_ACTION = {
  /** popup -> requester `{type}`: the page is listening. */
  ready: 'LATCHKEY_CROSS_APP_ACTION_READY',
  /** requester -> popup `{type, id, token, request}` (`crossAppActionRequest`). */
  request: 'LATCHKEY_CROSS_APP_ACTION_REQUEST',
  /** popup -> requester `{type, id, result}`: a signature or transaction hash (0x-hex). */
  response: 'LATCHKEY_CROSS_APP_ACTION_RESPONSE',
  /** popup -> requester `{type, id, error: {code, message}}`. */
  error: 'LATCHKEY_CROSS_APP_ACTION_ERROR',
} as const;
