/**
 * The session path's statements, prepared once per database handle (issue 13): Drizzle then
 * builds their SQL once instead of on every request (its query builder was the largest cost
 * in the refresh and `GET /users/me` profiles after the crypto), and on PostgreSQL each is a
 * named prepared statement, parsed and planned once per connection.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { linkedAccounts, sessions, users } from '../db/schema.ts';
import { userColumns } from '../users/service.ts';

/** The session columns the access token check reads (revocation, owner, app, DPoP binding). */
export const sessionColumns = {
  revokedAt: sessions.revokedAt,
  sessionUserId: sessions.userId,
  appId: sessions.appId,
  dpopJkt: sessions.dpopJkt,
};

const p = <T extends string>(name: T) => sql.placeholder(name);

function prepare(db: Db) {
  // The common refresh: the session's live refresh token replaced by its successor (only if
  // the presented one is that live token, unexpired, of a live session of the app), and the
  // session's user read. One row of `sessions`, found by primary key, and no indexed column
  // changes: a heap-only (HOT) update. Output names are distinct (marked_*): the outer select
  // joins users and accounts, whose columns would otherwise make `user_id` ambiguous.
  const marked = db.$with('marked', {
    sessionId: sql<string>`marked_session`.as('marked_session'),
    userId: sql<string>`marked_user`.as('marked_user'),
    dpopJkt: sql<string | null>`marked_jkt`.as('marked_jkt'),
  }).as(sql`
      UPDATE ${sessions} AS s SET refresh_hash = ${p('successorHash')},
        refresh_rotated_at = ${p('now')}::timestamptz,
        refresh_expires_at = ${p('expires')}::timestamptz,
        refresh_generation = s.refresh_generation + 1
      WHERE s.id = ${p('sessionId')}
        AND s.refresh_hash = ${p('tokenHash')}
        AND s.refresh_expires_at > ${p('now')}::timestamptz
        AND s.app_id = ${p('appId')}
        AND s.revoked_at IS NULL
      RETURNING s.id AS marked_session, s.user_id AS marked_user, s.dpop_jkt AS marked_jkt`);
  const rotatePresented = db
    .with(marked)
    .select({
      sessionId: marked.sessionId,
      userId: marked.userId,
      dpopJkt: marked.dpopJkt,
      ...userColumns,
    })
    .from(marked)
    .leftJoin(users, eq(users.id, marked.userId))
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .orderBy(asc(linkedAccounts.id))
    .prepare('latchkey_refresh_rotate');

  // Several rotations in one statement (issue 13, `rotate-batch.ts`): the same update and
  // conditions as `rotatePresented`, one input row per request from parallel arrays (each
  // request's own hashes, app and clock), distinct session ids. Rows come back ordered by
  // session, then account, so each request's rows are one run.
  const markedMany = db.$with('marked_many', {
    sessionId: sql<string>`marked_session`.as('marked_session'),
    userId: sql<string>`marked_user`.as('marked_user'),
    dpopJkt: sql<string | null>`marked_jkt`.as('marked_jkt'),
  }).as(sql`
      UPDATE ${sessions} AS s SET refresh_hash = i.successor_hash,
        refresh_rotated_at = i.now_at,
        refresh_expires_at = i.expires_at,
        refresh_generation = s.refresh_generation + 1
      FROM unnest(${p('sessionIds')}::text[], ${p('tokenHashes')}::text[],
        ${p('successorHashes')}::text[], ${p('appIds')}::text[], ${p('nows')}::timestamptz[],
        ${p('expires')}::timestamptz[])
        AS i(session_id, token_hash, successor_hash, app_id, now_at, expires_at)
      WHERE s.id = i.session_id
        AND s.refresh_hash = i.token_hash
        AND s.refresh_expires_at > i.now_at
        AND s.app_id = i.app_id
        AND s.revoked_at IS NULL
      RETURNING s.id AS marked_session, s.user_id AS marked_user, s.dpop_jkt AS marked_jkt`);
  const rotateMany = db
    .with(markedMany)
    .select({
      sessionId: markedMany.sessionId,
      userId: markedMany.userId,
      dpopJkt: markedMany.dpopJkt,
      ...userColumns,
    })
    .from(markedMany)
    .leftJoin(users, eq(users.id, markedMany.userId))
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .orderBy(sql`marked_session`, asc(linkedAccounts.id))
    .prepare('latchkey_refresh_rotate_many');

  const session = db
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.id, p('sessionId')))
    .prepare('latchkey_session');

  const sessionWithUser = db
    .select({ ...sessionColumns, ...userColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .where(eq(sessions.id, p('sessionId')))
    .orderBy(asc(linkedAccounts.id))
    .prepare('latchkey_session_user');

  // A new session with its first refresh token, and the user for the answer.
  const created = db.$with('created', {
    sessionId: sql<string>`created_session`.as('created_session'),
  }).as(sql`
      INSERT INTO ${sessions} (id, app_id, user_id, created_at, dpop_jkt, refresh_hash,
        refresh_expires_at, forked_from)
      VALUES (${p('sessionId')}, ${p('appId')}, ${p('userId')}, ${p('now')}::timestamptz,
        ${p('dpopJkt')}, ${p('tokenHash')}, ${p('expires')}::timestamptz, ${p('forkedFrom')})
      RETURNING id AS created_session`);
  const createSession = db
    .with(created)
    .select({ sessionId: created.sessionId, ...userColumns })
    .from(created)
    .leftJoin(users, eq(users.id, p('userId')))
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .orderBy(asc(linkedAccounts.id))
    .prepare('latchkey_session_create');

  return { rotatePresented, rotateMany, session, sessionWithUser, createSession };
}

/** The prepared statements of the session path. */
export type SessionQueries = ReturnType<typeof prepare>;

const prepared = new WeakMap<Db, SessionQueries>();

/**
 * The session path's prepared statements for `db`, made on first use and kept as long as the
 * handle lives. Execute with their placeholders:
 * - `rotatePresented.execute({ sessionId, tokenHash, successorHash, appId, now, expires })`
 *   (ISO times): rows of the rotated session (`sessionId`, `userId`, `dpopJkt`, `user`,
 *   `account`), none when the token is not the session's live one (or the session is not
 *   live, not of the app, or the token expired);
 * - `rotateMany.execute({ sessionIds, tokenHashes, successorHashes, appIds, nows, expires })`
 *   (parallel arrays of equal length, one entry per rotation, distinct session ids; times as
 *   ISO strings): `rotatePresented` for each entry in one statement; rows of every rotated
 *   session, ordered by session id then linked account id (issue 13, `rotate-batch.ts`);
 * - `session.execute({ sessionId })`: {@link sessionColumns};
 * - `sessionWithUser.execute({ sessionId })`: {@link sessionColumns} and the user's rows;
 * - `createSession.execute({ sessionId, appId, userId, dpopJkt, tokenHash, now, expires,
 *   forkedFrom })`: inserts the session with its first refresh token (`forkedFrom`: the parent
 *   session of a fork, else null); rows of the user (none if the insert made nothing, which a
 *   foreign key error prevents).
 */
export function sessionQueries(db: Db): SessionQueries {
  let queries = prepared.get(db);
  if (!queries) {
    queries = prepare(db);
    prepared.set(db, queries);
  }
  return queries;
}
