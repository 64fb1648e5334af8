/**
 * `npm run bench:server`: throughput and latency of the API on loopback.
 *
 * Starts the API server as a child process (`tsx packages/server/src/main.ts`) with PGlite in a
 * temporary folder, the dev outbox on (`LATCHKEY_DEV=1`) and every per-IP rate limit raised via
 * `LATCHKEY_RATE_LIMITS` (all load comes from one IP; the limiter's own counter upsert still
 * runs on each request, as in production, it just never answers 429). Then, one after the other:
 *
 * 1. app config `GET /api/v1/apps/{appId}`: a baseline read, autocannon, 5 s.
 * 2. email code flow: `POST /passwordless/init` -> `GET /dev/outbox?to=` -> `POST
 *    /passwordless/authenticate`, a fresh address per flow (a new user each time). autocannon
 *    cannot carry a value from one response into the next request across endpoints, so this is
 *    a custom loop with FLOW_CONCURRENCY workers for 10 s; figures are flows/s and the latency
 *    of a whole flow (and of each step).
 * 3. session refresh `POST /api/v1/sessions`, autocannon, 10 s. Refresh tokens rotate on every
 *    use, so each request must carry a token never used before. The sessions created in step 2
 *    form a pool: `setupRequest` takes a token out of the pool, `onResponse` puts the rotated
 *    token the server answered back in. With pipelining 1 each connection has at most one
 *    request in flight, so the pool never runs dry and no token is ever presented twice (a
 *    reuse would revoke the session family and show up as non-2xx). This measures the steady
 *    state of a refresh: look up the hashed token, rotate it, sign a new ES256 access token,
 *    load the user.
 *
 * Prints a table (requests/s, p50, p99 in ms). Asserts nothing; the exit code is 0 unless the
 * server cannot start. Bounded: about 30 s of load plus the server start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonResult } from 'autocannon';
import { freePort } from '../test-support/anvil.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_ID = 'latchkeydemo0000000000000';
const ORIGIN = 'http://localhost:5173';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FLOW_CONCURRENCY = Number(process.env.BENCH_FLOW_CONCURRENCY ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const BASELINE_DURATION_S = Math.max(1, Math.round(DURATION_S / 2));
const START_TIMEOUT_MS = 120_000;

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

async function startServer(): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latchkey-bench-'));
  const child = spawn(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['packages/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        LATCHKEY_DATA_DIR: dataDir,
        LATCHKEY_DEV: '1',
        LATCHKEY_DEV_APP_ID: APP_ID,
        LATCHKEY_DEV_ORIGINS: ORIGIN,
        LATCHKEY_RATE_LIMITS: JSON.stringify(RATE_LIMITS),
        // One JSON line per request would be most of what the bench measures and keeps.
        LATCHKEY_LOG_LEVEL: process.env.LATCHKEY_LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // gone
    }
  };
  process.on('exit', () => {
    kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(130));
  }
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Latchkey API listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    child,
    stop: async () => {
      kill('SIGTERM');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const t = setTimeout(() => {
          kill('SIGKILL');
          resolve();
        }, 5_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Row {
  name: string;
  rate: string;
  p50: number;
  p99: number;
  count: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

function rowOf(name: string, r: AutocannonResult): Row {
  return {
    name,
    rate: r.requests.average.toFixed(0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    count: r['2xx'],
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

interface FlowResult {
  rows: Row[];
  sessions: { refreshToken: string }[];
}

/** The email code flow, FLOW_CONCURRENCY workers in a loop for DURATION_S seconds. */
async function emailFlow(url: string): Promise<FlowResult> {
  const total: number[] = [];
  const steps = { init: [] as number[], outbox: [] as number[], authenticate: [] as number[] };
  const sessions: { refreshToken: string }[] = [];
  let errors = 0;
  let seq = 0;
  const runId = Date.now().toString(36);
  const deadline = performance.now() + DURATION_S * 1000;

  const worker = async (w: number) => {
    while (performance.now() < deadline) {
      const email = `bench-${runId}-${w}-${seq++}@example.com`;
      const t0 = performance.now();
      try {
        const init = await postJson(`${url}/api/v1/passwordless/init`, { email });
        const t1 = performance.now();
        if (init.status !== 200)
          throw new Error(`init ${init.status} ${JSON.stringify(init.json)}`);
        const res = await fetch(`${url}/dev/outbox?to=${encodeURIComponent(email)}`, {
          headers: { accept: 'application/json' },
        });
        const messages = (await res.json()) as { code: string | null }[];
        const code = messages.at(-1)?.code;
        const t2 = performance.now();
        if (!code) throw new Error('no code in the outbox');
        const auth = await postJson(`${url}/api/v1/passwordless/authenticate`, { email, code });
        const t3 = performance.now();
        if (auth.status !== 200)
          throw new Error(`authenticate ${auth.status} ${JSON.stringify(auth.json)}`);
        const refreshToken = (auth.json as { refresh_token?: string | null }).refresh_token;
        if (refreshToken) sessions.push({ refreshToken });
        steps.init.push(t1 - t0);
        steps.outbox.push(t2 - t1);
        steps.authenticate.push(t3 - t2);
        total.push(t3 - t0);
      } catch (error) {
        errors++;
        if (errors <= 3)
          console.error(`flow error: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: FLOW_CONCURRENCY }, (_, w) => worker(w)));
  const elapsedS = (performance.now() - started) / 1000;

  const row = (name: string, values: number[], rate: boolean): Row => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      name,
      rate: rate ? (values.length / elapsedS).toFixed(1) : '',
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      count: values.length,
      errors: rate ? errors : 0,
    };
  };
  return {
    rows: [
      row(`email code flow, ${FLOW_CONCURRENCY} concurrent (flows/s)`, total, true),
      row('  step: POST /passwordless/init', steps.init, false),
      row('  step: GET /dev/outbox?to=', steps.outbox, false),
      row('  step: POST /passwordless/authenticate', steps.authenticate, false),
    ],
    sessions,
  };
}

/** Session refresh with rotating tokens drawn from (and returned to) a shared pool. */
async function refresh(url: string, pool: string[]): Promise<Row> {
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
  return rowOf(`POST /api/v1/sessions (refresh), ${CONNECTIONS} connections`, result);
}

function printTable(rows: Row[]) {
  const head = ['benchmark', 'req/s', 'p50 ms', 'p99 ms', 'ok', 'errors'];
  const cells = rows.map((r) => [
    r.name,
    r.rate,
    Number.isFinite(r.p50) ? r.p50.toFixed(1) : '-',
    Number.isFinite(r.p99) ? r.p99.toFixed(1) : '-',
    String(r.count),
    r.rate === '' ? '' : String(r.errors),
  ]);
  const all = [head, ...cells];
  const widths = head.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}

async function main() {
  console.log(
    `starting the API (PGlite in a temp folder, LATCHKEY_DEV=1, per-IP limits raised)...`,
  );
  const t0 = performance.now();
  const server = await startServer();
  console.log(`listening on ${server.url} after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const rows: Row[] = [];
  try {
    // Warm-up: JIT, connection pool, first queries.
    await autocannon({
      url: `${server.url}/api/v1/apps/${APP_ID}`,
      connections: 2,
      duration: 1,
      headers: { 'latchkey-app-id': APP_ID, origin: ORIGIN },
    });
    console.log(`app config baseline (${BASELINE_DURATION_S} s)...`);
    rows.push(
      rowOf(
        `GET /api/v1/apps/{appId}, ${CONNECTIONS} connections`,
        await autocannon({
          url: `${server.url}/api/v1/apps/${APP_ID}`,
          connections: CONNECTIONS,
          duration: BASELINE_DURATION_S,
          headers: { 'latchkey-app-id': APP_ID, origin: ORIGIN },
        }),
      ),
    );

    console.log(`email code flow (${DURATION_S} s)...`);
    const flow = await emailFlow(server.url);
    rows.push(...flow.rows);

    const pool = flow.sessions.map((s) => s.refreshToken);
    // Top the pool up if the flow made fewer sessions than there are connections.
    for (let i = 0; pool.length < CONNECTIONS * 2 && i < CONNECTIONS * 4; i++) {
      const email = `bench-pool-${Date.now().toString(36)}-${i}@example.com`;
      await postJson(`${server.url}/api/v1/passwordless/init`, { email });
      const res = await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(email)}`);
      const code = ((await res.json()) as { code: string | null }[]).at(-1)?.code;
      const auth = await postJson(`${server.url}/api/v1/passwordless/authenticate`, {
        email,
        code,
      });
      const token = (auth.json as { refresh_token?: string | null } | null)?.refresh_token;
      if (token) pool.push(token);
    }
    console.log(`session refresh (${DURATION_S} s, pool of ${pool.length} sessions)...`);
    rows.push(await refresh(server.url, pool));
  } finally {
    await server.stop();
  }

  console.log('');
  printTable(rows);
  const [l1, l5] = loadavg();
  console.log('');
  console.log(
    `loopback, one server process (PGlite, in-process Postgres), Node ${process.version}; ` +
      `load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} (1/5 min) on a shared machine, so figures are indicative.`,
  );
  console.log(
    'refresh: every request presents a never-used refresh token (pool of rotating tokens, one per request in flight).',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
