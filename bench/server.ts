/**
 * `npm run bench:server`: throughput and latency of the API on loopback, as ratios to a bare
 * Hono app measured in the same run (issue 13).
 *
 * One run measures, one after the other, each server a child process started the same way
 * (`node --import tsx <entry>`, its own process group):
 *
 * 1. bare Hono (`bench/bare-hono.ts`, `GET /health`): the 1.0 baseline, one server for the
 *    run, measured first and again after each server below; each row's ratio uses the mean of
 *    the two samples around its server (the machine's speed drifts within a run: shared cores).
 * 2. Latchkey on PGlite (a temp folder), `LATCHKEY_DEV=1`, per-IP limits raised through
 *    `LATCHKEY_RATE_LIMITS` (all load comes from one IP; the limiter still counts every
 *    request, it just never answers 429), `LATCHKEY_LOG_LEVEL=warn` (no request log lines).
 * 3. Latchkey on PostgreSQL: `DATABASE_URL` when set, else a throwaway cluster made like
 *    `npm run test:pg` makes one (`test-support/postgres.ts`). `BENCH_SKIP_PG=1` skips it.
 * 4. Better Auth (`bench/better-auth/server.mjs`: its memory adapter and email OTP plugin, the
 *    comparison the issue asks for): the same email code sign-in flow and its session check
 *    (`GET /api/auth/get-session` with the session cookie). `bench/better-auth` is installed
 *    from its own lockfile on first use (`npm ci`, needs the npm registry); it is not a
 *    workspace dependency. `BENCH_SKIP_BETTER_AUTH=1` skips it. The table ends with Latchkey's
 *    sign-ins per second as a multiple of Better Auth's.
 *
 * On each Latchkey server, with BENCH_CONNECTIONS (64) connections, BENCH_DURATION_S (5) s each:
 * - `GET /api/v1/apps/{appId}` (autocannon);
 * - email code sign-ins: `POST /passwordless/init` -> `GET /dev/outbox?to=` -> `POST
 *   /passwordless/authenticate`, a fresh address (a new user) per flow, BENCH_FLOW_CONCURRENCY
 *   (= connections) workers in a loop (autocannon cannot carry a value between requests);
 *   the codes wait in the dev outbox in the server's memory, as Better Auth's do in a Map
 *   (`BENCH_OUTBOX`, below);
 * - `POST /api/v1/sessions` (refresh with rotation): autocannon drawing a never-used refresh
 *   token from a pool filled by the sign-ins and putting the rotated one back (pipelining 1,
 *   so no token is presented twice: a reuse would revoke its session and count as an error);
 * - `GET /api/v1/users/me` with one access token (autocannon).
 * For each: requests/s (flows/s for sign-ins), p50/p99 in ms, the ratio to bare Hono's
 * requests/s, and the server process's CPU (% of one core over the phase, all its threads, so
 * over 100 when PGlite's worker thread and the main thread both work; from
 * /proc/<pid>/stat) and RSS at the end of the phase (/proc/<pid>/status).
 *
 * Before the HTTP runs it counts the SQL statements each path issues (an in-process server on
 * PGlite in memory whose Drizzle logger counts queries; averaged over 20 warm requests).
 *
 * `BENCH_BASE_DIR=<dir>`: a checkout of another version (e.g. `git archive HEAD packages/server
 * packages/api packages/wallet-frame ... | tar -x`, with `node_modules` symlinked to this
 * workspace's): each database then also runs that version's server (rows labelled `base`),
 * right before this one, against the same bare Hono figure: before/after ratios from one run.
 * On PostgreSQL each server gets a fresh throwaway cluster (not with `DATABASE_URL`).
 *
 * `BENCH_ONLY=apps,signin,refresh,me` runs only those Latchkey paths; `BENCH_SKIP_PGLITE=1`
 * skips PGlite (with BENCH_CPU_PROF, a profile of one path on one database).
 *
 * `BENCH_PG_WAITS=1`: while each PostgreSQL server runs its paths, samples `pg_stat_activity`
 * every 20 ms and prints what the client backends were doing (active on CPU, waiting on a lock
 * or I/O, idle in a transaction, idle), and the statements most often active: where a
 * PostgreSQL run waits, before anything is optimised.
 *
 * `BENCH_CPU_PROF=<dir>`: the Latchkey children run with `node --cpu-prof` into that folder
 * (one .cpuprofile per server, written when it stops). Asserts nothing; exit code 0 unless a
 * server cannot start. Bounded: about 3 x 4 x BENCH_DURATION_S s of load plus starts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonResult } from 'autocannon';
import pg from 'pg';
import { createAppRecord } from '../packages/server/src/apps/records.ts';
import { openDatabase } from '../packages/server/src/db/index.ts';
import {
  devOutboxDelivery,
  memoryOutboxDelivery,
} from '../packages/server/src/delivery/dev-outbox.ts';
import { createServer } from '../packages/server/src/server.ts';
import { freePort } from '../test-support/anvil.ts';
import { startThrowawayPostgres } from '../test-support/postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_ID = 'latchkeydemo0000000000000';
const ORIGIN = 'http://localhost:5173';
const SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const FLOW_CONCURRENCY = Number(process.env.BENCH_FLOW_CONCURRENCY ?? CONNECTIONS);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const BASE_DIR = process.env.BENCH_BASE_DIR ? path.resolve(process.env.BENCH_BASE_DIR) : undefined;
const START_TIMEOUT_MS = 120_000;
/** `BENCH_ONLY=apps,signin,refresh,me`: only those Latchkey paths (e.g. to profile one). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((p) => p.trim());
const runs = (pathName: 'apps' | 'signin' | 'refresh' | 'me') => !ONLY || ONLY.includes(pathName);
/** `BENCH_SKIP_PGLITE=1` skips the PGlite server (e.g. to profile PostgreSQL alone). */
const SKIP_PGLITE = process.env.BENCH_SKIP_PGLITE === '1';
/**
 * `BENCH_OUTBOX`: where Latchkey's dev outbox keeps the codes, `memory` (default: this process's
 * memory, `LATCHKEY_DEV_OUTBOX=memory`, as Better Auth's bench server keeps its codes in a Map)
 * or `database` (the `dev_outbox` table: one INSERT per send and one SELECT per read, which the
 * compared server does not pay).
 */
