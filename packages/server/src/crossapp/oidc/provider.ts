/**
 * The OpenID Connect provider of one provider app (issue 21, item 1; spec sections 1 and 7):
 * `oidc-provider` configured for "log in to app B with app A's account", by the standard, so a
 * Latchkey requester app and any outside relying party (e.g. `openid-client`) use it alike.
 *
 * - Issuer: `{publicUrl}/api/v1/apps/{providerAppId}/oidc` (discovery at
 *   `{issuer}/.well-known/openid-configuration`, JWKS at `{issuer}/jwks`).
 * - The authorization code flow only (`response_type=code`), PKCE required for every client
 *   (S256 only: the library accepts no other method), `state` and `nonce` echoed; exact redirect
 *   URIs from the cross-app client registry; no refresh tokens.
 * - ID tokens are ES256, signed by the app's own provider key (`keys.ts`), `sub` = the provider
 *   app's user id. Scopes and their claims: `openid` (`sub`), `email` (`email`,
 *   `email_verified`: the user's first linked email address) and `wallets` (`wallets`: the
 *   user's embedded wallets, `[{address, chain_type}]`), in the ID token and at userinfo.
 * - Every authorization asks for a login (the provider app's own Latchkey session, proven at the
 *   interaction's `confirm` by a DPoP-bound access token: `routes.ts`), so the library's cookie
 *   session never stands in for the app's session.
 */
import type { Configuration, default as Provider, KoaContextWithOIDC } from 'oidc-provider';
import type { ServerContext } from '../../context.ts';
import { loadUser } from '../../users/service.ts';
import { oidcAdapter } from './adapter.ts';
import { oidcSigningJwk } from './keys.ts';
import { CROSS_APP_ROUTES, CROSS_APP_SCOPES, EMBEDDED_WALLET_CLIENT_TYPE } from '@latchkey/api';

/** The library's module. */
export type OidcLibrary = typeof import('oidc-provider');

let library: Promise<OidcLibrary> | undefined;

/**
 * `oidc-provider`, imported on first use: a server whose apps never act as providers neither
 * loads it (nor Koa) at start nor prints its runtime notice (it asks for Node 22 and runs on 20).
 */
export function oidcLibrary(): Promise<OidcLibrary> {
  library ??= import('oidc-provider');
  return library;
}

/** Lifetimes, in seconds. */
export const OIDC_TTL_S = {
  /** An authorization code: exchanged by the requester's server at once. */
  AuthorizationCode: 60,
  /**
   * The access token: userinfo, and the requester's proof at the transact page that the user
   * granted it (its transact requests work for this long after the login).
   */
  AccessToken: 3600,
  IdToken: 600,
  /** The login and consent pages: the requester waits 120 s (spec section 9). */
  Interaction: 600,
  /** The library's cookie session (never used to skip a login, see above). */
  Session: 600,
  /** The grant behind the access token (the transact page checks it is still there). */
  Grant: 3600,
} as const;

/**
 * The claims of one provider-app user from the user loader (one statement), or undefined when the
 * user is not one of that app's: the first linked email address and the embedded wallets.
 */
async function accountClaims(
  ctx: Pick<ServerContext, 'db'>,
  providerAppId: string,
  userId: string,
): Promise<({ sub: string } & Record<string, unknown>) | undefined> {
  const user = await loadUser(ctx.db, userId, { appId: providerAppId });
  if (!user) return undefined;
  const email = user.linked_accounts.find((a) => a.type === 'email');
  const wallets = user.linked_accounts.flatMap((a) =>
    a.type === 'wallet' && a.wallet_client_type === EMBEDDED_WALLET_CLIENT_TYPE
      ? [{ address: a.address, chain_type: a.chain_type }]
      : [],
  );
  return {
    sub: userId,
    ...(email ? { email: email.address, email_verified: true } : {}),
    wallets,
  };
}

/** The scopes asked for in an authorization that this provider grants (`CROSS_APP_SCOPES`). */
export function grantableScopes(params: Record<string, unknown>): string[] {
  return String(params.scope ?? '')
    .split(' ')
    .filter((s) => Object.hasOwn(CROSS_APP_SCOPES, s));
}

/** A login prompt on every authorization: the app's Latchkey session, not a cookie, decides. */
function policy({ interactionPolicy }: OidcLibrary) {
  const { base, Check } = interactionPolicy;
  const prompts = base();
  const login = prompts.get('login')!;
  login.checks.add(
    new Check('latchkey_session', 'Log in with the provider app', (ctx: KoaContextWithOIDC) =>
      ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
    ),
  );
  return prompts;
}

/**
 * Builds the provider of one app. The caller mounts `provider.callback()` under
 * `CROSS_APP_ROUTES.oidcIssuer` (see `routes.ts`) and keeps one per app and process.
 */
export async function createOidcProvider(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'publicUrl'>,
  providerAppId: string,
): Promise<Provider> {
  const oidc = await oidcLibrary();
  const issuerPath = CROSS_APP_ROUTES.oidcIssuer(providerAppId);
  const issuer = `${ctx.publicUrl}${issuerPath}`;
  const cookieSuffix = providerAppId.replace(/[^A-Za-z0-9]/g, '');
  const configuration: Configuration = {
    adapter: oidcAdapter(ctx, providerAppId, oidc.errors),
    jwks: { keys: [await oidcSigningJwk(ctx, providerAppId)] },
    cookies: {
      keys: [ctx.keys.oidcCookieKey.toString('base64url')],
      names: {
        session: `lk_oidc_session_${cookieSuffix}`,
        interaction: `lk_oidc_interaction_${cookieSuffix}`,
        resume: `lk_oidc_resume_${cookieSuffix}`,
      },
    },
    scopes: Object.keys(CROSS_APP_SCOPES),
    claims: Object.fromEntries(
      Object.entries(CROSS_APP_SCOPES).map(([scope, claims]) => [scope, [...claims]]),
    ),
    // The scopes' claims go in the ID token too: a requester reads the account from it alone.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
    },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    // A browser client (public, PKCE) may call the token endpoint from its redirect origins.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: { ...OIDC_TTL_S },
    interactions: {
      policy: policy(oidc),
      url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, id) {
      const claims = await accountClaims(ctx, providerAppId, id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => claims };
    },
    async renderError(koa, out) {
      koa.type = 'text/plain; charset=utf-8';
      koa.body = `${String(out.error)}: ${String(out.error_description ?? '')}`;
    },
  };
  const provider = new oidc.default(issuer, configuration);
  // The issuer's scheme and host are the public URL's; routes.ts sets the forwarded headers.
  provider.proxy = true;
  return provider;
}
