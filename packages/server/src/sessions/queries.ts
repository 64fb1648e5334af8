/**
 * The session path's statements, prepared once per database handle (issue 13): Drizzle then
 * builds their SQL once instead of on every request (its query builder was the largest cost
 * in the refresh and `GET /users/me` profiles after the crypto), and on PostgreSQL each is a
 * named prepared statement, parsed and planned once per connection.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { linkedAccounts, refreshTokens, sessions, users } from '../db/schema.ts';
import { userColumns } from '../users/service.ts';

/** The session columns the access token check reads (revocation, owner, app, DPoP binding). */
export const sessionColumns = {
  revokedAt: sessions.revokedAt,
  sessionUserId: sessions.userId,
  appId: sessions.appId,
  dpopJkt: sessions.dpopJkt,
};

const p = <T extends string>(name: T) => sql.placeholder(name);

/**
 * A CTE `name` that stores a refresh token (its SHA-256 in placeholder `hashParam`, created at
 * `now`, expiring at `expires`) in the session named by column `sessionColumn` of CTE `source`.
 * Its one column, `sessionId`, is `<name>_session`. The names are this file's constants.
 */
function refreshTokenInsert(
  db: Db,
  name: string,
  source: string,
  sessionColumn: string,
  hashParam: string,
) {
  const out = `${name}_session`;
  return db.$with(name, { sessionId: sql<string>`${sql.raw(out)}`.as(out) }).as(sql`
    INSERT INTO ${refreshTokens} (session_id, token_hash, created_at, expires_at)
    SELECT ${sql.raw(sessionColumn)}, ${p(hashParam)}, ${p('now')}::timestamptz,
      ${p('expires')}::timestamptz
    FROM ${sql.raw(source)}
    RETURNING session_id AS ${sql.raw(out)}`);
}

function prepare(db: Db) {
  // The common refresh: the presented token marked rotated (only if unrotated, unexpired and
  // of a live session of the app), its successor stored, and the session's user read. Output
  // names are distinct (marked_*, stored_*): the outer select joins users and accounts, whose
  // columns would otherwise make `session_id` or `user_id` ambiguous.
  const marked = db.$with('marked', {
    sessionId: sql<string>`marked_session`.as('marked_session'),
    userId: sql<string>`marked_user`.as('marked_user'),
    dpopJkt: sql<string | null>`marked_jkt`.as('marked_jkt'),
  }).as(sql`
      UPDATE ${refreshTokens} AS t SET rotated_at = ${p('now')}::timestamptz
      FROM ${sessions} AS s
      WHERE t.token_hash = ${p('tokenHash')}
        AND t.rotated_at IS NULL
        AND t.expires_at > ${p('now')}::timestamptz
        AND s.id = t.session_id
        AND s.app_id = ${p('appId')}
        AND s.revoked_at IS NULL
      RETURNING t.session_id AS marked_session, s.user_id AS marked_user,
        s.dpop_jkt AS marked_jkt`);
  const stored = refreshTokenInsert(db, 'stored', 'marked', 'marked_session', 'successorHash');
  const rotatePresented = db
    .with(marked, stored)
    .select({
      sessionId: marked.sessionId,
      userId: marked.userId,
      dpopJkt: marked.dpopJkt,
      ...userColumns,
    })
    .from(marked)
    .innerJoin(stored, eq(stored.sessionId, marked.sessionId))
    .leftJoin(users, eq(users.id, marked.userId))
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .orderBy(asc(linkedAccounts.id))
    .prepare('latchkey_refresh_rotate');

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

  // A new session and its first refresh token (both or neither), and the user for the answer.
  const created = db.$with('created', {
    sessionId: sql<string>`created_session`.as('created_session'),
  }).as(sql`
      INSERT INTO ${sessions} (id, app_id, user_id, created_at, dpop_jkt)
      VALUES (${p('sessionId')}, ${p('appId')}, ${p('userId')}, ${p('now')}::timestamptz,
        ${p('dpopJkt')})
      RETURNING id AS created_session`);
  const firstToken = refreshTokenInsert(
    db,
    'first_token',
    'created',
    'created_session',
    'tokenHash',
  );
  const createSession = db
    .with(created, firstToken)
    .select({ sessionId: firstToken.sessionId, ...userColumns })
    .from(firstToken)
    .leftJoin(users, eq(users.id, p('userId')))
    .leftJoin(linkedAccounts, eq(linkedAccounts.userId, users.id))
    .orderBy(asc(linkedAccounts.id))
    .prepare('latchkey_session_create');

  return { rotatePresented, session, sessionWithUser, createSession };
}

/** The prepared statements of the session path. */
export type SessionQueries = ReturnType<typeof prepare>;

const prepared = new WeakMap<Db, SessionQueries>();

/**
 * The session path's prepared statements for `db`, made on first use and kept as long as the
 * handle lives. Execute with their placeholders:
 * - `rotatePresented.execute({ tokenHash, successorHash, appId, now, expires })` (ISO times):
 *   rows of the rotated session (`sessionId`, `userId`, `dpopJkt`, `user`, `account`), none
 *   when the token did not match;
 * - `session.execute({ sessionId })`: {@link sessionColumns};
 * - `sessionWithUser.execute({ sessionId })`: {@link sessionColumns} and the user's rows;
 * - `createSession.execute({ sessionId, appId, userId, dpopJkt, tokenHash, now, expires })`:
 *   inserts the session and its first refresh token; rows of the user (none if the insert
 *   made nothing, which a foreign key error prevents).
 */
export function sessionQueries(db: Db): SessionQueries {
  let queries = prepared.get(db);
  if (!queries) {
    queries = prepare(db);
    prepared.set(db, queries);
  }
  return queries;
}
