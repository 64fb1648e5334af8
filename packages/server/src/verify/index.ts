/**
 * `@latchkey/server/verify`: access token verification for host backends (issue 12, item 4).
 *
 * A host backend imports this subpath alone: its only runtime dependency is `jose` (it loads
 * none of the server, Drizzle, pg or Hono; `hono` is a type import here). Keys come from the
 * app's JWKS, `GET {apiUrl}/api/v1/apps/{appId}/jwks.json`, fetched once per JWKS URL and
 * cached by jose's `createRemoteJWKSet` (kept 10 minutes; refetched at most every 30 s when a
 * token names a key id the cached set lacks, as after a key rotation).
 *
 * @example
 * ```ts
 * import { verifyAccessToken } from '@latchkey/server/verify';
 * const claims = await verifyAccessToken(token, { appId, apiUrl: 'https://auth.example.com' });
 * claims.userId; // the Latchkey user id (`sub`)
 * ```
 */
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';

/**
 * Stable error codes of {@link AccessTokenError}:
 * - `invalid_token`: malformed token, bad signature, unknown key id, not ES256, wrong `aud` or
 *   `iss`, a required claim missing or of the wrong type, `nbf` in the future.
 * - `expired_token`: `exp` is past (beyond the clock tolerance). The client refreshes.
 * - `jwks_unavailable`: the key set could not be fetched (network error, timeout, non-200
 *   answer such as 404 for an unknown app, a body that is not a JWKS). Not the token's fault.
 */
export type AccessTokenErrorCode = 'invalid_token' | 'expired_token' | 'jwks_unavailable';

/** Why a token was refused; `code` is stable, `message` is for logs. `cause` is jose's error. */
export class AccessTokenError extends Error {
  override readonly name = 'AccessTokenError';
  readonly code: AccessTokenErrorCode;

