/**
 * Server-cookie mode (spec section 9): when the app has a `custom_api_url` and the page's
 * Origin is same-site with it (same scheme and registrable domain, e.g. app.example.com and
 * auth.example.com), tokens also travel in cookies and the refresh token leaves the body.
 */
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_TTL_S,
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_TTL_S,
  ROUTES,
  SESSION_COOKIE,
} from '@latchkey/api';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { getDomain } from 'tldts';
import type { AppEnv } from '../context.ts';
import type { AppRow } from '../db/schema.ts';

/** Cookie path of the refresh token: only the session endpoints receive it. */
export const REFRESH_COOKIE_PATH = ROUTES.sessions;

function site(url: string): { scheme: string; site: string } | null {
  try {
    const u = new URL(url);
    // Registrable domain from the Public Suffix List; hosts without one (localhost, IPs) stand alone.
    const domain = getDomain(u.hostname, { allowPrivateDomains: true }) ?? u.hostname;
    return { scheme: u.protocol, site: domain.toLowerCase() };
  } catch {
    return null;
  }
}

/** True when `a` and `b` (URLs or origins) are the same site: same scheme and registrable domain. */
export function isSameSite(a: string, b: string): boolean {
  const x = site(a);
  const y = site(b);
  return !!x && !!y && x.scheme === y.scheme && x.site === y.site;
}

/** True when this request uses server cookies (spec section 9). */
export function usesCookies(c: Context<AppEnv>, app: AppRow): boolean {
  const origin = c.req.header('origin');
  return !!app.customApiUrl && !!origin && isSameSite(origin, app.customApiUrl);
}

/** Sets the session cookies: refresh (HttpOnly, sessions path, 30 days) and access (1 h). */
export function setSessionCookies(c: Context<AppEnv>, token: string, refreshToken: string): void {
  setCookie(c, REFRESH_TOKEN_COOKIE, refreshToken, {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_S,
  });
  setCookie(c, ACCESS_TOKEN_COOKIE, token, {
    secure: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: ACCESS_TOKEN_TTL_S,
  });
  setCookie(c, SESSION_COOKIE, 't', {
    secure: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_S,
  });
}

/** Expires the session cookies. */
export function clearSessionCookies(c: Context<AppEnv>): void {
  const common = { secure: true, sameSite: 'Strict' as const };
  deleteCookie(c, REFRESH_TOKEN_COOKIE, { ...common, httpOnly: true, path: REFRESH_COOKIE_PATH });
  deleteCookie(c, ACCESS_TOKEN_COOKIE, { ...common, path: '/' });
  deleteCookie(c, SESSION_COOKIE, { ...common, path: '/' });
}

/** The refresh token from the cookie, if any. */
export function refreshTokenFromCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, REFRESH_TOKEN_COOKIE) || undefined;
}
