/**
 * Sessions and tokens (design.md, Sessions; spec section 4, "Session refresh").
 * - Access token: ES256 JWT, 1 h, `iss` = public URL, `aud` = app id, `sub` = user id, `sid`.
 * - Refresh token: 256-bit random, stored as SHA-256, 30 days, rotated on every use; reusing a
 *   rotated token revokes the whole session, so its newest tokens die too.
 * - Grace for a lost answer (issue 10, item 4): a token's successor is derived from it,
 *   HMAC-SHA256(`refreshSuccessorKey`, token). Presented again within the reuse interval while
 *   its successor is still unused, the token is answered with that same successor (no new
 *   branch); once the successor was used, or after the interval, it is reuse.
 */
import { createHmac } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type UserWire } from '@latchkey/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import type { ServerContext } from '../context.ts';
import { randomId, randomToken, sha256Hex } from '../crypto.ts';
import { refreshTokens, sessions } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { userWireOf } from '../users/service.ts';
import { sessionQueries } from './queries.ts';

/** Tokens of a new or refreshed session. */
export interface IssuedSession {
  sessionId: string;
  userId: string;
  /** ES256 JWT access token. */
  token: string;
  /** Opaque refresh token (base64url, 256 bits). */
  refreshToken: string;
  /**
   * The session's user in its wire form, when the statement that issued the tokens loaded it
   * too (the common refresh, issue 13); absent otherwise (the answer then loads it).
   */
  user?: UserWire;
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
  return key.signJwt({
    iss: ctx.publicUrl,
    aud: appId,
    sub: userId,
    sid: sessionId,
    ...(dpopJkt ? { cnf: { jkt: dpopJkt } } : {}),
    iat,
    exp: iat + ACCESS_TOKEN_TTL_S,
  });
}

/**
 * The successor of a refresh token: base64url(HMAC-SHA256(`refreshSuccessorKey`, token)),
 * 256 bits. Deterministic, so a refresh repeated after a lost answer finds the same one;
 * unpredictable without the server secret.
 */
