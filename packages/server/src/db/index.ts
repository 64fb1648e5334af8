/**
 * Opening the database: PGlite inside the process (in memory, or persistent in a folder) or
 * real PostgreSQL through `pg`. Both speak the same SQL and run the same drizzle-kit migrations
 * from `packages/server/drizzle/` (design.md, "The stack").
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
}

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string (`postgres://user@host:port/db`). Wins over `dataDir`. */
  url?: string;
  /** A folder where PGlite keeps its files. Without it (and without `url`), PGlite is in memory. */
  dataDir?: string;
}

/** Absolute path of the generated SQL migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database and brings its schema up to date with drizzle's migrator.
 *
 * @param options `{ url? , dataDir? }`: PostgreSQL when `url` is set, else PGlite in `dataDir`
 *   (created if missing), else PGlite in memory. PGlite's first start in a folder runs initdb (~7 s).
 * @returns an open {@link Database}; call `close()` when done.
 * @throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    let closed = false;
    // An idle pooled connection that the server drops (restart, failover, admin command) is
    // reported here; without a listener node-postgres throws it and the process dies. The pool
    // replaces the connection on next use, so a warning is enough.
    pool.on('error', (error) => {
      if (!closed) console.warn(`latchkey: idle PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzle({ client: pool, schema });
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle({ client, schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    async close() {
      if (client.closed) return;
      await client.close();
    },
  };
}

export { schema };
