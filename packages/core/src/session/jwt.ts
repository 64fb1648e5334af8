/** The claims the client reads from an access token (design.md, Sessions). */
export type AccessTokenClaims = {
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Issued at, seconds since the epoch. */
  iat?: number;
  /** The app id. */
  aud?: string | string[];
  /** The API URL. */
  iss?: string;
  /** The user id. */
  sub?: string;
  /** The session id. */
  sid?: string;
};

/**
 * Reads a JWT's payload WITHOUT verifying it (the server verifies; the client only needs
 * `exp` and `aud` to decide when to refresh).
 *
 * @param token - A compact JWS (`header.payload.signature`).
 * @returns The claims, or null when the token is not a readable JWT.
 */
export function decodeJwtPayload(token: string): AccessTokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as AccessTokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token's audience names the app (spec section 4: otherwise log out).
 * A token without `aud` does not match.
 */
export function audienceMatches(claims: AccessTokenClaims, appId: string): boolean {
  return Array.isArray(claims.aud) ? claims.aud.includes(appId) : claims.aud === appId;
}

/**
 * True when the token expires within `marginS` seconds of `nowMs` (or has no `exp`).
 *
 * @param claims - Decoded claims.
 * @param nowMs - Current time, ms since the epoch.
 * @param marginS - Refresh margin in seconds (60 by default in the client).
 */
export function isExpiring(claims: AccessTokenClaims, nowMs: number, marginS: number): boolean {
  if (typeof claims.exp !== 'number') return true;
  return claims.exp * 1000 - nowMs <= marginS * 1000;
}
