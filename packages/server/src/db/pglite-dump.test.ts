import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from './index.ts';

/** The rows of a raw statement (`db.execute` is typed for both drivers). */
async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A migrated database with one extra row only a copy of it can have. */
let dump: Blob;

beforeAll(async () => {
  const source = await PGlite.create();
  await migrate(drizzle({ client: source }), { migrationsFolder: MIGRATIONS_FOLDER });
  await source.exec(
    `CREATE TABLE dump_marker (note text); INSERT INTO dump_marker VALUES ('from the dump');`,
  );
  dump = (await source.dumpDataDir('none')) as Blob;
  await source.close();
});

describe('openDatabase({ pgliteDump })', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it('starts PGlite from the dump: its rows are there and no migration is pending', async () => {
    const database = await openDatabase({ pgliteThread: 'main', pgliteDump: dump });
    close = database.close;
    expect(await rows(database, sql`SELECT note FROM dump_marker`)).toEqual([
      { note: 'from the dump' },
    ]);
    // The migrator ran on open and found every migration of the folder already applied.
    const count = sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
    const [applied] = await rows<{ n: number }>(database, count);
    const fresh = await openDatabase({ pgliteThread: 'main' });
    const [expected] = await rows<{ n: number }>(fresh, count);
    await fresh.close();
    expect(applied!.n).toBe(expected!.n);
    expect(applied!.n).toBeGreaterThan(0);
  });

  it('refuses a dump where PGlite would not use it', async () => {
    await expect(openDatabase({ pgliteThread: 'worker', pgliteDump: dump })).rejects.toThrow(
      'pgliteDump is for PGlite in memory on the calling thread',
    );
    await expect(
      openDatabase({ dataDir: '/nonexistent/latchkey-db', pgliteDump: dump }),
    ).rejects.toThrow('pgliteDump is for PGlite in memory on the calling thread');
    await expect(
      openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', pgliteDump: dump }),
    ).rejects.toThrow('pgliteDump is for PGlite, not PostgreSQL');
  });
});