  constructor(code: AccessTokenErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The verified claims of a Latchkey access token. */
export interface AccessTokenClaims {
  /** The Latchkey user id (`sub`). */
  userId: string;
  /** The session id (`sid`); the session may have been revoked since (see verifyAccessToken). */
  sessionId: string;
  /** The app id the token was issued for (`aud`, = the `appId` option). */
  appId: string;
  /** When the token was issued (`iat`, a whole second). */
  issuedAt: Date;
  /** When the token expires (`exp`, a whole second; tokens live 1 hour). */
  expiresAt: Date;
  /**
   * RFC 7638 thumbprint of the wallet frame's key (`cnf.jkt`), present when the session was
   * bound to the frame at login. Informational for a host backend: this verifier does not check
   * DPoP proofs, so a bound token is accepted here as a bearer token.
   */
  dpopJkt?: string;
}

/** Options of {@link verifyAccessToken}. Give `apiUrl`, or `issuer` (then also the JWKS base). */
export interface VerifyAccessTokenOptions {
  /** The app id: the expected `aud`, and the app whose JWKS is fetched. */
  appId: string;
  /**
   * The Latchkey API's public URL, e.g. `https://auth.example.com` (trailing slashes ignored).
   * The server signs with `iss` = this URL, and serves the JWKS under it.
   */
  apiUrl?: string;
  /** The expected `iss`, when it differs from `apiUrl` (the server's `publicUrl`, no trailing slash). */
  issuer?: string;
  /** The full JWKS URL, to override `{apiUrl}/api/v1/apps/{appId}/jwks.json`. */
  jwksUrl?: string;
  /** Seconds of clock skew allowed on `exp` and `nbf`. Default 5. */
  clockToleranceS?: number;
  /** The time to verify at, instead of now (for tests). */
  currentDate?: Date;
}

/** Default allowed clock skew, in seconds. */
export const DEFAULT_CLOCK_TOLERANCE_S = 5;

/** One remote key set per JWKS URL, shared by every call (and every middleware) in the process. */
const keySets = new Map<string, JWTVerifyGetKey>();

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The JWKS URL of `appId` under `base` (mirrors `ROUTES.jwks` of `@latchkey/api`). */
function jwksUrlOf(base: string, appId: string): string {
  return `${trimSlashes(base)}/api/v1/apps/${encodeURIComponent(appId)}/jwks.json`;
}

/** Resolves the expected issuer and the JWKS URL of `options`. */
function resolve(options: VerifyAccessTokenOptions): { issuer: string; jwksUrl: string } {
  if (!options.appId) throw new TypeError('verifyAccessToken: appId is required');
  const base = options.apiUrl ?? options.issuer;
  if (!base) throw new TypeError('verifyAccessToken: apiUrl (or issuer) is required');
  return {
    issuer: trimSlashes(options.issuer ?? base),
    jwksUrl: options.jwksUrl ?? jwksUrlOf(base, options.appId),
  };
}

/**
 * Errors of the remote key set that are about the token (its `kid`/`alg` match no key), not
 * about fetching the set.
 */
function isKeySelectionError(error: unknown): boolean {
  return (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JOSENotSupported
  );
}

/** The cached key set of `url`, wrapped so fetch failures become `jwks_unavailable`. */
function keySetOf(url: string): JWTVerifyGetKey {
  let keySet = keySets.get(url);
  if (!keySet) {
    const remote = createRemoteJWKSet(new URL(url));
    keySet = async (header, token) => {
      try {
        return await remote(header, token);
      } catch (error) {
        if (isKeySelectionError(error)) throw error;
        throw new AccessTokenError('jwks_unavailable', `Could not fetch the key set ${url}`, {
          cause: error,
        });
      }
    };
    keySets.set(url, keySet);
  }
  return keySet;
}

/**
 * Verifies a Latchkey access token **offline**: its ES256 signature against the app's JWKS
 * (fetched over HTTP once per JWKS URL, then cached), `aud` = `appId`, `iss` = the issuer,
 * `exp` (with `clockToleranceS`, default 5 s), and the required claims `sub`, `sid`, `exp`,
 * `iat`.
 *
 * It does not see revocation: a token of a session that was logged out or revoked stays valid
 * here until its `exp` (at most 1 hour after issue). Where that matters (an account change, a
 * payment), check the session live with `GET /api/v1/users/me` on the Latchkey API, sending the
 * token as `Authorization: Bearer <token>` (401 once the session is revoked).
 *
 * @param token the access token (the JWT only, without `Bearer `).
 * @param options `appId` and `apiUrl` (or `issuer`); see {@link VerifyAccessTokenOptions}.
 * @returns the claims, dates as `Date` (whole seconds).
 * @throws AccessTokenError with `code` `invalid_token`, `expired_token` or `jwks_unavailable`
 *   (see {@link AccessTokenErrorCode}).
 * @throws TypeError when `appId` or both `apiUrl` and `issuer` are missing (a setup error).
 */
export async function verifyAccessToken(
  token: string,
  options: VerifyAccessTokenOptions,
): Promise<AccessTokenClaims> {
  const { issuer, jwksUrl } = resolve(options);
  if (typeof token !== 'string' || token === '') {
    throw new AccessTokenError('invalid_token', 'No access token');
  }
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keySetOf(jwksUrl), {
      algorithms: ['ES256'],
      issuer,
      audience: options.appId,
      clockTolerance: options.clockToleranceS ?? DEFAULT_CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      ...(options.currentDate ? { currentDate: options.currentDate } : {}),
    }));
  } catch (error) {
    if (error instanceof AccessTokenError) throw error;
    if (error instanceof errors.JWTExpired) {
      throw new AccessTokenError('expired_token', 'The access token has expired', {
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new AccessTokenError('invalid_token', `Invalid access token: ${reason}`, {
      cause: error,
    });
  }
  const { sub, sid, iat, exp, cnf } = payload as typeof payload & { sid?: unknown; cnf?: unknown };
  if (typeof sub !== 'string' || typeof sid !== 'string') {
    throw new AccessTokenError(
      'invalid_token',
      'Invalid access token: sub and sid must be strings',
    );
  }
  const jkt: unknown = cnf && typeof cnf === 'object' ? (cnf as { jkt?: unknown }).jkt : undefined;
  if (jkt !== undefined && typeof jkt !== 'string') {
    throw new AccessTokenError('invalid_token', 'Invalid access token: cnf.jkt must be a string');
  }
  return {
    userId: sub,
    sessionId: sid,
    appId: options.appId,
    issuedAt: new Date(iat! * 1000),
    expiresAt: new Date(exp! * 1000),
    ...(jkt ? { dpopJkt: jkt } : {}),
  };
}

/** The Hono variables set by {@link latchkeyAuth}: `c.get('latchkey')`. */
export interface LatchkeyAuthVariables {
  latchkey: AccessTokenClaims;
}

/** The JSON body of a refusal by {@link latchkeyAuth}. */
export interface LatchkeyAuthErrorBody {
  error: string;
  code: AccessTokenErrorCode;
}

/** The `error` text of each refusal (jose's detail stays in the thrown error, not the answer). */
const REFUSALS: Record<AccessTokenErrorCode, string> = {
  invalid_token: 'Invalid access token',
  expired_token: 'The access token has expired',
  jwks_unavailable: 'Token keys unavailable, try again later',
};

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | null | undefined): string | undefined {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Hono middleware: verifies `Authorization: Bearer <token>` with {@link verifyAccessToken} and
 * puts the claims in `c.get('latchkey')` ({@link AccessTokenClaims}).
 *
 * Refusals answer JSON `{error, code}` ({@link LatchkeyAuthErrorBody}, a generic `error`
 * text) with `WWW-Authenticate: Bearer`: 401 for a missing or malformed header (`invalid_token`),
 * `invalid_token` and `expired_token`; 503 for `jwks_unavailable` (the backend could not reach
 * the key set: the client should retry, not log the user out). Other errors propagate.
 * Same offline caveat as verifyAccessToken: revoked sessions pass until `exp`.
 *
 * Hono is a type import only; the middleware uses nothing of Hono at run time.
 *
 * @example
 * ```ts
 * const app = new Hono<{ Variables: LatchkeyAuthVariables }>();
 * app.use('/api/*', latchkeyAuth({ appId, apiUrl: 'https://auth.example.com' }));
 * app.get('/api/me', (c) => c.json({ userId: c.get('latchkey').userId }));
 * ```
 */
export function latchkeyAuth(
  options: VerifyAccessTokenOptions,
): MiddlewareHandler<{ Variables: LatchkeyAuthVariables }> {
  resolve(options); // fail at setup, not on the first request
  return async (c, next) => {
    const refuse = (code: AccessTokenErrorCode, error = REFUSALS[code]) => {
      const status = code === 'jwks_unavailable' ? 503 : 401;
      c.header('WWW-Authenticate', status === 401 ? 'Bearer error="invalid_token"' : 'Bearer');
      return c.json({ error, code } satisfies LatchkeyAuthErrorBody, status);
    };
    const token = bearerToken(c.req.header('authorization'));
    if (!token) return refuse('invalid_token', 'Missing bearer token');
    try {
      c.set('latchkey', await verifyAccessToken(token, options));
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      return refuse(error.code);
    }
    await next();
  };
}
