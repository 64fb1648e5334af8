/**
 * Named prepared statements on PGlite (issue 13, found by profiling refresh and `/users/me`).
 *
 * `pglite.query` sends every statement through six separate entries into PostgreSQL (Parse,
 * Describe statement, Bind, Describe portal, Execute, Sync), and PostgreSQL parses, analyses
 * and plans the text each time; on PGlite that is most of a simple statement's cost. Here a data
 * statement is parsed once under a name (Parse and Describe, the first time its text is seen),
 * and each run after is one batch of Bind, Execute and Sync: one entry into PostgreSQL, no
 * parsing, and planning only until PostgreSQL settles on a generic plan. Drizzle builds the same
 * text for the same query shape, so the server's statements are a few hundred texts at most.
 *
 * The rows, errors and locking are `pglite.query`'s: parameters are serialized by the types
 * PostgreSQL described, the rows parsed with PGlite's parsers (and the call's own), and outside a
 * transaction the statement waits for PGlite's transaction lock as `pglite.query` does.
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { parse, protocol } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement parsed once under `name`: its parameter types and its row description. */
interface Prepared {
  name: string;
  paramTypes: number[];
  /** Bind and Execute answer no RowDescription; the one Describe gave is put in front. */
  rowDescription: BackendMessage | undefined;
}

/** More distinct texts than this are not prepared (they run through `pglite.query`). */
export const MAX_PREPARED_STATEMENTS = 2000;
/** Data statements are kept prepared; any other (DDL, SET) runs through `pglite.query`. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's refusal of a kept statement whose result the schema has changed. */
const STALE_PLAN = /cached plan must not change result type/;

const joinMessages = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Runs one statement: as `pglite.query` would, on the instance or on an open transaction. */
export type PreparedQuery = (
  target: Pick<PGlite, 'query'>,
  sql: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
  inTransaction: boolean,
) => Promise<Results>;

/**
 * Makes the statement runner for one PGlite instance (one PostgreSQL session, so one set of
 * names). A data statement (`SELECT`, `INSERT`, `UPDATE`, `DELETE`, `WITH`) with no options but
 * `rowMode` and `parsers` runs prepared; anything else runs as `target.query(sql, params,
 * options)`. Any statement that is not a data statement (DDL, `SET`) forgets every kept
 * statement, since it may change what they describe; the forgotten stay allocated in PostgreSQL
 * (names are never reused), a few per migration.
 *
 * @param pglite a started instance (after `waitReady`).
 * @returns the runner; it throws PostgreSQL's error (a `DatabaseError` with `code`) as
 *   `pglite.query` does, and forgets a statement PostgreSQL refused as stale.
 */
export function preparedStatements(pglite: PGlite): PreparedQuery {
  const prepared = new Map<string, Prepared>();
  let nextName = 0;

  const runPrepared = async (
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results> => {
    let statement = prepared.get(sql);
    if (!statement) {
      const name = `lk_${nextName++}`;
      const described = await pglite.execProtocolStream(
        joinMessages(
          protocol.serialize.parse({ name, text: sql }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ),
        { syncToFs: false },
      );
      statement = {
        name,
        paramTypes: parse.parseDescribeStatementResults(described),
        rowDescription: described.find((message) => message.name === 'rowDescription'),
      };
      prepared.set(sql, statement);
    }
    const { paramTypes } = statement;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = paramTypes[i];
      const serialize = type === undefined ? undefined : pglite.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    let messages: BackendMessage[];
    try {
      messages = await pglite.execProtocolStream(
        joinMessages(
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
        { syncToFs: false },
      );
    } catch (error) {
      if (error instanceof Error && STALE_PLAN.test(error.message)) prepared.delete(sql);
      throw error;
    }
    const head = statement.rowDescription ? [statement.rowDescription] : [];
    const [result] = parse.parseResults([...head, ...messages], pglite.parsers, options);
    if (!result) throw new Error('PGlite answered no result');
    return result;
  };

  return async (target, sql, params = [], options, inTransaction) => {
    const data = DATA_STATEMENT.test(sql);
    if (!data) prepared.clear();
    const plainOptions =
      !options || Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers');
    if (
      !data ||
      !plainOptions ||
      (!prepared.has(sql) && prepared.size >= MAX_PREPARED_STATEMENTS)
    ) {
      return target.query(sql, params, options);
    }
    await pglite._checkReady(); // As `pglite.query`: a closed instance refuses ("PGlite is closed").
    const run = async () => {
      const result = await runPrepared(sql, params, options);
      if (!inTransaction) await pglite.syncToFs();
      return result;
    };
    // As `pglite.query`: outside a transaction, wait for PGlite's transaction lock first.
    return inTransaction
      ? pglite._runExclusiveQuery(run)
      : pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(run));
  };
}
