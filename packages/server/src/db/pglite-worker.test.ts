/**
 * PGlite on a worker thread (issue 13, `pglite-worker.ts`): the same rows as in process, the
 * migrations, commits and rollbacks, PostgreSQL's errors with their codes, a transaction holding
 * the lock against other statements, persistence in a folder, and closing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../users/accounts.ts';
import { type Database, openDatabase } from './index.ts';
import { apps } from './schema.ts';

const ROW = sql`SELECT '2026-11-26 10:00:00+00'::timestamptz AS tstz,
  ARRAY['1 hour'::interval] AS ivs, '{"a":[1,true,null]}'::jsonb AS j, 42::int4 AS n,
  12345678901234::int8 AS big, '\\x0102'::bytea AS bytes`;

const app = (id: string) => ({ id, name: id });

describe('PGlite on a worker thread (issue 13)', () => {
  let worker: Database;
  let main: Database;
  beforeAll(async () => {
    [worker, main] = await Promise.all([
      openDatabase({ pgliteThread: 'worker' }),
      openDatabase({ pgliteThread: 'main' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([worker?.close(), main?.close()]);
  });

  it('answers with the rows PGlite gives in process, in and out of transactions', async () => {
    const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const expected = rows(await main.db.execute(ROW));
    expect(expected[0]).toMatchObject({ tstz: '2026-11-26 10:00:00+00', n: 42 });
    expect(rows(await worker.db.execute(ROW))).toEqual(expected);
    const inTx = await worker.db.transaction(async (tx) => rows(await tx.execute(ROW)));
    expect(inTx).toEqual(expected);
  });

  it('migrated the schema, commits a transaction and rolls one back', async () => {
    await worker.db.transaction(async (tx) => {
      await tx.insert(apps).values(app('committed'));
    });
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.insert(apps).values(app('rolled-back'));
        tx.rollback();
      }),
    ).rejects.toThrow(/Rollback/);
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.insert(apps).values(app('thrown'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const ids = (await worker.db.select({ id: apps.id }).from(apps)).map((r) => r.id);
    expect(ids).toContain('committed');
    expect(ids).not.toContain('rolled-back');
    expect(ids).not.toContain('thrown');
  });

  it("keeps PostgreSQL's error fields (a unique violation is 23505)", async () => {
    await worker.db.insert(apps).values(app('twice'));
    const error = await worker.db
      .insert(apps)
      .values(app('twice'))
      .then(() => null)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('keeps data statements prepared, and forgets them when the schema changes', async () => {
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await worker.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    await rows(sql`CREATE TABLE prep_t (a int4)`);
    await rows(sql`INSERT INTO prep_t (a) VALUES (${1})`);
    const all = sql`SELECT * FROM prep_t`;
    expect(await rows(all)).toEqual([{ a: 1 }]);
    expect(await rows(all)).toEqual([{ a: 1 }]);
    const names = await rows(
      sql`SELECT name FROM pg_prepared_statements WHERE statement = 'SELECT * FROM prep_t'`,
    );
    expect(names).toHaveLength(1);
    expect(String(names[0]?.name)).toMatch(/^lk_/);
    // A kept plan of `SELECT *` would now refuse ("cached plan must not change result type").
    await rows(sql`ALTER TABLE prep_t ADD COLUMN b text DEFAULT 'x'`);
    expect(await rows(all)).toEqual([{ a: 1, b: 'x' }]);
  });

  it('runs a statement sent during a transaction after it ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await worker.db.transaction(async (tx) => {
      await tx.insert(apps).values(app('locked'));
      outside = worker.db
        .select({ id: apps.id })
        .from(apps)
        .where(eq(apps.id, 'locked'))
        .then((rows) => order.push(`outside saw ${rows.length}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('commit');
    });
    await outside;
    expect(order).toEqual(['commit', 'outside saw 1']);
  });
});

describe('PGlite on a worker thread in a folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-pglite-worker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what it wrote across a close and a reopen; refuses queries once closed', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(apps).values(app('kept'));
    await first.close();
    await expect(first.db.select().from(apps)).rejects.toThrow();
    await first.close(); // twice is fine
    const second = await openDatabase({ dataDir: dir, pgliteThread: 'worker' });
    const rows = await second.db.select({ id: apps.id }).from(apps).where(eq(apps.id, 'kept'));
    expect(rows).toEqual([{ id: 'kept' }]);
    await second.close();
  }, 120_000);
});
