/**
 * Social OAuth login, server half (issue 5 item 2; spec sections 5, 7, 8; security catalogue
 * 25-31), on oauth4webapi.
 *
 * 1. `initOAuth`: the client sends its state code and PKCE S256 challenge and the exact page to
 *    come back to (`redirect_to`, string-equal to one of the app's allowed origins). The server
 *    stores them with its own PKCE verifier, state and nonce towards the provider (single use,
 *    OAUTH_STATE_TTL_S) and answers the provider's authorization URL. The provider sends the
 *    browser to the API's callback (`{publicUrl}/api/v1/oauth/callback`, the one redirect URI
 *    registered at the provider).
 * 2. `oauthCallbackTarget`: checks the provider's answer (state, `iss`, error) and sends the
 *    browser to `redirect_to` with `latchkey_oauth_code`, `latchkey_oauth_state`,
 *    `latchkey_oauth_provider` (code `undefined` when the user denied).
 * 3. `authenticateOAuth`: the client posts the code, its state code and its PKCE verifier. The
 *    flow is consumed first (single use), the verifier checked against the stored challenge,
 *    then the server redeems the code with the provider (its own verifier and client secret),
 *    validates the ID token (iss, aud, nonce, exp, alg, signature) for OpenID providers, reads
 *    the profile and finds or creates the user with a `<provider>_oauth` linked account.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  OAUTH_DENIED_CODE,
  OAUTH_QUERY,
  OAUTH_STATE_TTL_S,
  type OAuthLoginProvider,
  type OAuthProvider,
  type OAuthTokensWire,
  providerAppIdOf,
} from '@latchkey/api';
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import type { ServerContext } from '../../context.ts';
import { decryptString, encryptString, sha256Hex } from '../../crypto.ts';
import {
  type AppRow,
  oauthProviderConfigs,
  oauthStates,
  type OAuthStateRow,
} from '../../db/schema.ts';
import { type CrossAppProvider, resolveCrossAppProvider } from '../../crossapp/requester.ts';
import { ApiError } from '../../errors.ts';
import { assertAllowed } from '../../rate-limit.ts';
import { linkAccount, unlinkAccount } from '../../users/accounts.ts';
import { findOrCreateUserByAccount } from '../../users/service.ts';
import { OAUTH_PROVIDER_SPECS, type OAuthProfile, oidcProfile } from './providers.ts';

/** The message of a state that is missing, wrong, expired or another flow's (spec section 5). */
export const UNEXPECTED_AUTH_FLOW = 'Unexpected auth flow. This may be a phishing attempt.';

/** The linked account type of a provider. */
export const oauthAccountType = (provider: OAuthProvider) => `${provider}_oauth` as const;

/** The app flag of a provider (`google_oauth` in the config). */
const FLAG: Record<OAuthProvider, keyof AppRow> = {
  google: 'googleOauth',
  twitter: 'twitterOauth',
  discord: 'discordOauth',
  github: 'githubOauth',
  spotify: 'spotifyOauth',
  instagram: 'instagramOauth',
  tiktok: 'tiktokOauth',
  linkedin: 'linkedinOauth',
  apple: 'appleOauth',
};

const unexpected = () => new ApiError('oauth_unexpected', UNEXPECTED_AUTH_FLOW);

/** The provider redirect URI: the API's callback, registered at every provider. */
export const oauthCallbackUrl = (ctx: ServerContext) => `${ctx.publicUrl}/api/v1/oauth/callback`;

/** Plain http is allowed only towards loopback (the local OpenID provider). */
export function isLoopbackHttp(url: string): boolean {
  const u = new URL(url);
  return (
    u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname.toLowerCase())
  );
}

/**
 * Stores (or replaces) an app's credentials for a provider; the client secret is sealed at rest.
 * `issuer` makes the provider an OpenID Connect provider found by discovery at that issuer.
 */