const OUTBOX = process.env.BENCH_OUTBOX ?? 'memory';
if (OUTBOX !== 'memory' && OUTBOX !== 'database') {
  throw new Error(`BENCH_OUTBOX must be memory or database, got ${OUTBOX}`);
}
/** `BENCH_PG_WAITS=1`: sample `pg_stat_activity` during the PostgreSQL runs. */
const PG_WAITS = process.env.BENCH_PG_WAITS === '1';

/**
 * Samples `pg_stat_activity` of `url`'s database every 20 ms until stopped; `stop()` prints the
 * share of samples per backend state and wait, and the most frequent active statements.
 */
function samplePgActivity(url: string, label: string): { stop: () => Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  const states = new Map<string, number>();
  const statements = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{
        state: string | null;
        wait_event_type: string | null;
        wait_event: string | null;
        query: string;
      }>(
        `SELECT state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND backend_type = 'client backend'`,
      );
      samples++;
      for (const r of rows) {
        const key = `${r.state ?? '?'}${r.wait_event_type ? ` / ${r.wait_event_type}:${r.wait_event}` : ''}`;
        states.set(key, (states.get(key) ?? 0) + 1);
        if (r.state === 'active') statements.set(r.query, (statements.get(r.query) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop.catch((error: unknown) => console.error(`pg_stat_activity sampling: ${error}`));
      await client.end().catch(() => {});
      const top = (m: Map<string, number>, n: number) =>
        [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
      console.log(`\n${label}: client backends per pg_stat_activity sample (${samples} samples)`);
      for (const [key, count] of top(states, 12))
        console.log(`  ${fmt(count / samples, 2).padStart(6)}  ${key}`);
      console.log(`${label}: active statements (backends per sample)`);
      for (const [query, count] of top(statements, 8))
        console.log(`  ${fmt(count / samples, 2).padStart(6)}  ${query}`);
    },
  };
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** Every per-IP limit far above what one loopback client can reach. */
const RATE_LIMITS = {
  initPerIp: { max: 100_000_000, windowS: 60 },
  authenticatePerIp: { max: 100_000_000, windowS: 60 },
  refreshPerIp: { max: 100_000_000, windowS: 60 },
};

const headers = {
  'content-type': 'application/json',
  'latchkey-app-id': APP_ID,
  origin: ORIGIN,
};

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const cleanups: (() => void)[] = [];
process.on('exit', () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

/** Starts `node --import tsx <entry>` and waits for `marker` on its output. */
async function startProcess(
  entry: string,
  env: Record<string, string>,
  marker: string,
  nodeArgs: string[] = [],
  cwd = root,
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // gone
    }
  };
  cleanups.push(() => kill('SIGKILL'));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} not ready in ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    child,
    stop: async () => {
      // SIGTERM to the process itself (a clean exit writes the --cpu-prof profile).
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const t = setTimeout(() => {
          kill('SIGKILL');
          resolve();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
    },
  };
}

async function startLatchkey(databaseUrl: string | undefined, dir: string): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latchkey-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startProcess(
    'packages/server/src/main.ts',
    {
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_DEV: '1',
      LATCHKEY_DEV_APP_ID: APP_ID,
      LATCHKEY_DEV_ORIGINS: ORIGIN,
      LATCHKEY_RATE_LIMITS: JSON.stringify(RATE_LIMITS),
      LATCHKEY_DEV_OUTBOX: OUTBOX,
      // One JSON line per request would be most of what the bench measures and keeps.
      LATCHKEY_LOG_LEVEL: process.env.LATCHKEY_LOG_LEVEL ?? 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, LATCHKEY_SECRET: SECRET } : {}),
    },
    'Latchkey API listening',
    CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : [],
    dir,
  );
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (s) and RSS (MB) of a process, from /proc. */
function processUsage(pid: number): { cpuS: number; rssMb: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuS = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return { cpuS, rssMb: rssKb / 1024 };
  } catch {
    return { cpuS: Number.NaN, rssMb: Number.NaN };
  }
}

