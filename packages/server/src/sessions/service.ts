/**
 * Sessions and tokens (design.md, Sessions; spec section 4, "Session refresh").
 * - Access token: ES256 JWT, 1 h, `iss` = public URL, `aud` = app id, `sub` = user id, `sid`.
 * - Refresh token: `<session id>.<secret>`, the secret 256 bits; 30 days; rotated on every use.
 *   A session has one live token, kept on its row as SHA-256 of the whole token (issue 13: a
 *   rotation is one heap-only update of that row, found by the id the token carries).
 * - Each successor is derived from its predecessor: `<session id>.` + base64url(HMAC-SHA256(
 *   `refreshSuccessorKey`, predecessor)). So the server recognises an earlier token of the
 *   session without storing it: walking the chain forward from it reaches the live token.
 * - Concurrent refreshes share statements (issue 13, `rotate-batch.ts`): rotations asked for
 *   while one is in flight go together in the next one, each with all its conditions.
 * - Reusing a rotated token revokes the whole session (and the sessions forked from it, issue
 *   21), so its newest tokens die too, with one
 *   grace (issue 10, item 4): the token right before the live one, presented again within the
 *   reuse interval (a lost answer, or a concurrent use), is answered with the live token, its
 *   successor (no new branch). Once that successor was used, or after the interval, it is
 *   reuse. A token more than {@link MAX_REUSE_CHAIN} rotations old is not recognised: it is
 *   refused as unknown (401) without revoking.
 */
import { createHmac } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, type UserWire } from '@latchkey/api';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import type { ServerContext } from '../context.ts';
import { randomId, randomToken, sha256Hex } from '../crypto.ts';
import { sessions } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { userWireOf } from '../users/service.ts';
import { sessionQueries } from './queries.ts';
import { type Rotated, rotationBatcher } from './rotate-batch.ts';

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
  /** The session's wallet frame key thumbprint (RFC 7638); null for an unbound session. */
  dpopJkt: string | null;
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
 * How many rotations back an earlier refresh token is still recognised as the session's (and
 * its reuse revokes the session): 1000, so the walk costs at most 1000 HMACs (about 2 ms), as
 * anyone who knows a session id can make the server walk it.
 */
export const MAX_REUSE_CHAIN = 1000;

/** A session id is {@link randomId}(32): lowercase letters and digits. */
const REFRESH_TOKEN_SHAPE = /^([0-9a-z]{32})\.[\w-]{43}$/;

/** The session id a refresh token names, or undefined when it is not of our shape. */
function sessionIdOf(refreshToken: string): string | undefined {
  return REFRESH_TOKEN_SHAPE.exec(refreshToken)?.[1];
}

/**
 * The successor of a refresh token: `<session id>.` + base64url(HMAC-SHA256(
 * `refreshSuccessorKey`, token)), 256 bits. Deterministic, so a refresh repeated after a lost
 * answer finds the same one, and an earlier token leads to the live one; unpredictable
 * without the server secret.
 */
function successorOf(ctx: ServerContext, sessionId: string, refreshToken: string): string {
  const mac = createHmac('sha256', ctx.keys.refreshSuccessorKey)
    .update(refreshToken)
    .digest('base64url');
  return `${sessionId}.${mac}`;
}

/**
 * How many rotations ago `refreshToken` was the live token of a session whose live token
 * hashes to `liveHash` after `generation` rotations: 0 = it is the live one, 1 = its
 * predecessor, ...; undefined when no step up to {@link MAX_REUSE_CHAIN} (and the generation)
 * reaches the live token (a forged token, another server secret, or too old).
 */
function rotationsSince(
  ctx: ServerContext,
  sessionId: string,
  refreshToken: string,
  liveHash: string,
  generation: number,
): number | undefined {
  let candidate = refreshToken;
  const steps = Math.min(generation, MAX_REUSE_CHAIN);
  for (let back = 0; ; back++) {
    if (sha256Hex(candidate) === liveHash) return back;
    if (back === steps) return undefined;
    candidate = successorOf(ctx, sessionId, candidate);
  }
}

