/**
 * Replicas start together (issue 10, item 5): migrations and the dev seeding run under a
 * PostgreSQL advisory lock, so processes started at once on an empty database all come up.
 * PostgreSQL only: skipped unless `LATCHKEY_TEST_DATABASE_URL` is set (`npm run test:pg`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverAppConfig } from '@latchkey/api';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/anvil.ts';
import { randomId } from '../crypto.ts';
import { TEST_SECRET } from '../test-utils.ts';
import { MIGRATIONS_FOLDER, openDatabase } from './index.ts';

const ADMIN_URL = process.env.LATCHKEY_TEST_DATABASE_URL;
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/**
 * The servers run as `node --import tsx main.ts`, one process each, so SIGTERM reaches the
 * server's own handler. Through the `tsx` command (a parent that relays signals to a child) one
 * exit in three was 143 (killed by the signal) on a loaded machine (session 39).
 */
const NODE_ARGS = ['--import', 'tsx', MAIN];
const DEV_APP = 'latchkeydemo0000000000000';

/** Creates an empty database on the test server; returns its URL and a dropper. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `latchkey_start_${randomId(12)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(!ADMIN_URL)('startup on an empty PostgreSQL database', () => {
  it('migrates once when several openDatabase calls race', async () => {
    const { url, drop } = await emptyDatabase();
    cleanups.push(drop);
    const settled = await Promise.allSettled([1, 2, 3, 4].map(() => openDatabase({ url })));
    const opened = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    cleanups.push(() => Promise.all(opened.map((d) => d.close())).then(() => {}));
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const { rows } = (await opened[0]!.db.execute(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(journal.entries.length);
  });

  it('three server processes started at once all come up and serve the seeded app', async () => {
    const { url, drop } = await emptyDatabase();
    cleanups.push(drop);
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-replicas-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const clean = { ...process.env };
    for (const key of Object.keys(clean)) {
      if (key.startsWith('LATCHKEY_') || key === 'DATABASE_URL' || key.startsWith('SMTP_')) {
        delete clean[key];
      }
    }
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const procs = ports.map((port) => {
      const child: ChildProcess = spawn(process.execPath, NODE_ARGS, {
        env: {
          ...clean,
          PORT: String(port),
          DATABASE_URL: url,
          LATCHKEY_DEV: '1',
          LATCHKEY_SECRET: TEST_SECRET,
          LATCHKEY_DEV_APP_SECRET: 'replica-dev-app-secret-0123',
          LATCHKEY_DATA_DIR: dir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      cleanups.push(() => {
        child.kill('SIGKILL');
      });
      return { port, child, output: () => out };
    });

    const deadline = Date.now() + 90_000;
    for (const p of procs) {
      while (!p.output().includes('Latchkey API listening')) {
        if (Date.now() > deadline || p.child.exitCode !== null) {
          throw new Error(`process on port ${p.port} did not come up:\n${p.output()}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (const p of procs) {
      const res = await fetch(`http://127.0.0.1:${p.port}/api/v1/apps/${DEV_APP}`);
      expect(res.status).toBe(200);
      expect(serverAppConfig.parse(await res.json())).toMatchObject({ name: 'Latchkey Demo' });
      expect(p.output()).not.toMatch(/error/i);
    }
    for (const p of procs) {
      const exit = new Promise((resolve) => p.child.on('exit', resolve));
      p.child.kill('SIGTERM');
      expect(await exit).toBe(0);
    }
  }, 120_000);
});
