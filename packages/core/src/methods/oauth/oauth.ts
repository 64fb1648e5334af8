/**
 * Social OAuth login, browser half (issue 5; spec sections 2, 3, 5, 8). The client makes the
 * PKCE verifier (Web Crypto) and the state code, keeps them in sessionStorage, and asks the API
 * for the provider's URL. The browser comes back to the host page with `latchkey_oauth_code`,
 * `latchkey_oauth_state` and `latchkey_oauth_provider`; the state must equal the stored one,
 * else 'Unexpected auth flow. This may be a phishing attempt.'
 */
import type { OAuthProvider } from '@latchkey/api';

/** Whether `value` names a social provider. */
export const isOAuthProvider = (value: unknown): value is OAuthProvider =>
  typeof value === 'string' &&
  /^(google|twitter|discord|github|spotify|instagram|tiktok|linkedin|apple)$/.test(value);

/**
 * The session data name (`SessionStore.getSessionData`) of the cross-app provider tokens, by
 * provider app id (issue 21): written by `rememberCrossAppToken`, read by `crossAppRequest`.
 */
export const CROSS_APP_TOKENS = 'crossAppTokens';

/** The value under {@link CROSS_APP_TOKENS}: `expiresAt` in ms since the epoch, or null. */
export type CrossAppTokens = Record<
  string,
  { accessToken: string; expiresAt: number | null } | undefined
>;

/** What the return page carries. */
export interface OAuthReturn {
  code: string;
  state: string;
  provider: string;
}

/**
 * Opens the provider popup (blank until the URL is known), `width` x `height` CSS px (default
 * 480x640; a cross-app sign-in's is 440x680, spec section 9). Call it synchronously in the
 * click handler; null when the browser blocked it.
 */
export function openOAuthPopup(appId: string, width = 480, height = 640): Window | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.open(
      'about:blank',
      `latchkey-oauth-${appId}`,
      `popup=yes,width=${width},height=${height}`,
    );
  } catch {
    return null;
  }
}