/** Options of {@link createSession}. */
export interface CreateSessionOptions {
  /**
   * RFC 7638 thumbprint of the wallet frame key that proved possession at login (a DPoP proof
   * on the login call, `dpopLoginBinding`). Only that key can obtain wallet shares in the session.
   */
  dpopJkt?: string | null | undefined;
  /** The session a fork starts from ({@link forkSession}); absent for a login. */
  forkedFrom?: string;
}

/**
 * A session about to start: its id and first refresh token, chosen before the statement that
 * inserts its row ({@link createSession}'s, or a login's own statement, {@link sessionInsertAfterLogin}).
 * Times are ISO strings.
 */
export interface SessionStart {
  sessionId: string;
  appId: string;
  dpopJkt: string | null;
  refreshToken: string;
  /** SHA-256 hex of `refreshToken`, the row's `refresh_hash`. */
  tokenHash: string;
  now: string;
  expires: string;
  forkedFrom: string | null;
}

/** A new session's id and first refresh token (256 bits of secret), for `appId`, now. */
export function newSessionStart(
  ctx: ServerContext,
  appId: string,
  options: CreateSessionOptions = {},
): SessionStart {
  const sessionId = randomId(32);
  const refreshToken = `${sessionId}.${randomToken(32)}`;
  const nowMs = ctx.now();
  return {
    sessionId,
    appId,
    dpopJkt: options.dpopJkt ?? null,
    refreshToken,
    tokenHash: sha256Hex(refreshToken),
    now: new Date(nowMs).toISOString(),
    expires: new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
    forkedFrom: options.forkedFrom ?? null,
  };
}

/**
 * The session row of `start` as a write of a login's statement (issue 13: a code login's
 * session was a statement of its own after the login): inserts it for the user of the CTE
 * `login` (`user_id`; see `LoginFollowUp` in users/service.ts), so only when that statement
 * logged someone in, with the same columns as {@link createSession}'s statement.
 */
export function sessionInsertAfterLogin(start: SessionStart): SQL {
  return sql`INSERT INTO ${sessions} (id, app_id, user_id, created_at, dpop_jkt, refresh_hash,
      refresh_expires_at, forked_from)
    SELECT ${start.sessionId}, ${start.appId}, login.user_id, ${start.now}::timestamptz,
      ${start.dpopJkt}::text, ${start.tokenHash}, ${start.expires}::timestamptz,
      ${start.forkedFrom}::text
    FROM login
    RETURNING id`;
}

/**
 * The tokens of a session whose row was inserted (`start`, for `userId`): signs its first
 * access token. `user`: the user's wire form when the inserting statement read it.
 */
export async function issueStartedSession(
  ctx: ServerContext,
  start: SessionStart,
  userId: string,
  user?: UserWire,
): Promise<IssuedSession> {
  const { sessionId, appId, dpopJkt, refreshToken } = start;
  const token = await signAccessToken(ctx, appId, userId, sessionId, dpopJkt);
  return { sessionId, userId, token, refreshToken, dpopJkt, ...(user ? { user } : {}) };
}

/** Starts a session for `userId` in `appId` and issues its first tokens. */
export async function createSession(
  ctx: ServerContext,
  appId: string,
  userId: string,
  options: CreateSessionOptions = {},
): Promise<IssuedSession> {
  const start = newSessionStart(ctx, appId, options);
  // The session with its first refresh token, and the user for the answer, in one prepared
  // statement (issue 13).
  const rows = await sessionQueries(ctx.db).createSession.execute({
    sessionId: start.sessionId,
    appId,
    userId,
    dpopJkt: start.dpopJkt,
    tokenHash: start.tokenHash,
    now: start.now,
    expires: start.expires,
    forkedFrom: start.forkedFrom,
  });
  return issueStartedSession(ctx, start, userId, userWireOf(rows));
}

