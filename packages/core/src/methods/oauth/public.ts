/**
 * The OAuth method's public names (issue 11), re-exported by `@latchkey/core` through the
 * registry (`../index.ts`). Apart from `./index.ts`, which is the lazy `@latchkey/core/oauth`
 * entry (the PKCE round trip, issue 5).
 */
export type { InitOAuthOptions } from './flow.ts';
export { isCrossAppLoginItem, type OAuthLoginItem } from './loginList.ts';
export { isOAuthProvider, type OAuthReturn } from './oauth.ts';
export type { OAuthTokens } from './user.ts';