function successorOf(ctx: ServerContext, refreshToken: string): string {
  return createHmac('sha256', ctx.keys.refreshSuccessorKey)
    .update(refreshToken)
    .digest('base64url');
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
  const refreshToken = randomToken(32);
  const nowMs = ctx.now();
  const now = new Date(nowMs).toISOString();
  const expires = new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString();
  // The session, its first refresh token (both or neither) and the user for the answer, in
  // one prepared statement (issue 13).
  const rows = await sessionQueries(ctx.db).createSession.execute({
    sessionId,
    appId,
    userId,
    dpopJkt,
    tokenHash: sha256Hex(refreshToken),
    now,
    expires,
  });
  const user = userWireOf(rows);
  const token = await signAccessToken(ctx, appId, userId, sessionId, dpopJkt);
  return { sessionId, userId, token, refreshToken, ...(user ? { user } : {}) };
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
 * Marks refresh token row `tokenId` rotated and stores `successor` in its session, in ONE
 * statement (so one transaction: both happen or neither), only if the row is not rotated yet.
 * A concurrent rotation of the same row waits for the row lock, then finds it rotated.
 * (One statement rather than a driver transaction: no pooled connection is held across
 * round trips, which an outage could leave checked out.)
 *
 * @returns true when this call rotated it, false when it was already rotated.
 */
async function rotate(
  ctx: ServerContext,
  tokenId: number,
  successor: string,
  nowMs: number,
): Promise<boolean> {
  const now = new Date(nowMs).toISOString();
  const expires = new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString();
  const result = await ctx.db.execute(sql`
    WITH marked AS (
      UPDATE refresh_tokens SET rotated_at = ${now}::timestamptz
      WHERE id = ${tokenId} AND rotated_at IS NULL
      RETURNING session_id
    )
    INSERT INTO refresh_tokens (session_id, token_hash, created_at, expires_at)
    SELECT session_id, ${sha256Hex(successor)}, ${now}::timestamptz, ${expires}::timestamptz
    FROM marked
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * The common refresh in ONE statement (issue 13): marks the presented token rotated, only if
 * it is unrotated, unexpired and of a live session of `appId`, stores its successor in the
 * same session (both or neither, as in {@link rotate}), and reads the session's user with its
 * linked accounts for the answer (the prepared `rotatePresented` of `queries.ts`).
 *
 * @returns the session's id, user id, DPoP thumbprint and user (undefined when the user row is
 *   gone) when this call rotated the token; undefined when it did not match (unknown, another
 *   app's, expired, revoked, or rotated already, maybe a moment ago by a concurrent use: the
 *   caller then looks at the row).
 */
async function rotatePresented(
  ctx: ServerContext,
  appId: string,
  refreshToken: string,
  successor: string,
  nowMs: number,
): Promise<
  | { sessionId: string; userId: string; dpopJkt: string | null; user: UserWire | undefined }
  | undefined
> {
  const rows = await sessionQueries(ctx.db).rotatePresented.execute({
    tokenHash: sha256Hex(refreshToken),
    successorHash: sha256Hex(successor),
    appId,
    now: new Date(nowMs).toISOString(),
    expires: new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
  });
  const [row] = rows;
  return (
    row && {
      sessionId: row.sessionId,
      userId: row.userId,
      dpopJkt: row.dpopJkt,
      user: userWireOf(rows),
    }
  );
}

/**
 * Rotates a refresh token: in one transaction the presented one is marked rotated (only if it
 * still is not, so two concurrent uses cannot both rotate it) and its successor
 * ({@link successorOf}) is stored; a new access token is signed.
 *
 * A token rotated at most `ctx.refreshReuseIntervalS` seconds ago whose successor is still
 * unused (a lost answer, or a concurrent use of the same token) is answered with that same
 * successor and a fresh access token.
 *
 * @returns the session's tokens: `refreshToken` is the successor.
 * @throws ApiError `missing_or_invalid_token` (401) when the token is unknown, of another app,
 *   expired, of a revoked session, or rotated and not in its grace (rotated longer ago than the
 *   reuse interval, or its successor already used, expired or gone): in these last cases the
 *   whole session is revoked first.
 * @throws the driver's error when the database is unreachable (answered 503 by the server).
 */
export async function refreshSession(
  ctx: ServerContext,
  appId: string,
  refreshToken: string,
): Promise<IssuedSession> {
  const nowMs = ctx.now();
  const successor = successorOf(ctx, refreshToken);
  // The common case, one statement; anything else (grace, reuse, refusal) reads the row.
  const rotated = await rotatePresented(ctx, appId, refreshToken, successor, nowMs);
  if (rotated) {
    // The user vanished (deleted meanwhile): the rotation stands, the answer is a 401.
    if (!rotated.user) throw invalidToken();
    return {
      sessionId: rotated.sessionId,
      userId: rotated.userId,
      token: await signAccessToken(ctx, appId, rotated.userId, rotated.sessionId, rotated.dpopJkt),
      refreshToken: successor,
      user: rotated.user,
    };
  }
  const row = await findRefreshToken(ctx, appId, refreshToken);
  if (!row || row.session.revokedAt) throw invalidToken();
  const session = row.session;
  const issue = async (): Promise<IssuedSession> => ({
    sessionId: session.id,
    userId: session.userId,
    token: await signAccessToken(ctx, appId, session.userId, session.id, session.dpopJkt),
    refreshToken: successor,
  });

  let rotatedAt = row.token.rotatedAt;
  if (!rotatedAt) {
    if (row.token.expiresAt.getTime() <= nowMs) throw invalidToken();
    if (await rotate(ctx, row.token.id, successor, nowMs)) return issue();
    // A concurrent use of the same token rotated it first (its transaction has committed, as
    // the row lock was waited for): the grace below hands out the same successor.
    const [again] = await ctx.db
      .select({ rotatedAt: refreshTokens.rotatedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, row.token.id));
    rotatedAt = again?.rotatedAt ?? null;
    if (!rotatedAt) throw invalidToken();
  }

  if (nowMs - rotatedAt.getTime() <= ctx.refreshReuseIntervalS * 1000) {
    const [next] = await ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256Hex(successor)));
    if (
      next &&
      next.sessionId === session.id &&
      !next.rotatedAt &&
      next.expiresAt.getTime() > nowMs
    ) {
      return issue();
    }
  }
  // Reuse: the successor was used (the client had it), or the token is stale.
  await revokeSession(ctx, session.id);
  throw invalidToken();
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

/** The signature and claims of an access token (no database read); see {@link verifyAccessToken}. */
async function verifiedClaims(
  ctx: ServerContext,
  appId: string,
  token: string,
): Promise<{ userId: string; sessionId: string }> {
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
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    throw invalidToken();
  }
}

/** Whether a session row (of `sessionColumns`, queries.ts) is live and belongs to the token. */
function sessionMatches(
  session: { revokedAt: Date | null; sessionUserId: string; appId: string } | undefined,
  claims: { userId: string },
  appId: string,
): boolean {
  return (
    !!session &&
    !session.revokedAt &&
    session.sessionUserId === claims.userId &&
    session.appId === appId
  );
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
  const claims = await verifiedClaims(ctx, appId, token);
  const [session] = await sessionQueries(ctx.db).session.execute({ sessionId: claims.sessionId });
  if (!session || !sessionMatches(session, claims, appId)) throw invalidToken();
  return { ...claims, dpopJkt: session.dpopJkt };
}

/**
 * {@link verifyAccessToken} that also loads the token's user with its linked accounts, in the
 * same statement as the session check (issue 13: `GET /api/v1/users/me`).
 *
 * @returns the claims and the user's wire form.
 * @throws ApiError `missing_or_invalid_token` (401) on any failure of the token or its session,
 *   or when the user no longer exists.
 */
export async function verifyAccessTokenWithUser(
  ctx: ServerContext,
  appId: string,
  token: string,
): Promise<AccessClaims & { user: UserWire }> {
  const claims = await verifiedClaims(ctx, appId, token);
  const rows = await sessionQueries(ctx.db).sessionWithUser.execute({
    sessionId: claims.sessionId,
  });
  const session = rows[0];
  if (!session || !sessionMatches(session, claims, appId)) throw invalidToken();
  const user = userWireOf(rows);
  if (!user) throw invalidToken();
  return { ...claims, dpopJkt: session.dpopJkt, user };
}

/** The bearer token of `Authorization: Bearer <token>`, if present. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
