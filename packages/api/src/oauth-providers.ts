/**
 * The social login providers, in a module without zod so the client's eager bundle can import
 * them (the schemas in `oauth.ts` build on this list).
 */
/** The social providers (spec section 1). */
export const OAUTH_PROVIDERS = [
  'google',
  'twitter',
  'discord',
  'github',
  'spotify',
  'instagram',
  'tiktok',
  'linkedin',
  'apple',
] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Brand names of the providers, as buttons and texts show them (spec section 8 `{provider}`). */
export const OAUTH_PROVIDER_DISPLAY: Readonly<Record<OAuthProvider, string>> = {
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  apple: 'Apple',
};

/**
 * The provider id of another Latchkey app's account (cross-app login, issue 21; spec section 7,
 * `privy:{appId}` there): `latchkey:{providerAppId}`. The OAuth routes take it where they take a
 * social provider.
 */
export type CrossAppProviderId = `latchkey:${string}`;

/** The prefix of a {@link CrossAppProviderId}. */
export const CROSS_APP_PROVIDER_PREFIX = 'latchkey:';

/** A provider app id as a {@link CrossAppProviderId}. */
export const crossAppProviderId = (providerAppId: string): CrossAppProviderId =>
  `latchkey:${providerAppId}`;

/** The provider app id of a cross-app provider id, or undefined for a social provider. */
export function providerAppIdOf(provider: string): string | undefined {
  return provider.startsWith(CROSS_APP_PROVIDER_PREFIX)
    ? provider.slice(CROSS_APP_PROVIDER_PREFIX.length)
    : undefined;
}

/** A provider the OAuth routes take: a social provider or another Latchkey app. */
export type OAuthLoginProvider = OAuthProvider | CrossAppProviderId;

/**
 * `GET /api/v1/apps/{requesterAppId}/cross-app/connections` of one requester app id
 * (`CROSS_APP_ROUTES.connections`; apart so the browser client's bundle takes this function
 * alone).
 */
export const crossAppConnectionsPath = (requesterAppId: string) =>
  `/api/v1/apps/${encodeURIComponent(requesterAppId)}/cross-app/connections`;

/**
 * The path of a provider app's transact page for one requester (`CROSS_APP_ROUTES.transactPage`;
 * apart so the browser client's bundle takes this function alone).
 */
export function crossAppTransactPage(providerAppId: string, clientId: string, origin: string) {
  return `/api/v1/apps/${encodeURIComponent(providerAppId)}/oidc/transact?${new URLSearchParams({
    client_id: clientId,
    origin,
  })}`;
}
