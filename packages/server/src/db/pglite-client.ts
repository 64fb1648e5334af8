/**
 * The PGlite client as Drizzle sees it (issue 13, found by profiling the refresh path).
 *
 * drizzle-orm's PGlite session sends the same type parsers with every query (timestamps,
 * dates, intervals and their arrays kept as text, so Drizzle's columns map them), and PGlite
 * merges per-query parsers into a copy of its whole parser table (some 300 entries, one per
 * type and array type) on every call: about 0.1 ms per statement. Here PGlite is given those
 * parsers as its own once it has started, and the client given to Drizzle drops the per-query
 * copy. The rows are the same (`pglite-client.test.ts` compares them). Data statements run as
 * named prepared statements (`pglite-prepared.ts`).
 */
import {
  PGlite,
  type PGliteOptions,
  type QueryOptions,
  type Transaction,
  types,
} from '@electric-sql/pglite';
import { type PreparedQuery, preparedStatements } from './pglite-prepared.ts';

const asText = (value: string) => value;

/**
 * The parsers drizzle-orm's PGlite session passes with each query (drizzle-orm 0.45,
 * `pglite/session.js`): every one keeps the column's text.
 */
export const DRIZZLE_TEXT_PARSERS: NonNullable<QueryOptions['parsers']> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** Query options without `parsers` when every one of them is already the client's own. */
function withoutOwnParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid of Object.keys(parsers)) {
    if (!(oid in DRIZZLE_TEXT_PARSERS)) return options;
  }
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite, 'query'>;

/**
 * `target` with a `query` that drops the parsers the client already has and runs through
 * `run` (prepared statements). A closed transaction refuses as PGlite's own does.
 */
function viaPrepared<T extends Queryable>(
  target: T,
  run: PreparedQuery,
  inTransaction: boolean,
): T {
  const wrapped = Object.create(target) as T;
  wrapped.query = ((query: string, params?: unknown[], options?: QueryOptions) => {
    if (inTransaction && (target as Partial<Transaction>).closed) {
      return Promise.reject(new Error('Transaction is closed'));
    }
    return run(target, query, params, withoutOwnParsers(options), inTransaction);
  }) as T['query'];
  return wrapped;
}

/**
 * The PGlite instance and the client to give Drizzle (`drizzle({ client })`). The client is
 * only for Drizzle: it answers `query` and `transaction` (what drizzle-orm's PGlite session
 * calls); use the instance for anything else.
 */
export interface PgliteForDrizzle {
  /** The PGlite instance: wait for `waitReady`, `close()` it. */
  pglite: PGlite;
  /**
   * The same instance seen through `query` and `transaction` that skip the parser merge and keep
   * data statements prepared.
   */
  client: PGlite;
}

/**
 * Starts PGlite (in `dataDir`, or in memory) with Drizzle's text parsers as its own, and makes
 * the client Drizzle should use.
 *
 * @returns once PGlite is ready (a first start in a folder runs initdb, seconds).
 * @throws what PGlite's start throws.
 */
export async function createPgliteForDrizzle(
  dataDir?: string,
  options: Omit<PGliteOptions, 'parsers' | 'dataDir'> = {},
): Promise<PgliteForDrizzle> {
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  // After start: PGlite then registers a parser for each array type of pg_type (which would
  // replace ours for numeric[], timestamp[] ...). It does so only at start and on an explicit
  // `refreshArrayTypes()`, which this server never calls.
  Object.assign(pglite.parsers, DRIZZLE_TEXT_PARSERS);
  const run = preparedStatements(pglite);
  const client = viaPrepared(pglite, run, false);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    pglite.transaction((tx) => callback(viaPrepared(tx, run, true)));
  return { pglite, client };
}
