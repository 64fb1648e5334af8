/**
 * Sessions and tokens (design.md, Sessions; spec section 4, "Session refresh").
 * - Access token: ES256 JWT, 1 h, `iss` = public URL, `aud` = app id, `sub` = user id, `sid`.
 * - Refresh token: 256-bit random, stored as SHA-256, 30 days, rotated on every use; reusing a
 *   rotated token revokes the whole session, so its newest tokens die too.
 */
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S } from '@latchkey/api';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { ServerContext } from '../context.ts';
import { randomId, randomToken, sha256Hex } from '../crypto.ts';
import { refreshTokens, sessions } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

/** Tokens of a new or refreshed session. */
export interface IssuedSession {
  sessionId: string;
  userId: string;
  /** ES256 JWT access token. */
  token: string;
  /** Opaque refresh token (base64url, 256 bits). */
  refreshToken: string;
}

const invalidToken = () => new ApiError('missing_or_invalid_token', 'Missing or invalid token');

/**
 * Signs an access token for `userId` in session `sessionId` of `appId`. A session bound to a
 * wallet frame key carries its thumbprint as `cnf.jkt` (RFC 9449 section 6.1).
 */
export async function signAccessToken(
  ctx: ServerContext,
  appId: string,
  userId: string,
  sessionId: string,
  dpopJkt?: string | null,
): Promise<string> {
  const key = await ctx.keyStore.current(appId);
  const iat = Math.floor(ctx.now() / 1000);
  return new SignJWT(dpopJkt ? { sid: sessionId, cnf: { jkt: dpopJkt } } : { sid: sessionId })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(ctx.publicUrl)
    .setAudience(appId)
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(key.privateKey);
}

async function insertRefreshToken(ctx: ServerContext, sessionId: string): Promise<string> {
  const refreshToken = randomToken(32);
  const nowMs = ctx.now();
  await ctx.db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256Hex(refreshToken),
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000),
  });
  return refreshToken;
}

/** Options of {@link createSession}. */
export interface CreateSessionOptions {
  /**
   * RFC 7638 thumbprint of the wallet frame key that proved possession at login (a DPoP proof
   * on the login call, `dpopLoginBinding`). Only that key can obtain wallet shares in the session.
   */
  dpopJkt?: string | undefined;
}

/** Starts a session for `userId` in `appId` and issues its first tokens. */
export async function createSession(
  ctx: ServerContext,
  appId: string,
  userId: string,
  options: CreateSessionOptions = {},
): Promise<IssuedSession> {
  const sessionId = randomId(32);
  const dpopJkt = options.dpopJkt ?? null;
  await ctx.db
    .insert(sessions)
    .values({ id: sessionId, appId, userId, createdAt: new Date(ctx.now()), dpopJkt });
  const refreshToken = await insertRefreshToken(ctx, sessionId);
  const token = await signAccessToken(ctx, appId, userId, sessionId, dpopJkt);
  return { sessionId, userId, token, refreshToken };
}

/** Marks a session revoked (idempotent). Every token of it stops working. */
export async function revokeSession(ctx: ServerContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(ctx.now()) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Finds the live refresh token row and its session, whatever its state.
 * @returns undefined when the token is unknown or belongs to another app.
 */
async function findRefreshToken(ctx: ServerContext, appId: string, refreshToken: string) {
  const [row] = await ctx.db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
  if (!row || row.session.appId !== appId) return undefined;
  return row;
}

/**
 * Rotates a refresh token: the presented one is marked rotated (atomically, so two concurrent
 * uses cannot both succeed), a new one is issued with a new access token.
 *
 * @throws ApiError `missing_or_invalid_token` (401) when the token is unknown, expired, of a
 *   revoked session, or already rotated; in the last case the whole session is revoked first.
 */
export async function refreshSession(
  ctx: ServerContext,
  appId: string,
  refreshToken: string,
): Promise<IssuedSession> {
  const row = await findRefreshToken(ctx, appId, refreshToken);
  if (!row || row.session.revokedAt) throw invalidToken();
  const nowMs = ctx.now();
  if (row.token.rotatedAt) {
    await revokeSession(ctx, row.session.id);
    throw invalidToken();
  }
  if (row.token.expiresAt.getTime() <= nowMs) throw invalidToken();
  const rotated = await ctx.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(nowMs) })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  if (rotated.length === 0) {
    // Lost a race with another use of the same token: that is reuse.
    await revokeSession(ctx, row.session.id);
    throw invalidToken();
  }
  const newRefresh = await insertRefreshToken(ctx, row.session.id);
  const token = await signAccessToken(
    ctx,
    appId,
    row.session.userId,
    row.session.id,
    row.session.dpopJkt,
  );
  return { sessionId: row.session.id, userId: row.session.userId, token, refreshToken: newRefresh };
}

/** The session id a refresh token belongs to (any state), for logout. */
export async function sessionOfRefreshToken(
  ctx: ServerContext,
  appId: string,
  refreshToken: string,
): Promise<string | undefined> {
  return (await findRefreshToken(ctx, appId, refreshToken))?.session.id;
}

/** Claims of a verified access token. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The session's wallet frame key thumbprint (RFC 7638), or null for an unbound session. */
  dpopJkt: string | null;
}

/**
 * Verifies an access token of `appId`: ES256 only, signed by one of the app's keys (by `kid`),
 * `iss` = public URL, `aud` = app id, not expired (by the server clock), and its session not
 * revoked (security catalogue 31, 40).
 *
 * @throws ApiError `missing_or_invalid_token` (401) on any failure.
 */
export async function verifyAccessToken(
  ctx: ServerContext,
  appId: string,
  token: string,
): Promise<AccessClaims> {
  let claims: AccessClaims;
  try {
    const header = decodeProtectedHeader(token);
    const keys = await ctx.keyStore.keys(appId);
    const key = keys.find((k) => k.kid === header.kid);
    if (!key) throw invalidToken();
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: ['ES256'],
      issuer: ctx.publicUrl,
      audience: appId,
      currentDate: new Date(ctx.now()),
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw invalidToken();
    claims = { userId: payload.sub, sessionId: payload.sid, dpopJkt: null };
  } catch {
    throw invalidToken();
  }
  const [session] = await ctx.db
    .select({
      revokedAt: sessions.revokedAt,
      userId: sessions.userId,
      appId: sessions.appId,
      dpopJkt: sessions.dpopJkt,
    })
    .from(sessions)
    .where(eq(sessions.id, claims.sessionId));
  if (
    !session ||
    session.revokedAt ||
    session.userId !== claims.userId ||
    session.appId !== appId
  ) {
    throw invalidToken();
  }
  return { ...claims, dpopJkt: session.dpopJkt };
}

/** The bearer token of `Authorization: Bearer <token>`, if present. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