/**
 * CPU time (s) of every local `postgres` process (the throwaway cluster's postmaster and
 * backends) from /proc; 0 when there is none (PGlite, or a remote `DATABASE_URL`).
 */
function postgresCpuS(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

interface Row {
  server: string;
  name: string;
  rate: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  cpuPct: number;
  rssMb: number;
  /** The load generator's CPU (this process: autocannon or the flows' client), % of one core. */
  clientCpuPct: number;
  /** Local PostgreSQL processes' CPU over the phase, % of one core (0 on PGlite). */
  dbCpuPct: number;
  /**
   * The baseline of this row: the mean of bare Hono's req/s measured right before and right
   * after the row's server (set in `main`); the "x bare" ratio divides by it.
   */
  bare?: number;
}

/** Runs `fn` and adds the server's CPU share and final RSS to its row. */
async function measured(
  server: Server,
  fn: () => Promise<Omit<Row, 'cpuPct' | 'rssMb' | 'clientCpuPct' | 'dbCpuPct'>>,
): Promise<Row> {
  const pid = server.child.pid!;
  const before = processUsage(pid);
  const clientBefore = process.cpuUsage();
  const dbBefore = postgresCpuS();
  const t0 = performance.now();
  const row = await fn();
  const elapsedS = (performance.now() - t0) / 1000;
  const after = processUsage(pid);
  const client = process.cpuUsage(clientBefore);
  const dbS = postgresCpuS() - dbBefore;
  return {
    ...row,
    cpuPct: ((after.cpuS - before.cpuS) / elapsedS) * 100,
    rssMb: after.rssMb,
    clientCpuPct: ((client.user + client.system) / 1e6 / elapsedS) * 100,
    dbCpuPct: (dbS / elapsedS) * 100,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

function rowOf(server: string, name: string, r: AutocannonResult) {
  return {
    server,
    name,
    rate: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

/**
 * The flows' HTTP client: node:http over one keep-alive agent. `fetch` (undici) cost this
 * process about 1 ms of CPU a request, so at 200 flows/s the load generator took a third of
 * the 2 cores from the server it measures; this client costs a fraction of that. Both Latchkey
 * and Better Auth flows use it.
 */
const flowAgent = new http.Agent({ keepAlive: true, maxSockets: FLOW_CONCURRENCY });

/** One request; resolves with the status, the `set-cookie` header and the parsed JSON body. */
function httpJson(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; setCookie: string[] | undefined }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent: flowAgent,
        headers: {
          ...headers,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: json stays null
          }
          resolve({ status: res.statusCode ?? 0, json, setCookie: res.headers['set-cookie'] });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const postJson = (url: string, body: unknown) => httpJson('POST', url, body);

interface Session {
  token: string;
  refreshToken: string;
}

/** One email code sign-in of a fresh address; throws unless every step answers 200. */
async function signIn(url: string, email: string): Promise<Session> {
  const init = await postJson(`${url}/api/v1/passwordless/init`, { email });
  if (init.status !== 200) throw new Error(`init ${init.status} ${JSON.stringify(init.json)}`);
  const res = await httpJson('GET', `${url}/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = (res.json as { code: string | null }[]).at(-1)?.code;
  if (!code) throw new Error('no code in the outbox');
  const auth = await postJson(`${url}/api/v1/passwordless/authenticate`, { email, code });
  if (auth.status !== 200)
    throw new Error(`authenticate ${auth.status} ${JSON.stringify(auth.json)}`);
  const body = auth.json as { token: string; refresh_token: string };
  return { token: body.token, refreshToken: body.refresh_token };
}

/**
 * The same flow on Better Auth's email OTP plugin (`bench/better-auth/server.mjs`): send the
 * code, read it from that server's outbox, sign in. The session is the `Set-Cookie` value
 * (`token`; there is no refresh token).
 */
async function betterAuthSignIn(url: string, email: string): Promise<Session> {
  const sent = await postJson(`${url}/api/auth/email-otp/send-verification-otp`, {
    email,
    type: 'sign-in',
  });
  if (sent.status !== 200) throw new Error(`send ${sent.status} ${JSON.stringify(sent.json)}`);
  const res = await httpJson('GET', `${url}/outbox?to=${encodeURIComponent(email)}`);
  const code = (res.json as { code: string | null }[]).at(-1)?.code;
  if (!code) throw new Error('no code in the outbox');
  const signedIn = await postJson(`${url}/api/auth/sign-in/email-otp`, { email, otp: code });
  if (signedIn.status !== 200) throw new Error(`sign-in ${signedIn.status}`);
  const cookie = signedIn.setCookie?.[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return { token: cookie, refreshToken: '' };
}

/** Email code sign-ins, FLOW_CONCURRENCY workers in a loop for DURATION_S seconds. */
async function signIns(
  label: string,
  url: string,
  sessions: Session[],
  flow: (url: string, email: string) => Promise<Session> = signIn,
) {
  const total: number[] = [];
  let errors = 0;
  let seq = 0;
  const runId = Date.now().toString(36);
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  const worker = async (w: number) => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        sessions.push(await flow(url, `bench-${runId}-${w}-${seq++}@example.com`));
        total.push(performance.now() - t0);
      } catch (error) {
        errors++;
        if (errors <= 3)
          console.error(`sign-in error: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: FLOW_CONCURRENCY }, (_, w) => worker(w)));
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = [...total].sort((a, b) => a - b);
  return {
    server: label,
    name: `email code sign-ins/s (${FLOW_CONCURRENCY} concurrent flows)`,
    rate: total.length / elapsedS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ok: total.length,
    errors,
  };
}

/** Session refresh with rotating tokens drawn from (and returned to) a shared pool. */
async function refresh(label: string, url: string, pool: string[]) {
  let starved = 0;
  const result = await autocannon({
    url: `${url}/api/v1/sessions`,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req) => {
          const token = pool.shift();
          if (!token) starved++;
          return { ...req, body: JSON.stringify({ refresh_token: token ?? 'pool-empty' }) };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          try {
            const next = (JSON.parse(body) as { refresh_token?: string | null }).refresh_token;
            if (next) pool.push(next);
          } catch {
            // counted as an error by the status check above if it matters
          }
        },
      },
    ],
  });
  if (starved > 0) console.error(`refresh: the token pool ran dry ${starved} times`);
  return rowOf(label, 'POST /api/v1/sessions (refresh, rotation)', result);
}

