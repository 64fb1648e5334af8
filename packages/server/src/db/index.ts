/**
 * Opening the database: PGlite inside the process (in memory, or persistent in a folder) or
 * real PostgreSQL through `pg`. Both speak the same SQL and run the same drizzle-kit migrations
 * from `packages/server/drizzle/` (design.md, "The stack").
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PACKAGE_ROOT } from '../paths.ts';
import type { PgliteForDrizzle } from './pglite-client.ts';
import type { PgliteWorker } from './pglite-worker.ts';
import * as schema from './schema.ts';

/** The Drizzle handle used everywhere: PostgreSQL dialect, driver-independent. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle, which driver backs it, and how to close it. */
export interface Database {
  db: Db;
  /** `pglite` (in process) or `postgres` (a server reached through `pg`). */
  driver: 'pglite' | 'postgres';
  /** Closes the connection pool or stops PGlite. Safe to call twice. */
  close(): Promise<void>;
  /**
   * Runs `fn` while holding the startup lock: on PostgreSQL the session advisory lock
   * {@link STARTUP_LOCK_KEY} (`pg_advisory_lock`, held on one pooled connection for the whole
   * call, waited for when another process holds it), so one-time work at start (migrations,
   * seeding) done by several processes at once runs one process at a time. On PGlite (one
   * process per database) it just runs `fn`.
   *
   * @returns what `fn` returns.
   * @throws what `fn` throws (the lock is released first), or a connection error.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Key of the PostgreSQL advisory lock taken around migrations and start-up seeding: the
 * 64-bit big-endian value of the ASCII bytes `Latchkey`. Fixed, so every version and replica
 * of the server contends for the same lock.
 */
export const STARTUP_LOCK_KEY = '5503808189925909881';

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string (`postgres://user@host:port/db`). Wins over `dataDir`. */
  url?: string;
  /**
   * PostgreSQL only: the most connections the pool opens (default {@link DEFAULT_POOL_MAX}).
   * @throws from {@link openDatabase} when not a positive integer.
   */
  poolMax?: number;
  /** A folder where PGlite keeps its files. Without it (and without `url`), PGlite is in memory. */
  dataDir?: string;
  /**
   * PGlite only: `'worker'` runs it on a worker thread (`pglite-worker.ts`), so database and
   * HTTP work use two cores; `'main'` runs it on the calling thread. Default: `'worker'` with a
   * `dataDir` (the server), `'main'` in memory (tests, scripts: no thread to start).
   */
  pgliteThread?: 'main' | 'worker';
  /**
   * PGlite in memory on the calling thread only: start from this tarball (`dumpDataDir()` of
   * a database, usually a migrated empty one) instead of running initdb; the tests' databases
   * do (`test-utils.ts`), which saves about 2 s each.
   * @throws from {@link openDatabase} with `url`, `dataDir` or `pgliteThread: 'worker'`.
   */
  pgliteDump?: Blob;
}

/**
 * Default size of the PostgreSQL connection pool: 20 (node-postgres's default is 10). Measured
 * with `npm run bench:server` on 2 cores (issue 13): 64 concurrent refreshes went from about
 * 1570 to 1850 per second with 20; a server waits on the database for most of a request, so
 * more connections than cores keep it busy. Mind PostgreSQL's `max_connections` (100) across
 * replicas.
 */
export const DEFAULT_POOL_MAX = 20;

/** Absolute path of the generated SQL migrations. */
export const MIGRATIONS_FOLDER = join(PACKAGE_ROOT, 'drizzle');

/**
 * Opens the database and brings its schema up to date with drizzle's migrator. On PostgreSQL
 * the migrations run under the startup advisory lock ({@link Database.withStartupLock}), so
 * several processes opening an empty database at once all succeed.
 *
 * @param options `{ url? , dataDir? }`: PostgreSQL when `url` is set, else PGlite in `dataDir`
 *   (created if missing), else PGlite in memory. PGlite's first start in a folder runs initdb (~7 s).
 * @returns an open {@link Database}; call `close()` when done.
 * @throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    if (options.pgliteDump) throw new Error('pgliteDump is for PGlite, not PostgreSQL');
    const poolMax = options.poolMax ?? DEFAULT_POOL_MAX;
    if (!Number.isInteger(poolMax) || poolMax < 1) {
      throw new Error(`poolMax must be a positive integer, got ${poolMax}`);
    }
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // A connection attempt that hangs (an unreachable host) fails after 5 s, so requests answer
    // 503 `service_unavailable` instead of waiting for the client's timeout.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: poolMax,
      connectionTimeoutMillis: 5_000,
    });
    // A connection that is checked out (inside a transaction) when the server goes away reports
    // the loss on the client itself; without a listener node-postgres throws it and the process
    // dies. The query in flight fails (and answers 503); the pool drops the broken client.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (!closed) console.warn(`latchkey: PostgreSQL connection lost: ${error.message}`);
      });
    });
    let closed = false;
    // An idle pooled connection that the server drops (restart, failover, admin command) is
    // reported here; without a listener node-postgres throws it and the process dies. The pool
    // replaces the connection on next use, so a warning is enough.
    pool.on('error', (error) => {
      if (!closed) console.warn(`latchkey: idle PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzle({ client: pool, schema });
    // A session lock on one connection of the pool; the work itself runs on the others. A
    // connection that cannot unlock is destroyed, which releases its locks.
    const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      let broken: Error | undefined;
      try {
        return await fn();
      } finally {
        await client
          .query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY])
          .catch((error: Error) => (broken = error));
        client.release(broken);
      }
    };
    try {
      // Replicas started together on an empty database: one migrates, the others then find
      // every migration applied (drizzle's migrator is not safe to run concurrently).
      await withStartupLock(() => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      withStartupLock,
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const thread = options.pgliteThread ?? (options.dataDir ? 'worker' : 'main');
  if (options.pgliteDump && (options.dataDir || thread === 'worker')) {
    throw new Error('pgliteDump is for PGlite in memory on the calling thread');
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client =
    thread === 'worker'
      ? await (await import('./pglite-worker.ts')).startPgliteWorker(options.dataDir)
      : inProcess(
          await (
            await import('./pglite-client.ts')
          ).createPgliteForDrizzle(
            options.dataDir,
            options.pgliteDump ? { loadDataDir: options.pgliteDump } : {},
          ),
        );
  const db = drizzle({ client: client.client, schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    withStartupLock: (fn) => fn(),
    async close() {
      if (client.closed) return;
      await client.close();
    },
  };
}

/** The in-process PGlite seen like a worker's: the client for Drizzle, and closing. */
function inProcess({ pglite, client }: PgliteForDrizzle): PgliteWorker {
  return {
    client,
    get closed() {
      return pglite.closed;
    },
    close: () => pglite.close(),
  };
}

export { schema };
