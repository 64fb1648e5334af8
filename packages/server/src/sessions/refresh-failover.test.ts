/**
 * Issue 10, item 4, the figure to reach: two server processes on one PostgreSQL, 200 users
 * refreshing through a client that retries like core's (network error, 503 after Retry-After,
 * a lost answer presents the same token again). A `kill -9` of one process, or a PostgreSQL
 * restart, loses 0 sessions and shows no 500.
 *
 * Runs under `npm run test:pg` (real PostgreSQL; skipped without LATCHKEY_TEST_DATABASE_URL).
 * The restart scenario needs LATCHKEY_TEST_PG_RESTART (JSON argv of `pg_ctl restart` for the
 * throwaway cluster, set by scripts/test-postgres.ts) and is skipped without it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ID_HEADER, ROUTES } from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/anvil.ts';
import { createAppRecord } from '../apps/records.ts';
import { randomId } from '../crypto.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { devOutboxDelivery } from '../delivery/dev-outbox.ts';
import { createServer } from '../server.ts';
import { newUserId } from '../users/service.ts';
import { createSession } from './service.ts';

const BASE_URL = process.env.LATCHKEY_TEST_DATABASE_URL;
const RESTART = process.env.LATCHKEY_TEST_PG_RESTART;
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SECRET = 'failover-secret-0123456789-abcdefghijklmnop';
const PUBLIC_URL = 'http://latchkey.failover.test';
const USERS = 200;
/** Share of 200 answers the client pretends to lose (it then presents the same token again). */
const LOSE_RATE = 0.05;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<void>;
}

let databaseUrl: string;
let database: Database;
let appId: string;
let dataDir: string;
const processes: ServerProcess[] = [];

async function startServer(): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('LATCHKEY_') || key === 'DATABASE_URL' || key.startsWith('SMTP_'))
      delete env[key];
  }
  // node itself (not the tsx wrapper, whose SIGKILL would leave the server running), as the
  // leader of its own process group, so that a kill takes the whole process tree down.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    detached: true,
    env: {
      ...env,
      PORT: String(port),
      PUBLIC_URL,
      DATABASE_URL: databaseUrl,
      LATCHKEY_SECRET: SECRET,
      LATCHKEY_DEV: '1',
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_DEV_APP_SECRET: 'failover-dev-app-secret',
      LATCHKEY_RATE_LIMITS: JSON.stringify({ refreshPerIp: { max: 1_000_000, windowS: 60 } }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const server = { child, port, output: () => out, exited };
  processes.push(server);
  const deadline = Date.now() + 60_000;
  while (!out.includes('Latchkey API listening')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      throw new Error(`server did not start:\n${out}`);
    }
    await sleep(100);
  }
  return server;
}

/** `kill -9` of a server process and everything it started (its process group). */
function kill(server: ServerProcess): void {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  try {
    process.kill(-server.child.pid!, 'SIGKILL');
  } catch {
    server.child.kill('SIGKILL');
  }
}

interface User {
  id: string;
  refreshToken: string;
  accessToken: string;
  /** Why this session was lost, if it was. */
  lost?: string;
}

interface Stats {
  ok: number;
  dropped: number;
  network: number;
  status: Record<number, number>;
}

const newStats = (): Stats => ({ ok: 0, dropped: 0, network: 0, status: {} });

/**
 * One refresh as a client would do it: round robin over the servers (a load balancer), retry
 * a network error, a timeout or a 503 (after its Retry-After) with the same token, and
 * present the same token again after a lost answer. Records any other answer as a lost session.
 */
async function refreshOnce(
  user: User,
  ports: () => number[],
  stats: Stats,
  loseRate: number,
  deadline: number,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (Date.now() > deadline) {
      user.lost = `no answer before the deadline (${attempt} attempts)`;
      return;
    }
    const list = ports();
    const port = list[(attempt + user.id.charCodeAt(0)) % list.length]!;
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${port}${ROUTES.sessions}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [APP_ID_HEADER]: appId },
        body: JSON.stringify({ refresh_token: user.refreshToken }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      stats.network++;
      await sleep(50 + Math.random() * 100);
      continue;
    }
    stats.status[res.status] = (stats.status[res.status] ?? 0) + 1;
    if (res.status === 200) {
      const body = (await res.json()) as { token: string; refresh_token: string };
      if (Math.random() < loseRate) {
        stats.dropped++;
        continue; // the answer is "lost": present the same token again
      }
      user.refreshToken = body.refresh_token;
      user.accessToken = body.token;
      stats.ok++;
      return;
    }
    if (res.status === 503) {
      const after = Number(res.headers.get('retry-after') ?? '1');
      await res.body?.cancel();
      await sleep(Math.min(after, 5) * 1000 * (0.5 + Math.random()));
      continue;
    }
    user.lost = `${res.status} ${await res.text()}`;
    return;
  }
}

/** Every user refreshes in a loop until `stop()` says so (a pause of 0-40 ms between). */
async function refreshLoop(
  all: User[],
  ports: () => number[],
  stats: Stats,
  stop: () => boolean,
): Promise<void> {
  await Promise.all(
    all.map(async (user) => {
      await sleep(Math.random() * 200);
      while (!stop() && !user.lost) {
        await refreshOnce(user, ports, stats, LOSE_RATE, Date.now() + 30_000);
        await sleep(Math.random() * 40);
      }
    }),
  );
}

