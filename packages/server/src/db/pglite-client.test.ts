import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgliteForDrizzle, type PgliteForDrizzle } from './pglite-client.ts';

/** Every type Drizzle keeps as text, plus a few PGlite parses itself. */
const ROW = sql`SELECT
  '2026-11-26 10:00:00'::timestamp AS ts,
  '2026-11-26 10:00:00+00'::timestamptz AS tstz,
  '1 day 2 hours'::interval AS iv,
  '2026-11-26'::date AS d,
  ARRAY[1.5, 2.25]::numeric[] AS nums,
  ARRAY['2026-11-26 10:00:00'::timestamp] AS tss,
  ARRAY['2026-11-26 10:00:00+00'::timestamptz] AS tstzs,
  ARRAY['1 hour'::interval] AS ivs,
  ARRAY['2026-11-26'::date] AS ds,
  '{"a":[1,true,null]}'::jsonb AS j,
  true AS b,
  42::int4 AS n,
  12345678901234::int8 AS big`;

describe('createPgliteForDrizzle (issue 13)', () => {
  const plain = new PGlite();
  let fast: PgliteForDrizzle;
  beforeAll(async () => {
    fast = await createPgliteForDrizzle();
  });
  afterAll(async () => {
    await plain.close();
    await fast.pglite.close();
  });

  it('gives Drizzle the same rows as a plain PGlite client, in and out of transactions', async () => {
    const reference = drizzle({ client: plain });
    const db = drizzle({ client: fast.client });
    const expected = await reference.execute(ROW);
    expect(expected.rows[0]).toMatchObject({ tstz: '2026-11-26 10:00:00+00', n: 42 });
    expect((await db.execute(ROW)).rows).toEqual(expected.rows);
    const inTx = await db.transaction(async (tx) => (await tx.execute(ROW)).rows);
    expect(inTx).toEqual(expected.rows);
  });

  it('runs data statements prepared, without the per-query parser table PGlite would copy', async () => {
    const db = drizzle({ client: fast.client });
    const query = vi.spyOn(fast.pglite, 'query');
    const first = await db.execute(sql`SELECT ${7}::int4 AS seven`);
    const again = await db.execute(sql`SELECT ${8}::int4 AS seven`);
    expect([first.rows, again.rows]).toEqual([[{ seven: 7 }], [{ seven: 8 }]]);
    expect(query).not.toHaveBeenCalled();
    // DDL is not kept prepared: it runs through PGlite's own query, with the options given.
    await db.execute(sql`CREATE TABLE prepared_probe (a int4)`);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0]![2]).toEqual({ rowMode: 'object' });
    // Parsers it does not own yet are passed through.
    const own = (v: string) => `own:${v}`;
    const answer = await fast.client.query<{ t: string }>(`SELECT 'x'::text AS t`, [], {
      parsers: { 25: own },
    });
    expect(answer.rows[0]!.t).toBe('own:x');
    query.mockRestore();
    const kept = await fast.pglite.query<{ name: string }>(
      `SELECT name FROM pg_prepared_statements WHERE statement = 'SELECT $1::int4 AS seven'`,
    );
    expect(kept.rows).toHaveLength(1);
  });
});