export async function setOAuthProviderConfig(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  appId: string,
  provider: OAuthProvider,
  config: { clientId: string; clientSecret?: string | null; issuer?: string | null },
): Promise<void> {
  const sealed = config.clientSecret
    ? await encryptString(config.clientSecret, ctx.keys.keyEncryptionKey)
    : null;
  const values = {
    clientId: config.clientId,
    clientSecretSealed: sealed,
    issuer: config.issuer ?? null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(oauthProviderConfigs)
    .values({ appId, provider, ...values })
    .onConflictDoUpdate({
      target: [oauthProviderConfigs.appId, oauthProviderConfigs.provider],
      set: values,
    });
}

interface ResolvedProvider {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  scopes: string[];
  extraParams: Record<string, string>;
  oidc: boolean;
  insecure: boolean;
  profile(raw: Record<string, unknown>): OAuthProfile;
  /** Another Latchkey app (cross-app, issue 21): the `cross_app` account of the claims. */
  account?: CrossAppProvider['account'];
}

const discoveryCache = new Map<string, Promise<oauth.AuthorizationServer>>();

/**
 * The authorization server metadata of `issuer` (OpenID discovery through oauth4webapi), cached
 * per process; plain http only towards loopback. A failed discovery is not cached.
 * @throws what oauth4webapi throws for an unreachable issuer or invalid metadata.
 */
export async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  let cached = discoveryCache.get(issuer);
  if (!cached) {
    const url = new URL(issuer);
    cached = oauth
      .discoveryRequest(url, {
        algorithm: 'oidc',
        [oauth.allowInsecureRequests]: isLoopbackHttp(issuer),
      })
      .then((res) => oauth.processDiscoveryResponse(url, res));
    discoveryCache.set(issuer, cached);
    cached.catch(() => discoveryCache.delete(issuer));
  }
  return cached;
}

async function resolveProvider(
  ctx: ServerContext,
  app: AppRow,
  loginProvider: OAuthLoginProvider,
): Promise<ResolvedProvider> {
  const providerAppId = providerAppIdOf(loginProvider);
  if (providerAppId !== undefined) {
    const cross = await resolveCrossAppProvider(ctx, app, providerAppId, oauthCallbackUrl(ctx));
    let as: oauth.AuthorizationServer;
    try {
      as = await discover(cross.issuer);
    } catch (error) {
      throw new ApiError('internal_error', 'The connected app cannot be reached', {
        cause: error,
      });
    }
    return {
      as,
      client: { client_id: cross.clientId },
      clientAuth: cross.clientSecret ? oauth.ClientSecretBasic(cross.clientSecret) : oauth.None(),
      scopes: cross.scopes,
      extraParams: {},
      oidc: true,
      insecure: isLoopbackHttp(cross.issuer),
      profile: oidcProfile,
      account: cross.account,
    };
  }
  const provider = loginProvider as OAuthProvider;
  if (!app[FLAG[provider]]) {
    throw new ApiError('disallowed_login_method', `${provider} login is not enabled for this app`);
  }
  const [config] = await ctx.db
    .select()
    .from(oauthProviderConfigs)
    .where(
      and(eq(oauthProviderConfigs.appId, app.id), eq(oauthProviderConfigs.provider, provider)),
    );
  if (!config) {
    throw new ApiError(
      'disallowed_login_method',
      `${provider} login is not configured for this app`,
    );
  }
  const spec = OAUTH_PROVIDER_SPECS[provider];
  const secret = config.clientSecretSealed
    ? await decryptString(config.clientSecretSealed, ctx.keys.keyEncryptionKey)
    : null;
  const client: oauth.Client = { client_id: config.clientId };
  const clientAuth = secret ? oauth.ClientSecretBasic(secret) : oauth.None();
  if (config.issuer) {
    let as: oauth.AuthorizationServer;
    try {
      as = await discover(config.issuer);
    } catch (error) {
      throw new ApiError('internal_error', 'The OAuth provider cannot be reached', {
        cause: error,
      });
    }
    return {
      as,
      client,
      clientAuth,
      scopes: ['openid', 'email', 'profile'],
      extraParams: {},
      oidc: true,
      insecure: isLoopbackHttp(config.issuer),
      profile: oidcProfile,
    };
  }
  const as: oauth.AuthorizationServer = {
    issuer: spec.issuer ?? new URL(spec.authorizationEndpoint).origin,
    authorization_endpoint: spec.authorizationEndpoint,
    token_endpoint: spec.tokenEndpoint,
    userinfo_endpoint: spec.userinfoEndpoint,
    jwks_uri: spec.jwksUri,
  };
  return {
    as,
    client,
    clientAuth,
    scopes: spec.scopes,
    extraParams: spec.extraParams ?? {},
    oidc: spec.issuer !== undefined,
    insecure: false,
    profile: spec.profile,
  };
}

