import * as z from 'zod';
import { authenticateResponse } from '../auth.ts';
import { user } from '../user.ts';
import { type CrossAppProviderId, OAUTH_PROVIDERS } from '../oauth-providers.ts';

/**
 * Social OAuth login (spec sections 2, 3, 5, 7, 8; security catalogue 25-31). The client makes
 * the PKCE verifier and the state code; the server stores the state, the challenge and the exact
 * `redirect_to`, runs its own authorization code + PKCE flow with the provider, and sends the
 * browser back to `redirect_to` with the query parameters below.
 */

/** Query parameters of the return page (spec section 2, renamed per design.md). */
export const OAUTH_QUERY = {
  code: 'latchkey_oauth_code',
  state: 'latchkey_oauth_state',
  provider: 'latchkey_oauth_provider',
} as const;

/** An OAuth flow (state code and stored challenge) lives this long. */
export const OAUTH_STATE_TTL_S = 10 * 60;

/** The `code` value sent back when the user denied access at the provider (spec section 5). */
export const OAUTH_DENIED_CODE = 'undefined';

/**
 * A provider of the init and authenticate routes: a social provider, or `latchkey:{appId}` for
 * another Latchkey app's account (cross-app, issue 21; app ids are 1-64 of `[A-Za-z0-9_-]`).
 */
export const oauthLoginProvider = z.union([
  z.enum(OAUTH_PROVIDERS),
  z.custom<CrossAppProviderId>(
    (v) => typeof v === 'string' && /^latchkey:[A-Za-z0-9_-]{1,64}$/.test(v),
    'Invalid provider',
  ),
]);

/** RFC 7636 verifier / S256 challenge characters. */
const pkceString = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'Invalid PKCE value');

/** `POST /api/v1/oauth/init`. */
export const oauthInitRequest = z.object({
  provider: oauthLoginProvider,
  redirect_to: z.string().url().max(2048),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid S256 code challenge'),
  /** Only S256 is accepted (catalogue 26). */
  code_challenge_method: z.literal('S256').optional(),
  state_code: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'Invalid state code'),
});
export type OAuthInitRequest = z.input<typeof oauthInitRequest>;

/** Answer of `POST /api/v1/oauth/init`: the provider's authorization URL. */
export const oauthInitResponse = z.object({ url: z.string() });
export type OAuthInitResponse = z.infer<typeof oauthInitResponse>;

/** `POST /api/v1/oauth/authenticate`. */
export const oauthAuthenticateRequest = z.object({
  provider: oauthLoginProvider,
  authorization_code: z.string().min(1).max(4096),
  state_code: z.string().min(1).max(128),
  code_verifier: pkceString.optional(),
});
export type OAuthAuthenticateRequest = z.input<typeof oauthAuthenticateRequest>;

/** OAuth tokens handed back after login (spec section 3). Seconds; null when unknown. */
export const oauthTokens = z.object({
  provider: oauthLoginProvider,
  access_token: z.string(),
  access_token_expires_in_seconds: z.number().int().nullable(),
  refresh_token: z.string().nullable(),
  refresh_token_expires_in_seconds: z.number().int().nullable(),
  scopes: z.array(z.string()),
});
export type OAuthTokensWire = z.infer<typeof oauthTokens>;

/** Answer of `POST /api/v1/oauth/authenticate`. */
export const oauthAuthenticateResponse = authenticateResponse.extend({ oauth_tokens: oauthTokens });
export type OAuthAuthenticateResponse = z.infer<typeof oauthAuthenticateResponse>;

/** `POST /api/v1/oauth/unlink` (bearer token). */
export const oauthUnlinkRequest = z.object({
  provider: z.enum(OAUTH_PROVIDERS),
  subject: z.string().min(1).max(512),
});
export type OAuthUnlinkRequest = z.input<typeof oauthUnlinkRequest>;

/** Answer of unlink: the updated user. */
export const oauthUnlinkResponse = z.object({ user });
export type OAuthUnlinkResponse = z.infer<typeof oauthUnlinkResponse>;