const get = (url: string, extra: Record<string, string> = {}) =>
  autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'latchkey-app-id': APP_ID, origin: ORIGIN, ...extra },
  });

/** The four Latchkey paths against one running server. */
async function latchkeyRows(label: string, server: Server): Promise<Row[]> {
  const url = server.url;
  // Warm-up: JIT, connection pool, first queries, caches.
  await autocannon({ url: `${url}/api/v1/apps/${APP_ID}`, connections: 2, duration: 1 });
  const rows: Row[] = [];
  if (runs('apps')) {
    console.log(`${label}: GET /api/v1/apps/{appId} (${DURATION_S} s)...`);
    rows.push(
      await measured(server, async () =>
        rowOf(label, 'GET /api/v1/apps/{appId}', await get(`${url}/api/v1/apps/${APP_ID}`)),
      ),
    );
  }
  const sessions: Session[] = [];
  if (runs('signin')) {
    console.log(`${label}: email code sign-ins (${DURATION_S} s)...`);
    rows.push(await measured(server, () => signIns(label, url, sessions)));
  }
  if (!runs('refresh') && !runs('me')) return rows;
  const pool = sessions.map((s) => s.refreshToken);
  for (let i = 0; pool.length < CONNECTIONS * 2 && i < CONNECTIONS * 4; i++) {
    const s = await signIn(url, `bench-pool-${Date.now().toString(36)}-${i}@example.com`);
    sessions.push(s);
    pool.push(s.refreshToken);
  }
  const token = sessions.at(-1)!.token;
  if (runs('refresh')) {
    console.log(`${label}: refresh (${DURATION_S} s, pool of ${pool.length} sessions)...`);
    rows.push(await measured(server, () => refresh(label, url, pool)));
  }
  if (runs('me')) {
    console.log(`${label}: GET /api/v1/users/me (${DURATION_S} s)...`);
    rows.push(
      await measured(server, async () =>
        rowOf(
          label,
          'GET /api/v1/users/me',
          await get(`${url}/api/v1/users/me`, { authorization: `Bearer ${token}` }),
        ),
      ),
    );
  }
  return rows;
}