/**
 * Refuses a return page that is not exactly one of the app's allowed origins (catalogue 25: no
 * trailing slash, subpath or wildcard leniency). Social OAuth and recovery OAuth (issue 23).
 * @throws ApiError `invalid_origin` (403).
 */
export function assertAllowedRedirect(app: AppRow, redirectTo: string): void {
  if (!app.allowedOrigins.includes(redirectTo)) {
    throw new ApiError('invalid_origin', 'redirect_to is not an allowed origin of this app');
  }
}

/**
 * Starts a flow. `redirectTo` must equal one of the app's allowed origins exactly (catalogue
 * 25: no trailing slash, subpath or wildcard leniency).
 *
 * @returns the provider's authorization URL.
 * @throws ApiError `invalid_origin` (403) for a `redirectTo` not allowed; `oauth_unexpected`
 *   when the state code is already in use; `disallowed_login_method` (403) when the provider is
 *   off or has no credentials; `too_many_requests` (429).
 */
export async function initOAuth(
  ctx: ServerContext,
  app: AppRow,
  input: {
    provider: OAuthLoginProvider;
    redirectTo: string;
    codeChallenge: string;
    stateCode: string;
  },
  ip: string,
): Promise<string> {
  const nowMs = ctx.now();
  assertAllowed(ctx.floodLimits.hit(`init:ip:${ip}`, ctx.rateLimits.initPerIp, nowMs));
  assertAllowedRedirect(app, input.redirectTo);
  const p = await resolveProvider(ctx, app, input.provider);
  const providerVerifier = oauth.generateRandomCodeVerifier();
  const providerState = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  // Drop this app's dead flows on the way.
  await ctx.db
    .delete(oauthStates)
    .where(
      and(eq(oauthStates.appId, app.id), lt(oauthStates.expiresAt, new Date(nowMs - 86_400_000))),
    );
  const rows = await ctx.db
    .insert(oauthStates)
    .values({
      appId: app.id,
      provider: input.provider,
      stateCode: input.stateCode,
      codeChallenge: input.codeChallenge,
      redirectTo: input.redirectTo,
      providerState,
      providerVerifier,
      nonce,
      createdAt: new Date(nowMs),
      expiresAt: new Date(nowMs + OAUTH_STATE_TTL_S * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: oauthStates.id });
  if (rows.length === 0) throw unexpected();

  const url = new URL(p.as.authorization_endpoint!);
  url.searchParams.set('client_id', p.client.client_id);
  url.searchParams.set('redirect_uri', oauthCallbackUrl(ctx));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', p.scopes.join(' '));
  url.searchParams.set('state', providerState);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(providerVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (p.oidc) url.searchParams.set('nonce', nonce);
  for (const [k, v] of Object.entries(p.extraParams)) url.searchParams.set(k, v);
  return url.href;
}

/**
 * Where the callback sends the browser: `redirect_to` with the return query parameters.
 *
 * @throws ApiError `oauth_unexpected` when the provider state matches no live flow.
 */
export async function oauthCallbackTarget(
  ctx: ServerContext,
  params: URLSearchParams,
): Promise<string> {
  const providerState = params.get('state');
  if (!providerState) throw unexpected();
  const [row] = await ctx.db
    .select()
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.providerState, providerState),
        isNull(oauthStates.consumedAt),
        gte(oauthStates.expiresAt, new Date(ctx.now())),
      ),
    );
  if (!row) throw unexpected();
  const target = new URL(row.redirectTo);
  target.searchParams.set(OAUTH_QUERY.state, row.stateCode);
  target.searchParams.set(OAUTH_QUERY.provider, row.provider);
  const error = params.get('error');
  const code = params.get('code');
  if (error || !code) {
    target.searchParams.set(OAUTH_QUERY.code, OAUTH_DENIED_CODE);
    return target.href;
  }
  target.searchParams.set(OAUTH_QUERY.code, code);
  return target.href;
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What {@link authenticateOAuth} found. */
export interface OAuthLogin {
  provider: OAuthLoginProvider;
  /** Set for another Latchkey app (cross-app): the `cross_app` account the login proves. */
  account?: ReturnType<CrossAppProvider['account']>;
  profile: OAuthProfile;
  tokens: OAuthTokensWire;
}

/**
 * Completes a flow: consumes it, checks the client's verifier, redeems the code with the
 * provider and reads the profile.
 *
 * @throws ApiError `oauth_unexpected` ('Unexpected auth flow. This may be a phishing attempt.')
 *   for a state code that is unknown, expired, used, or another provider's; `oauth_user_denied`
 *   when the user denied; `invalid_credentials` for a missing or wrong verifier, a replayed
 *   code, or a code or ID token the provider or the checks refuse.
 */
