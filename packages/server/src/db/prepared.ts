/**
 * Hot statements written with Drizzle's `sql` template, run as named prepared statements
 * (issue 13). `db.execute(sql)` sends its text unnamed, so PostgreSQL parses, analyses and
 * plans it on every run; for the email sign-in's statements (data-modifying CTEs) that was
 * about as long as running them. Under a name, each connection of the pool parses the text
 * once and PostgreSQL settles on a plan after a few runs (as the session path's statements do,
 * `sessions/queries.ts`). On PGlite every data statement is prepared already
 * (`pglite-prepared.ts`): the name changes nothing there.
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './index.ts';

/** The dialect `db.execute` renders with (no casing option, as `openDatabase` makes it). */
const dialect = new PgDialect();

/**
 * Runs `statement` as `db.execute` does, as a prepared statement named after its text (so a
 * name never stands for two texts on a connection). Only for statements of a fixed shape, every
 * value a parameter: each distinct text stays prepared on each connection that ran it.
 *
 * @returns the driver's result, as `db.execute` (its `rows`).
 * @throws what `db.execute` throws.
 */
export async function executePrepared<Row>(db: Db, statement: SQL): Promise<{ rows: Row[] }> {
  const query = dialect.sqlToQuery(statement);
  const name = `latchkey_${createHash('sha256').update(query.sql).digest('hex').slice(0, 32)}`;
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return (await prepared.execute()) as { rows: Row[] };
}
