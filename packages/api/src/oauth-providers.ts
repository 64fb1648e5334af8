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