export async function authenticateOAuth(
  ctx: ServerContext,
  app: AppRow,
  input: {
    provider: OAuthLoginProvider;
    authorizationCode: string;
    stateCode: string;
    codeVerifier?: string | undefined;
  },
  ip: string,
): Promise<OAuthLogin> {
  const nowMs = ctx.now();
  assertAllowed(
    ctx.floodLimits.hit(`authenticate:ip:${ip}`, ctx.rateLimits.authenticatePerIp, nowMs),
  );
  const codeHash = sha256Hex(`${app.id}\n${input.provider}\n${input.authorizationCode}`);
  // Single use: the first request for a state consumes it, whatever happens next.
  const [row] = await ctx.db
    .update(oauthStates)
    .set({ consumedAt: new Date(nowMs), codeHash })
    .where(
      and(
        eq(oauthStates.appId, app.id),
        eq(oauthStates.stateCode, input.stateCode),
        eq(oauthStates.provider, input.provider),
        isNull(oauthStates.consumedAt),
        gte(oauthStates.expiresAt, new Date(nowMs)),
      ),
    )
    .returning();
  if (!row) {
    const [used] = await ctx.db
      .select({ id: oauthStates.id })
      .from(oauthStates)
      .where(and(eq(oauthStates.appId, app.id), eq(oauthStates.codeHash, codeHash)));
    if (used) throw new ApiError('invalid_credentials', 'This authorization code was already used');
    throw unexpected();
  }
  if (input.authorizationCode === OAUTH_DENIED_CODE) {
    throw new ApiError('oauth_user_denied', 'The user denied access at the provider');
  }
  if (!input.codeVerifier || !sameString(s256(input.codeVerifier), row.codeChallenge)) {
    throw new ApiError('invalid_credentials', 'Invalid code verifier');
  }
  const replayed = await ctx.db
    .select({ id: oauthStates.id })
    .from(oauthStates)
    .where(and(eq(oauthStates.appId, app.id), eq(oauthStates.codeHash, codeHash)));
  if (replayed.some((r) => r.id !== row.id)) {
    throw new ApiError('invalid_credentials', 'This authorization code was already used');
  }
  return redeem(ctx, app, row, input.authorizationCode);
}