const BETTER_AUTH = 'Better Auth (memory)';
const BETTER_AUTH_DIR = path.join(root, 'bench/better-auth');

/**
 * Installs `bench/better-auth` from its lockfile (`npm ci`, the npm registry) unless it is
 * there already. Not a workspace dependency: only this bench needs it.
 *
 * @returns true when ready, else why not (offline, npm failed).
 */
function installBetterAuth(): true | string {
  if (existsSync(path.join(BETTER_AUTH_DIR, 'node_modules/better-auth/package.json'))) return true;
  console.log('installing bench/better-auth (npm ci, once)...');
  const out = spawnSync(
    'npm',
    ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { cwd: BETTER_AUTH_DIR, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
  );
  if (out.status === 0) return true;
  return `npm ci in bench/better-auth failed (${out.status}): ${out.stderr.trim().slice(-400)}`;
}

/** Better Auth's email code sign-ins and its session check (`GET /api/auth/get-session`). */
async function betterAuthRows(server: Server): Promise<Row[]> {
  const url = server.url;
  await betterAuthSignIn(url, 'warm-up@example.com');
  const rows: Row[] = [];
  console.log(`${BETTER_AUTH}: email code sign-ins (${DURATION_S} s)...`);
  const sessions: Session[] = [];
  rows.push(await measured(server, () => signIns(BETTER_AUTH, url, sessions, betterAuthSignIn)));
  const cookie = sessions.at(-1)?.token;
  if (cookie) {
    console.log(`${BETTER_AUTH}: GET /api/auth/get-session (${DURATION_S} s)...`);
    rows.push(
      await measured(server, async () =>
        rowOf(
          BETTER_AUTH,
          'GET /api/auth/get-session (session check)',
          await get(`${url}/api/auth/get-session`, { cookie }),
        ),
      ),
    );
  }
  return rows;
}

/**
 * SQL statements per request of each path: an in-process server on PGlite in memory whose
 * client's `query` is wrapped to count calls, 20 warm requests of each path.
 */
async function statementCounts(): Promise<Record<string, number>> {
  const database = await openDatabase();
  const db = database.db;
  let statements = 0;
  // Drizzle's PGlite session sends every statement through the client's query().
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    statements++;
    return query(...args);
  };
  const { app } = createServer({
    db,
    publicUrl: 'http://127.0.0.1:1',
    secret: SECRET,
    ...(OUTBOX === 'memory'
      ? (() => {
          const outbox = memoryOutboxDelivery();
          return { delivery: outbox, devOutbox: outbox };
        })()
      : { delivery: devOutboxDelivery(db) }),
    dev: true,
    rateLimits: RATE_LIMITS,
  });
  await createAppRecord(db, SECRET, {
    id: APP_ID,
    name: 'Bench',
    emailAuth: true,
    allowedOrigins: [ORIGIN],
  });
  const call = async (pathName: string, init: RequestInit = {}) => {
    const res = await app.request(pathName, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    });
    if (res.status !== 200) throw new Error(`${pathName}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const post = (pathName: string, body: unknown) =>
    call(pathName, { method: 'POST', body: JSON.stringify(body) });
  let seq = 0;
  const signInOnce = async () => {
    const email = `count-${seq++}@example.com`;
    await post('/api/v1/passwordless/init', { email });
    const outbox = (await call(`/dev/outbox?to=${encodeURIComponent(email)}`)) as unknown as {
      code: string;
    }[];
    return post('/api/v1/passwordless/authenticate', { email, code: outbox.at(-1)!.code });
  };
  const N = 20;
  const count = async (fn: () => Promise<unknown>) => {
    await fn(); // warm
    const before = statements;
    for (let i = 0; i < N; i++) await fn();
    return (statements - before) / N;
  };
  const out: Record<string, number> = {};
  out['GET /api/v1/apps/{appId}'] = await count(() => call(`/api/v1/apps/${APP_ID}`));
  out['email code sign-in (init + authenticate; outbox read excluded)'] = await count(async () => {
    const email = `count-${seq++}@example.com`;
    await post('/api/v1/passwordless/init', { email });
    const before = statements;
    const outbox = (await call(`/dev/outbox?to=${encodeURIComponent(email)}`)) as unknown as {
      code: string;
    }[];
    statements = before;
    await post('/api/v1/passwordless/authenticate', { email, code: outbox.at(-1)!.code });
  });
  let refreshToken = (await signInOnce()).refresh_token as string;
  out['POST /api/v1/sessions (refresh, rotation)'] = await count(async () => {
    refreshToken = (await post('/api/v1/sessions', { refresh_token: refreshToken }))
      .refresh_token as string;
  });
  const token = (await signInOnce()).token as string;
  out['GET /api/v1/users/me'] = await count(() =>
    call('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } }),
  );
  await database.close();
  return out;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function printTable(rows: Row[], bare: number) {
  // A bare Hono row's ratio is to the mean of every bare sample (the drift shows); any other
  // row's to its own bracket.
  const head = ['server', 'path', 'req/s', 'x bare', 'p50 ms', 'p99 ms', 'ok', 'err', 'CPU %'];
  head.push('RSS MB', 'load CPU %', 'PG CPU %');
  const cells = rows.map((r) => [
    r.server,
    r.name,
    fmt(r.rate, 0),
    fmt(r.rate / (r.bare ?? bare), 4),
    fmt(r.p50),
    fmt(r.p99),
    String(r.ok),
    String(r.errors),
    fmt(r.cpuPct, 0),
    fmt(r.rssMb, 0),
    fmt(r.clientCpuPct, 0),
    fmt(r.dbCpuPct, 0),
  ]);
  const all = [head, ...cells];
  const widths = head.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}

/**
 * Bare Hono's `GET /health` (the baseline): one server started for the whole run, measured
 * before and after each Latchkey or Better Auth server, so every row has a baseline taken
 * minutes rather than the whole run away (the machine's speed drifts: shared cores).
 */
async function startBareHono(): Promise<{
  sample: (label: string) => Promise<Row>;
  stop: () => Promise<void>;
}> {
  const server = await startProcess('bench/bare-hono.ts', {}, 'bare hono listening');
  await autocannon({ url: `${server.url}/health`, connections: 2, duration: 1 });
  return {
    sample: async (label) => {
      console.log(`${label} (GET /health)...`);
      return measured(server, async () =>
        rowOf(label, 'GET /health', await get(`${server.url}/health`)),
      );
    },
    stop: () => server.stop(),
  };
}

async function main() {
  console.log('counting SQL statements per request (in-process, PGlite in memory)...');
  const counts = await statementCounts();

  const rows: Row[] = [];
  const bare = await startBareHono();
  let lastBare = await bare.sample('bare Hono');
  rows.push(lastBare);
  /**
   * Runs one server's rows between two bare samples (the previous block's closing sample opens
   * the next): each row's baseline is the mean of the two.
   */
  const bracketed = async (block: () => Promise<Row[]>) => {
    const before = lastBare;
    const blockRows = await block();
    lastBare = await bare.sample('bare Hono');
    for (const row of blockRows) row.bare = (before.rate + lastBare.rate) / 2;
    rows.push(...blockRows, lastBare);
  };

  const versions: [string, string][] = BASE_DIR
    ? [
        [' base', BASE_DIR],
        ['', root],
      ]
    : [['', root]];
  for (const [suffix, dir] of SKIP_PGLITE ? [] : versions) {
    console.log(`starting Latchkey${suffix} on PGlite (temp folder)...`);
    const pglite = await startLatchkey(undefined, dir);
    try {
      await bracketed(() => latchkeyRows(`PGlite${suffix}`, pglite));
    } finally {
      await pglite.stop();
    }
  }

  if (process.env.BENCH_SKIP_BETTER_AUTH !== '1') {
    const ready = installBetterAuth();
    if (ready === true) {
      console.log('starting Better Auth (memory adapter, email OTP plugin)...');
      const server = await startProcess(
        'bench/better-auth/server.mjs',
        {},
        'better-auth listening',
      );
      try {
        await bracketed(() => betterAuthRows(server));
      } finally {
        await server.stop();
      }
    } else {
      console.error(`Better Auth comparison skipped: ${ready}`);
    }
  }

  if (process.env.BENCH_SKIP_PG !== '1') {
    for (const [suffix, dir] of versions) {
      let url = process.env.DATABASE_URL;
      let label = `PostgreSQL (DATABASE_URL)${suffix}`;
      let stopCluster = () => {};
      if (!url) {
        const cluster = await startThrowawayPostgres();
        if (!cluster) {
          console.error('PostgreSQL is not installed and DATABASE_URL is unset: skipping it.');
          break;
        }
        cleanups.push(() => cluster.stop());
        stopCluster = () => cluster.stop();
        url = process.env.BENCH_PG_SOCKET === '1' ? cluster.socketUrl : cluster.url;
        label = `PostgreSQL${suffix}`;
      }
      console.log(`starting Latchkey on ${label}...`);
      const pgServer = await startLatchkey(url, dir);
      const waits = PG_WAITS ? samplePgActivity(url, label) : undefined;
      try {
        await bracketed(() => latchkeyRows(label, pgServer));
      } finally {
        await waits?.stop();
        await pgServer.stop();
        stopCluster();
      }
    }
  }

  await bare.stop();
  const bareSamples = rows.filter((r) => r.bare === undefined);
  const bareRate = bareSamples.reduce((sum, r) => sum + r.rate, 0) / bareSamples.length;
  console.log('');
  printTable(rows, bareRate);
  console.log('');
  console.log('SQL statements per request (in-process on PGlite):');
  for (const [name, n] of Object.entries(counts))
    console.log(`  ${fmt(n, 2).padStart(6)}  ${name}`);
  const [l1, l5] = loadavg();
  console.log('');
  console.log(
    `loopback, ${CONNECTIONS} connections, ${DURATION_S} s per path, Node ${process.version}; ` +
      `load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} (1/5 min) on a shared machine; ` +
      `Latchkey's codes go to its dev outbox in ${OUTBOX === 'memory' ? 'memory (LATCHKEY_DEV_OUTBOX=memory; BENCH_OUTBOX=database for the table)' : 'the database (BENCH_OUTBOX=database)'}: ` +
      'compare the "x bare" ratios, not the raw rates.',
  );
  console.log(
    "x bare = req/s (sign-ins: flows/s) / the mean of the two bare Hono samples around that server (a bare Hono row: / the mean of all bare samples, so the machine's drift shows). CPU % of one core (all threads of the process), RSS at the end of each phase; load CPU % = the load generator (this process), PG CPU % = the local postgres processes, over the phase.",
  );
  const betterAuth = rows.find((r) => r.server === BETTER_AUTH && r.name.startsWith('email'));
  if (betterAuth) {
    console.log('');
    console.log(
      'email code sign-ins, Latchkey / Better Auth (memory adapter) of this run, each as its "x bare" (drift-corrected; raw flows/s ratio in brackets):',
    );
    const ratio = (r: Row) => r.rate / (r.bare ?? bareRate);
    for (const row of rows) {
      if (row.server === BETTER_AUTH || !row.name.startsWith('email')) continue;
      console.log(
        `  ${fmt(ratio(row) / ratio(betterAuth), 2).padStart(6)} x  (${fmt(row.rate / betterAuth.rate, 2)} x)  ${row.server}`,
      );
    }
  } else {
    console.log('Better Auth comparison: not run (see above).');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
