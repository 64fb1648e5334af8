/**
 * Issue 13: on PostgreSQL every data statement is a named prepared statement
 * (`pg-prepared.ts`). The naming is checked on a recording pool everywhere; that PostgreSQL
 * really keeps them is checked under `npm run test:pg`.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './index.ts';
import { namedStatements, statementName } from './pg-prepared.ts';
import { rateLimits } from './schema.ts';
import { testDatabase } from '../test-utils.ts';

describe('namedStatements', () => {
  it('names unnamed data statements by their text and leaves everything else alone', () => {
    const seen: unknown[] = [];
    const pool = namedStatements({
      query: (config: unknown, values?: unknown) => {
        seen.push({ config, values });
        return 'answer';
      },
    });
    const select = { text: 'select "key" from "rate_limits" where "key" = $1' };
    expect(pool.query(select as never, ['a'] as never)).toBe('answer');
    pool.query({ text: '  WITH x AS (SELECT 1) SELECT * FROM x' } as never);
    pool.query({ text: 'CREATE TABLE t (id int)' } as never);
    pool.query({ text: 'select 1', name: 'mine' } as never);
    pool.query('select 2' as never);
    pool.query({ text: 'insert into t values ($1)', name: undefined } as never);
    const configs = seen.map((s) => (s as { config: unknown }).config);
    expect(configs[0]).toEqual({ ...select, name: statementName(select.text) });
    expect((seen[0] as { values: unknown }).values).toEqual(['a']);
    expect(configs[1]).toMatchObject({ name: expect.stringMatching(/^lk_[0-9a-f]{32}$/) });
    expect(configs[2]).toEqual({ text: 'CREATE TABLE t (id int)' });
    expect(configs[3]).toEqual({ text: 'select 1', name: 'mine' });
    expect(configs[4]).toBe('select 2');
    expect(configs[5]).toMatchObject({ name: statementName('insert into t values ($1)') });
    // The caller's config object is not changed.
    expect(select).toEqual({ text: 'select "key" from "rate_limits" where "key" = $1' });
    // One text, one name; two texts, two names.
    expect(statementName(select.text)).toBe(statementName(`${select.text}`));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
  });
});

const onPostgres = Boolean(process.env.LATCHKEY_TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('on PostgreSQL (npm run test:pg)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database?.close());

  it('keeps a Drizzle query prepared on its connection and runs it again by name', async () => {
    const { db } = database;
    const read = () => db.select().from(rateLimits).where(eq(rateLimits.key, 'prepared-test'));
    const text = read().toSQL().sql;
    expect(await read()).toEqual([]);
    expect(await read()).toEqual([]);
    // One query at a time reuses the pool's most recently released connection, the one that
    // prepared the statement.
    const result = await db.execute(
      sql`SELECT name, statement FROM pg_prepared_statements WHERE name = ${statementName(text)}`,
    );
    const rows = (result as unknown as { rows: { name: string; statement: string }[] }).rows;
    expect(rows).toEqual([{ name: statementName(text), statement: text }]);
  });
});
