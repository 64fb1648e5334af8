/**
 * PostgreSQL keeps every data statement prepared (issue 13), as PGlite already does
 * (`pglite-prepared.ts`): a statement Drizzle sends without a name gets one derived from its
 * text, so each pooled connection parses and plans it once and later runs are Bind/Execute
 * only. Drizzle builds the same text for the same query shape (values are parameters), so the
 * number of names is the number of query shapes in the code.
 *
 * Before this, only the session statements (`sessions/queries.ts`) were named; the sign-in
 * path's CTEs (find or create the user, store and consume a login code) were parsed and
 * planned on every request, and PostgreSQL's share of a sign-in's CPU was the largest.
 *
 * Named statements live per connection (`pg` remembers which it parsed); a connection that the
 * pool replaces after a restart starts empty. DDL and other non-data statements (migrations,
 * `SET`, advisory locks) stay unnamed.
 */
import { createHash } from 'node:crypto';

/** What a statement must start with to be kept prepared (after leading spaces). */
const DATA_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i;

/** Names are cached by text; the cache restarts past this many texts (it never grows unbounded). */
const NAME_CACHE_MAX = 2_000;

const names = new Map<string, string>();

/**
 * The prepared statement name of a statement text: `lk_` + the first 32 hex digits of its
 * SHA-256 (35 characters, under PostgreSQL's 63). The same text always gets the same name, so
 * `pg` never sees one name with two texts.
 */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `lk_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (names.size >= NAME_CACHE_MAX) names.clear();
    names.set(text, name);
  }
  return name;
}

/** The part of a `pg` pool (or client) this wraps: its `query` method. */
interface Queryable {
  query: (...args: never[]) => unknown;
}

/**
 * Makes `pool.query` give every unnamed data statement (a query config object whose `text`
 * starts with SELECT, INSERT, UPDATE, DELETE or WITH) the name {@link statementName} of its
 * text. A plain text query (`query('SELECT 1')`), a named statement and anything else pass
 * through unchanged. Returns the same pool.
 */
export function namedStatements<P extends Queryable>(pool: P): P {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const named = (config: unknown, ...rest: unknown[]) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      !(config as { name?: unknown }).name &&
      typeof (config as { text?: unknown }).text === 'string' &&
      DATA_STATEMENT.test((config as { text: string }).text)
    ) {
      const text = (config as { text: string }).text;
      return query({ ...config, name: statementName(text) }, ...rest);
    }
    return query(config, ...rest);
  };
  pool.query = named as P['query'];
  return pool;
}
