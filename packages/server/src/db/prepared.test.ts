/**
 * Issue 13: `executePrepared` runs a `sql` statement under a name taken from its text, with the
 * rows `db.execute` gives. Runs on PGlite, and on PostgreSQL under `npm run test:pg` (where the
 * driver receives the name, and a connection keeps the statement parsed).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../test-utils.ts';
import type { Database } from './index.ts';
import { executePrepared } from './prepared.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

/** The names the driver receives (`$client.query`'s config), while `work` runs. */
async function namesSent(work: () => Promise<unknown>): Promise<(string | undefined)[]> {
  const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
    .$client;
  const original = client.query;
  const names: (string | undefined)[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [config] = args;
    names.push(typeof config === 'object' ? (config as { name?: string }).name : undefined);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return names;
}

describe('executePrepared', () => {
  it('answers the rows db.execute does, one name per text, on every run', async () => {
    const statement = (n: number) => sql`SELECT ${n}::int4 AS n, ${`v${n}`}::text AS v`;
    const other = (n: number) => sql`SELECT ${n}::int4 + 1 AS n`;
    for (const n of [1, 2, 3]) {
      const expected = (await database.db.execute(statement(n))) as unknown as { rows: unknown[] };
      expect((await executePrepared(database.db, statement(n))).rows).toEqual(expected.rows);
    }
    // Many runs of two texts on the pool's connections: each keeps its own name.
    const names = await namesSent(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          executePrepared(database.db, n % 2 ? statement(n) : other(n)),
        ),
      ),
    );
    expect((await executePrepared<{ n: number }>(database.db, other(41))).rows).toEqual([
      { n: 42 },
    ]);
    if (database.driver === 'postgres') {
      expect(new Set(names).size).toBe(2);
      expect(names.every((name) => /^latchkey_[0-9a-f]{32}$/.test(name ?? ''))).toBe(true);
    }
    // A failing statement throws as db.execute does.
    await expect(executePrepared(database.db, sql`SELECT 1 / ${0}::int4`)).rejects.toThrow();
  });
});