/** Marks a session revoked (idempotent). Every token of it stops working. */
export async function revokeSession(ctx: ServerContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(ctx.now()) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Revokes a session and every session forked from it, at any depth (issue 21): the answer to a
 * refresh token reuse, a sign that the session's tokens were stolen, so a fork the thief may
 * have made with them dies too. One statement (a recursive CTE over `forked_from`).
 */
async function revokeSessionAndForks(ctx: ServerContext, sessionId: string): Promise<void> {
  const now = new Date(ctx.now()).toISOString();
  await ctx.db.execute(sql`
    WITH RECURSIVE tree(id) AS (
      SELECT ${sessionId}::text
      UNION
      SELECT s.id FROM ${sessions} s JOIN tree ON s.forked_from = tree.id
    )
    UPDATE ${sessions} SET revoked_at = ${now}::timestamptz
    WHERE id IN (SELECT id FROM tree) AND revoked_at IS NULL`);
}

/**
 * Forks a session (`POST /api/v1/sessions/fork`, spec section 7, issue 21): rotates the
 * presented refresh token exactly as {@link refreshSession} does (with its grace and reuse
 * rules), then starts a second session of the same user in the same app. The second session:
 * - has its own refresh tokens: a logout of either leaves the other;
 * - is bound to the same wallet frame key as the first (`dpop_jkt`), or unbound when it was,
 *   so a fork never reaches key material the first session could not (custody rules);
 * - starts without MFA verification;
 * - remembers its parent (`forked_from`): a refresh token reuse in the parent revokes it too.
 *
 * @returns `caller` (the first session's new tokens) and `fork` (the second session's).
 * @throws ApiError `missing_or_invalid_token` (401) as {@link refreshSession}; no fork is made.
 * @throws the driver's error when the database is unreachable.
 */
export async function forkSession(
  ctx: ServerContext,
  appId: string,
  refreshToken: string,
): Promise<{ caller: IssuedSession; fork: IssuedSession }> {
  const caller = await refreshSession(ctx, appId, refreshToken);
  const fork = await createSession(ctx, appId, caller.userId, {
    dpopJkt: caller.dpopJkt,
    forkedFrom: caller.sessionId,
  });
  return { caller, fork };
}

/**
 * The session a refresh token belongs to, whatever the token's state (live, rotated, expired),
 * with how many rotations ago it was live ({@link rotationsSince}).
 * @returns undefined when the token is not of our shape, its session is gone or of another
 *   app, or it is not one of the session's tokens.
 */
async function sessionOfToken(ctx: ServerContext, appId: string, refreshToken: string) {
  const sessionId = sessionIdOf(refreshToken);
  if (!sessionId) return undefined;
  const [session] = await ctx.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!session || session.appId !== appId || !session.refreshHash) return undefined;
  const back = rotationsSince(
    ctx,
    sessionId,
    refreshToken,
    session.refreshHash,
    session.refreshGeneration,
  );
  return back === undefined ? undefined : { session, back };
}

/**
 * The common refresh (issue 13): replaces the session's live refresh token by its successor,
 * only if the presented token is that live one, unexpired, of a live session of `appId`, and
 * reads the session's user with its linked accounts for the answer. The rotation goes through
 * the handle's batcher (`rotate-batch.ts`): alone in one statement when no other rotation is
 * in flight, else in the next batch statement with the other refreshes waiting, each with its
 * own conditions. A concurrent use of the same token goes in a later batch (or waits for the
 * row lock), then finds the token no longer live.
 *
 * @returns the session's id, user id, DPoP thumbprint and user (undefined when the user row is
 *   gone) when this call rotated the token; undefined when it did not (not the live token,
 *   maybe rotated a moment ago by a concurrent use, or expired, revoked, another app's: the
 *   caller then looks at the row).
 * @throws the driver's error when the database is unreachable.
 */
function rotatePresented(
  ctx: ServerContext,
  appId: string,
  sessionId: string,
  refreshToken: string,
  successor: string,
  nowMs: number,
): Promise<Rotated | undefined> {
  return rotationBatcher(ctx.db).rotate({
    sessionId,
    tokenHash: sha256Hex(refreshToken),
    successorHash: sha256Hex(successor),
    appId,
    now: new Date(nowMs).toISOString(),
    expires: new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
  });
}

