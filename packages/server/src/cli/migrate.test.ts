/**
 * `latchkey migrate` (issue 12): opens the configured database (which applies pending
 * migrations) and prints how many of this version's migrations are applied and the latest.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, MIGRATIONS_FOLDER } from '../db/index.ts';
import { readJournal } from '../health/migrations.ts';
import { testDatabase } from '../test-utils.ts';
import { type CliIo, runCli } from './main.ts';

const JOURNAL = readJournal(MIGRATIONS_FOLDER);
const LAST = JOURNAL.at(-1)!;

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

async function migrate(args: string[], io: Partial<CliIo>) {
  let out = '';
  let err = '';
  const code = await runCli(['migrate', ...args], {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    env: {},
    ...io,
  });
  return { code, out, err };
}

describe('latchkey migrate', () => {
  it('prints the applied count and the latest migration of a migrated database', async () => {
    const run = await migrate([], { database });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      `${JOURNAL.length} of ${JOURNAL.length} migrations applied; latest: ${LAST.tag} ` +
        `(generated ${new Date(LAST.folderMillis).toISOString()})\n`,
    );
    const json = await migrate(['--json'], { database });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual({
      applied: JOURNAL.length,
      expected: JOURNAL.length,
      pending: [],
      latest: LAST.tag,
    });
  });

  it('exits 1 naming the pending migrations of a database that was never migrated', async () => {
    const client = new PGlite();
    try {
      const bare: Database = {
        db: drizzle({ client }) as unknown as Db,
        driver: 'pglite',
        close: () => client.close(),
        withStartupLock: (fn) => fn(),
      };
      const run = await migrate([], { database: bare });
      expect(run.code).toBe(1);
      expect(run.out).toBe(`0 of ${JOURNAL.length} migrations applied; latest: none\n`);
      expect(run.err).toBe(
        `latchkey: migrations not applied: ${JOURNAL.map((m) => m.tag).join(', ')}\n`,
      );
    } finally {
      await client.close();
    }
  }, 60_000);

  it('creates and migrates the PGlite folder of $LATCHKEY_DATA_DIR, without a secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-migrate-'));
    try {
      const first = await migrate([], { env: { LATCHKEY_DATA_DIR: dir } });
      expect(first.err).toBe('');
      expect(first.code).toBe(0);
      expect(first.out).toMatch(
        new RegExp(
          `^${JOURNAL.length} of ${JOURNAL.length} migrations applied; latest: ${LAST.tag} `,
        ),
      );
      expect(existsSync(join(dir, 'db', 'PG_VERSION'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
