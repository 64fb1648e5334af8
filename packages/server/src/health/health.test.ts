/**
 * `GET /healthz` and `GET /readyz` (issue 12): liveness, and readiness = the database answers
 * and every migration of the journal is applied; 503 names the failed check and nothing else.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/anvil.ts';
import { type Database, type Db, MIGRATIONS_FOLDER } from '../db/index.ts';
import { createLogger } from '../logging/logger.ts';
import { testDatabase, testServer } from '../test-utils.ts';
import { migrationStatus, readJournal } from './migrations.ts';
import { healthRoutes } from './routes.ts';

let database: Database;
const folders: string[] = [];

beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations folder, optionally with one more (never applied) migration. */
function migrationsCopy(extra?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-migrations-'));
  folders.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  if (extra) {
    const file = join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(file, 'utf8')) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag: extra });
    writeFileSync(file, JSON.stringify(journal));
    writeFileSync(join(dir, `${extra}.sql`), 'CREATE TABLE "later" ("id" integer);');
  }
  return dir;
}

/** A logger whose parsed lines are kept. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger({ destination }), lines };
}

async function get(app: { request(path: string): Response | Promise<Response> }, path: string) {
  const res = await app.request(path);
  return { status: res.status, body: (await res.json()) as unknown, res };
}

describe('createServer', () => {
  it('answers /healthz and /readyz at the root, without an app id or credentials', async () => {
    const { app } = testServer(database);
    const live = await get(app, '/healthz');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.res.headers.get('cache-control')).toBe('no-store');
    const ready = await get(app, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    // Not under the API prefix.
    expect((await app.request('/api/v1/healthz')).status).toBe(404);
  });
});

describe('readiness', () => {
  it('is ready when every journal migration is applied', async () => {
    expect(readJournal(MIGRATIONS_FOLDER).length).toBeGreaterThan(0);
    const status = await migrationStatus(database.db, readJournal(MIGRATIONS_FOLDER));
    expect(status.pending).toEqual([]);
    expect(status.applied).toBe(status.expected);
    const last = readJournal(MIGRATIONS_FOLDER).at(-1)!;
    expect(status.latest).toEqual({ folderMillis: last.folderMillis, tag: last.tag });
  });

  it('is not ready (migrations: pending) when the journal has a migration not applied', async () => {
    const { logger, lines } = capturedLogger();
    const app = healthRoutes({
      db: database.db,
      migrationsFolder: migrationsCopy('9999_not_yet'),
      logger,
    });
    const ready = await get(app, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'pending' },
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'not ready', reason: 'not applied: 9999_not_yet' }),
    ]);
    // Liveness does not depend on it.
    expect((await get(app, '/healthz')).status).toBe(200);
  });

  it('reports a never-migrated database as pending, not as a failure', async () => {
    const client = new PGlite();
    try {
      // Started first: on a busy machine PGlite's start alone can outlast the probe's timeout.
      await client.waitReady;
      const db = pgliteDrizzle({ client }) as unknown as Db;
      const ready = await get(healthRoutes({ db }), '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'pending' },
      });
      const status = await migrationStatus(db, readJournal(MIGRATIONS_FOLDER));
      expect(status.applied).toBe(0);
      expect(status.latest).toBeUndefined();
    } finally {
      await client.close();
    }
  }, 60_000);

  it('reads the journal once, not on every probe', async () => {
    const folder = migrationsCopy();
    const app = healthRoutes({ db: database.db, migrationsFolder: folder });
    expect((await get(app, '/readyz')).status).toBe(200);
    rmSync(folder, { recursive: true, force: true });
    expect((await get(app, '/readyz')).status).toBe(200);
    // A folder that cannot be read makes the migrations check fail.
    const broken = healthRoutes({ db: database.db, migrationsFolder: folder });
    expect((await get(broken, '/readyz')).body).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'failed' },
    });
  });

  it('times out a database that does not answer', async () => {
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    const started = Date.now();
    const ready = await get(healthRoutes({ db: hanging, timeoutMs: 50 }), '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: 'not_ready',
      checks: { database: 'timeout', migrations: 'skipped' },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('names an unreachable PostgreSQL without leaking its connection string', async () => {
    const password = 'hunter2-do-not-leak';
    const url = `postgres://latchkey:${password}@127.0.0.1:${await freePort()}/latchkey`;
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2_000 });
    const { logger, lines } = capturedLogger();
    try {
      const db = pgDrizzle({ client: pool }) as unknown as Db;
      const ready = await get(healthRoutes({ db, logger }), '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not_ready',
        checks: { database: 'failed', migrations: 'skipped' },
      });
      const everything = JSON.stringify(ready.body) + JSON.stringify(lines);
      expect(everything).not.toContain(password);
      expect(everything).not.toContain('postgres://');
      expect(lines[0]).toMatchObject({
        msg: 'not ready',
        reason: expect.stringMatching(/ECONNREFUSED/) as unknown,
      });
    } finally {
      await pool.end();
    }
  });

  // Last: closes the shared database (closing twice is safe).
  it('is not ready (database: failed) once the database is gone, while /healthz still answers', async () => {
    const { app } = testServer(database);
    await database.close();
    const ready = await get(app, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      status: 'not_ready',
      checks: { database: 'failed', migrations: 'skipped' },
    });
    expect((await get(app, '/healthz')).status).toBe(200);
  });
});