/**
 * Rotates a refresh token: the session's live token is replaced by its successor
 * ({@link successorOf}) in one statement, only if the presented token is the live one (so two
 * concurrent uses cannot both rotate it); a new access token is signed.
 *
 * The token right before the live one, rotated at most `ctx.refreshReuseIntervalS` seconds
 * ago while the live one is unexpired (a lost answer, or a concurrent use of the same token),
 * is answered with the live token, its successor, and a fresh access token.
 *
 * @returns the session's tokens: `refreshToken` is the successor.
 * @throws ApiError `missing_or_invalid_token` (401) when the token is not of our shape, not
 *   one of its session's tokens (or more than {@link MAX_REUSE_CHAIN} rotations old), of
 *   another app, expired, of a revoked session, or rotated and not in its grace (rotated
 *   longer ago than the reuse interval, or its successor already used or expired): in these
 *   last cases the whole session, and every session forked from it, is revoked first.
 * @throws the driver's error when the database is unreachable (answered 503 by the server).
 */
export async function refreshSession(
  ctx: ServerContext,
  appId: string,
  refreshToken: string,
): Promise<IssuedSession> {
  const nowMs = ctx.now();
  const sessionId = sessionIdOf(refreshToken);
  if (!sessionId) throw invalidToken();
  const successor = successorOf(ctx, sessionId, refreshToken);
  // The common case, one statement; anything else (grace, reuse, refusal) reads the row.
  const rotated = await rotatePresented(ctx, appId, sessionId, refreshToken, successor, nowMs);
  if (rotated) {
    // The user vanished (deleted meanwhile): the rotation stands, the answer is a 401.
    if (!rotated.user) throw invalidToken();
    return {
      sessionId: rotated.sessionId,
      userId: rotated.userId,
      token: await signAccessToken(ctx, appId, rotated.userId, rotated.sessionId, rotated.dpopJkt),
      refreshToken: successor,
      user: rotated.user,
      dpopJkt: rotated.dpopJkt,
    };
  }
  const found = await sessionOfToken(ctx, appId, refreshToken);
  // Unknown, or still the live token yet refused above: expired, or the session revoked.
  if (!found || found.session.revokedAt || found.back === 0) throw invalidToken();
  const { session, back } = found;
  const rotatedAt = session.refreshRotatedAt?.getTime();
  const liveExpires = session.refreshExpiresAt?.getTime() ?? 0;
  if (
    back === 1 &&
    rotatedAt !== undefined &&
    nowMs - rotatedAt <= ctx.refreshReuseIntervalS * 1000 &&
    liveExpires > nowMs
  ) {
    return {
      sessionId: session.id,
      userId: session.userId,
      token: await signAccessToken(ctx, appId, session.userId, session.id, session.dpopJkt),
      refreshToken: successor,
      dpopJkt: session.dpopJkt,
    };
  }
  // Reuse: the successor was used (the client had it), or the token is stale. Forks made
  // with the session's tokens go with it (issue 21).
  await revokeSessionAndForks(ctx, session.id);
  throw invalidToken();
}

/** The session id a refresh token belongs to (any state of the token), for logout. */
export async function sessionOfRefreshToken(
  ctx: ServerContext,
  appId: string,
  refreshToken: string,
): Promise<string | undefined> {
  return (await sessionOfToken(ctx, appId, refreshToken))?.session.id;
}

/** Claims of a verified access token. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The session's wallet frame key thumbprint (RFC 7638), or null for an unbound session. */
  dpopJkt: string | null;
}

/**
 * The signature and claims of an access token (no database read); see {@link verifyAccessToken}.
 * The key's verifier (fast-jwt, `SigningKey.verifyJwt`) checks alg, signature, `iss`, `aud` and
 * the presence of `sub`, `sid`, `exp`, `iat`; `exp` is compared here with the server clock
 * (`ctx.now()`), expired when `exp` <= now (seconds), as jose's `jwtVerify` does.
 */
async function verifiedClaims(
  ctx: ServerContext,
  appId: string,
  token: string,
): Promise<{ userId: string; sessionId: string }> {
  try {
    const { kid } = decodeProtectedHeader(token);
    const keys = await ctx.keyStore.keys(appId);
    const key = keys.find((k) => k.kid === kid);
    if (!key) throw invalidToken();
    const payload = key.verifyJwt(token);
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string') throw invalidToken();
    if (typeof exp !== 'number' || exp <= Math.floor(ctx.now() / 1000)) throw invalidToken();
    return { userId: sub, sessionId: sid };
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