/** Every session still works: one more refresh (no lost answers) and `/users/me`. */
async function expectNoSessionLost(all: User[], port: number): Promise<void> {
  const stats = newStats();
  await Promise.all(
    all.map(async (user) => {
      if (user.lost) return;
      await refreshOnce(user, () => [port], stats, 0, Date.now() + 20_000);
      if (user.lost) return;
      const me = await fetch(`http://127.0.0.1:${port}${ROUTES.usersMe}`, {
        headers: { [APP_ID_HEADER]: appId, authorization: `Bearer ${user.accessToken}` },
      });
      if (me.status !== 200) user.lost = `users/me ${me.status}`;
      else if (((await me.json()) as { user: { id: string } }).user.id !== user.id) {
        user.lost = 'users/me answered another user';
      }
    }),
  );
  expect(all.filter((u) => u.lost).map((u) => u.lost)).toEqual([]);
  expect(stats.ok).toBe(all.length);
}

describe.skipIf(!BASE_URL)('refresh on two processes and one PostgreSQL (issue 10)', () => {
  let everyone: User[];

  beforeAll(async () => {
    const { default: pg } = await import('pg');
    const name = `latchkey_failover_${randomId(10)}`;
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const target = new URL(BASE_URL!);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    database = await openDatabase({ url: databaseUrl });
    dataDir = mkdtempSync(join(tmpdir(), 'latchkey-failover-'));
    const app = await createAppRecord(database.db, SECRET, { name: 'Failover', emailAuth: true });
    appId = app.id;
    const { context } = createServer({
      db: database.db,
      publicUrl: PUBLIC_URL,
      secret: SECRET,
      delivery: devOutboxDelivery(database.db),
    });
    everyone = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const id = newUserId();
        await database.db.insert(users).values({ id, appId, createdAt: new Date() });
        const session = await createSession(context, appId, id);
        return { id, refreshToken: session.refreshToken, accessToken: session.token };
      }),
    );
    await Promise.all([startServer(), startServer()]);
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) kill(p);
    await Promise.all(processes.map((p) => p.exited));
    await database?.close();
    if (BASE_URL && databaseUrl) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: BASE_URL });
      await admin.connect();
      await admin.query(
        `DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`,
      );
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const live = () =>
    processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);

  it('kill -9 of one process mid-run loses 0 sessions and shows no 500', async () => {
    const [victim, survivor] = live();
    const stats = newStats();
    const ports = [victim!.port, survivor!.port];
    // Warm up: every user refreshes once on each process (the first requests are slow).
    await expectNoSessionLost(everyone, victim!.port);
    await expectNoSessionLost(everyone, survivor!.port);
    // Kill once the run is under way (half the users refreshed; a loaded machine is slow),
    // then go on until every user could have refreshed again (bounded in time either way).
    let killedAt = 0;
    let okBeforeKill = 0;
    const killer = (async () => {
      const t0 = Date.now();
      while (stats.ok < USERS / 2 && Date.now() - t0 < 15_000) await sleep(20);
      okBeforeKill = stats.ok;
      kill(victim!);
      killedAt = Date.now();
      await victim!.exited;
    })();
    // The client keeps both addresses, as a load balancer would until its health check fails.
    await refreshLoop(
      everyone,
      () => ports,
      stats,
      () => killedAt > 0 && (stats.ok - okBeforeKill >= USERS || Date.now() - killedAt > 15_000),
    );
    await killer;
    console.log('kill -9:', { okBeforeKill, ...stats });
    expect(killedAt).toBeGreaterThan(0);
    expect(stats.status[500] ?? 0).toBe(0);
    expect(everyone.filter((u) => u.lost).map((u) => u.lost)).toEqual([]);
    // It did run under load on both sides of the kill, and lost answers were exercised.
    expect(okBeforeKill).toBeGreaterThan(0);
    expect(stats.ok - okBeforeKill).toBeGreaterThan(0);
    expect(stats.network).toBeGreaterThan(0);
    expect(stats.dropped).toBeGreaterThan(0);
    await expectNoSessionLost(everyone, survivor!.port);
  }, 90_000);

  it.skipIf(!RESTART)(
    'a PostgreSQL restart mid-run loses 0 sessions and shows no 500 (503 + retry instead)',
    async () => {
      if (live().length < 2) await startServer();
      const ports = live().map((p) => p.port);
      const stats = newStats();
      let restarted = false;
      const restarter = (async () => {
        const t0 = Date.now();
        while (stats.ok < USERS / 2 && Date.now() - t0 < 15_000) await sleep(20);
        const argv = JSON.parse(RESTART!) as string[];
        const child = spawn(argv[0]!, argv.slice(1), { stdio: 'ignore' });
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code).toBe(0);
        restarted = true;
      })();
      let doneAt = 0;
      await refreshLoop(
        everyone,
        () => ports,
        stats,
        () => {
          if (restarted && !doneAt) doneAt = Date.now();
          return doneAt > 0 && Date.now() - doneAt > 3_000;
        },
      );
      await restarter;
      console.log('restart:', { doneAt, ...stats });
      expect(stats.status[500] ?? 0).toBe(0);
      expect(everyone.filter((u) => u.lost).map((u) => u.lost)).toEqual([]);
      // The outage was seen (503s or dropped connections) and refreshes went on after it.
      expect((stats.status[503] ?? 0) + stats.network).toBeGreaterThan(0);
      expect(stats.dropped).toBeGreaterThan(0);
      await expectNoSessionLost(everyone, ports[0]!);
      for (const p of live()) expect(p.output()).not.toMatch(/unhandled error/);
    },
    90_000,
  );
});