async function redeem(
  ctx: ServerContext,
  app: AppRow,
  row: OAuthStateRow,
  code: string,
): Promise<OAuthLogin> {
  const provider = row.provider as OAuthLoginProvider;
  const p = await resolveProvider(ctx, app, provider);
  const httpOptions = { [oauth.allowInsecureRequests]: p.insecure };
  const callbackParams = new URLSearchParams({ code, state: row.providerState });
  if (p.as.authorization_response_iss_parameter_supported) callbackParams.set('iss', p.as.issuer);

  let result: oauth.TokenEndpointResponse;
  try {
    const validated = oauth.validateAuthResponse(p.as, p.client, callbackParams, row.providerState);
    const response = await oauth.authorizationCodeGrantRequest(
      p.as,
      p.client,
      p.clientAuth,
      validated,
      oauthCallbackUrl(ctx),
      row.providerVerifier,
      httpOptions,
    );
    result = await oauth.processAuthorizationCodeResponse(p.as, p.client, response, {
      expectedNonce: p.oidc ? row.nonce : oauth.expectNoNonce,
      requireIdToken: p.oidc,
    });
  } catch (error) {
    throw new ApiError('invalid_credentials', 'The provider refused the authorization code', {
      cause: error,
    });
  }

  let raw: Record<string, unknown>;
  if (p.oidc) {
    const claims = oauth.getValidatedIdTokenClaims(result);
    if (!claims || !result.id_token) {
      throw new ApiError('invalid_credentials', 'The provider sent no ID token');
    }
    await verifyIdTokenSignature(p, result.id_token, row.nonce);
    raw = { ...claims };
    if (p.as.userinfo_endpoint) {
      try {
        const res = await oauth.userInfoRequest(p.as, p.client, result.access_token, httpOptions);
        raw = { ...raw, ...(await oauth.processUserInfoResponse(p.as, p.client, claims.sub, res)) };
      } catch (error) {
        throw new ApiError('invalid_credentials', 'Could not read the provider profile', {
          cause: error,
        });
      }
    }
  } else {
    const endpoint = OAUTH_PROVIDER_SPECS[provider as OAuthProvider].userinfoEndpoint!;
    try {
      const res = await oauth.protectedResourceRequest(
        result.access_token,
        'GET',
        new URL(endpoint),
        new Headers({ accept: 'application/json' }),
        null,
        httpOptions,
      );
      if (!res.ok) throw new Error(`profile request answered ${res.status}`);
      raw = (await res.json()) as Record<string, unknown>;
    } catch (error) {
      throw new ApiError('invalid_credentials', 'Could not read the provider profile', {
        cause: error,
      });
    }
  }

  let profile: OAuthProfile;
  let account: OAuthLogin['account'];
  try {
    profile = p.profile(raw);
    account = p.account?.(raw);
  } catch (error) {
    throw new ApiError('invalid_credentials', 'The provider profile has no subject', {
      cause: error,
    });
  }
  const expiresIn = (v: unknown) => (typeof v === 'number' ? Math.floor(v) : null);
  return {
    provider,
    profile,
    ...(account ? { account } : {}),
    tokens: {
      provider,
      access_token: result.access_token,
      access_token_expires_in_seconds: expiresIn(result.expires_in),
      refresh_token: result.refresh_token ?? null,
      refresh_token_expires_in_seconds: expiresIn(result.refresh_token_expires_in),
      scopes: (result.scope ?? p.scopes.join(' ')).split(/[ ,]+/).filter(Boolean),
    },
  };
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Checks the ID token's signature against the provider's keys (catalogue 31): no `none`, no HS*. */
async function verifyIdTokenSignature(
  p: ResolvedProvider,
  idToken: string,
  nonce: string,
): Promise<void> {
  if (!p.as.jwks_uri) throw new ApiError('invalid_credentials', 'The provider has no keys');
  let jwks = jwksCache.get(p.as.jwks_uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(p.as.jwks_uri));
    jwksCache.set(p.as.jwks_uri, jwks);
  }
  try {
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: p.as.issuer,
      audience: p.client.client_id,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
    });
    if (payload.nonce !== nonce) throw new Error('nonce mismatch');
  } catch (error) {
    throw new ApiError('invalid_credentials', 'Invalid ID token', { cause: error });
  }
}

/** The `<provider>_oauth` account an OAuth login proves, its profile as details. */
function oauthAccount(login: OAuthLogin) {
  if (login.account) return { ...login.account, refreshDetails: login.account.details };
  const details = profileDetails(login.profile);
  return {
    type: oauthAccountType(login.provider as OAuthProvider),
    subject: login.profile.subject,
    details,
    refreshDetails: details,
  };
}

/**
 * Finds or creates the user of an OAuth login and stores the profile on the linked account,
 * through the login gates of `findOrCreateUserByAccount` (the profile's email counts for the
 * allowlist).
 *
 * @throws ApiError `allowlist_rejected` (403), `user_does_not_exist` (404),
 *   `max_accounts_reached` (403).
 */
export function findOrCreateOAuthUser(
  ctx: ServerContext,
  app: AppRow,
  login: OAuthLogin,
): Promise<{ userId: string; isNewUser: boolean }> {
  return findOrCreateUserByAccount(ctx.db, app, oauthAccount(login), ctx.now());
}

const profileDetails = (p: OAuthProfile) => ({
  email: p.email,
  name: p.name,
  username: p.username,
});

/**
 * Links the OAuth account of a completed flow to a logged-in user (account policy of
 * `users/accounts.ts`: one account per provider).
 *
 * @throws ApiError `linked_to_another_user` (409) when another user of the app owns it;
 *   `cannot_link_more_of_type` (409) when the user has an account of this provider already.
 */
export async function linkOAuthAccount(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  login: OAuthLogin,
): Promise<void> {
  await linkAccount(ctx.db, app.id, userId, oauthAccount(login), ctx.now());
}

/**
 * Removes an OAuth account from a user; the user must keep another login method.
 *
 * @throws ApiError `account_not_linked` (404) when the account is not the user's;
 *   `cannot_unlink_last_account` (409) when it is their last login method.
 */
export async function unlinkOAuthAccount(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  provider: OAuthProvider,
  subject: string,
): Promise<void> {
  await unlinkAccount(ctx.db, app.id, userId, oauthAccountType(provider), subject);
}
