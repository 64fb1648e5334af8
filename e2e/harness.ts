/**
 * End-to-end harness: starts the whole stack exactly as `npm start` does (it runs
 * `scripts/start.ts` with tsx from the repository root) on free ports with a fresh PGlite
 * data folder, and launches Debian's Chromium through playwright-core.
 *
 * Process hygiene (no orphans, even when a spec crashes):
 * - `start.ts` runs in its own process group and starts every part (anvil, API, Vite) in a
 *   process group of its own. `stop()` sends SIGTERM to start.ts (which stops its parts),
 *   waits, then SIGKILLs every process group seen under it.
 * - On test-process exit (normal, uncaught error, SIGINT/SIGTERM) the same groups are
 *   SIGKILLed synchronously.
 * - A tiny detached watchdog kills the stack if the test process dies without running any
 *   handler (SIGKILL, OOM).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { placeDatabaseTemplate } from './db-template.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');

/** How long the stack may take to print its ready line: the API, Vite and anvil on a busy box. */
const READY_TIMEOUT_MS = 180_000;
/** How long start.ts gets to stop its parts after SIGTERM before everything is SIGKILLed. */
const STOP_GRACE_MS = 10_000;
const READY_LINE = 'Latchkey is running';
const DEFAULT_APP_ID = 'latchkeydemo0000000000000';

/** One message of the development outbox (`GET /dev/outbox`), newest last. */
export interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  subject: string | null;
  text: string;
  code: string | null;
  sentAt: string;
}

export interface Stack {
  /** e.g. `http://localhost:41234`: the API origin. */
  apiUrl: string;
  /** e.g. `http://localhost:41235`: the demo host app origin (app B, the dev app). */
  demoUrl: string;
  /**
   * e.g. `http://localhost:41236`: the same demo as app A, the cross-app provider "Latchkey
   * Wallet" (issue 21 item 5), on its own origin.
   */
  providerDemoUrl: string;
  /** JSON-RPC URL of anvil. */
  rpcUrl: string;
  /** Issuer of the local OpenID provider (the demo's Google button logs in there). */
  oidcUrl: string;
  /** The local MoonPay stand-in (its API and buy page; issue 20). */
  moonpayUrl: string;
  /** JSON-RPC URL of the local Solana cluster (LiteSVM, test-support/solana-rpc.ts; issue 22). */
  solanaRpcUrl: string;
  /** The local Google Drive v3 stand-in (test-support/google-drive.ts; issue 23). */
  driveUrl: string;
  /** The local CloudKit Web Services stand-in (test-support/cloudkit.ts; issue 23). */
  cloudKitUrl: string;
  /** The dev app the server seeds, which the demo uses. */
  appId: string;
  /** The temporary PGlite data folder (deleted by stop()). */
  dataDir: string;
  /** Everything start.ts printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** The dev outbox, optionally only messages to `to` (case-insensitive), oldest first. */
  outbox(to?: string): Promise<OutboxMessage[]>;
  /**
   * Waits for a message to `to` that carries a code and arrived after `after` messages to
   * `to` already existed (pass the count you saw before triggering the send). Returns it.
   */
  waitForCode(to: string, opts?: { after?: number; timeoutMs?: number }): Promise<OutboxMessage>;
  /**
   * Calls the admin API of the dev app (issue 6) with its app secret, which the API writes to
   * `<dataDir>/dev-app-secret` in development. `path` is relative to
   * `/api/v1/admin/apps/{appId}` ('' for the app itself, '/allowlist', ...).
   * @returns the parsed JSON answer. @throws Error on a non-2xx answer.
   * @example await stack.admin('PATCH', '', { require_users_accept_terms: true });
   */
  admin<T = unknown>(
    method: 'GET' | 'PATCH' | 'POST' | 'DELETE' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<T>;
  /** Process groups of start.ts and every part it started (anvil, API, Vite), seen so far. */
  processGroups(): number[];
  /** Stops the whole stack; resolves when every process is gone. Idempotent. */
  stop(): Promise<void>;
  /**
   * Stops the whole stack at once: SIGKILL to every process group, no graceful shutdown (the
   * data folder is deleted anyway, by a detached `rm -rf` that this call does not wait for).
   * What a spec file's `after` uses: start.ts's graceful stop and the folder's deletion take
   * 4 to 7 s on the loaded CI machine, which each spec file would wait out (CI time).
   * `stop()` stays the graceful path (`specs/stack.spec.ts` checks it). Idempotent, and a
   * `stop()` after it (or before it) does nothing more.
   */
  kill(): Promise<void>;
}

/**
 * Where free ports are looked for: below Linux's ephemeral range (32768-60999 by default), which
 * the kernel hands to every outgoing connection. A port found free in that range could be taken
 * by a browser's or a concurrent stack's outgoing connection before our server binds it (stop 43:
 * `EADDRINUSE` on the API's port). Ports here are only ever taken by a listen.
 */
const PORT_RANGE = { low: 20_000, high: 32_000 } as const;
/** One file per port a live test process holds (its pid inside), so two processes never pick the same port. */
const portLockDir = path.join(tmpdir(), 'latchkey-e2e-ports');
const heldPorts = new Set<number>();
let portHooksInstalled = false;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reserves `port` for this process; false when a live process holds it. */
function lockPort(port: number): boolean {
  mkdirSync(portLockDir, { recursive: true });
  const file = path.join(portLockDir, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      if (!portHooksInstalled) {
        portHooksInstalled = true;
        process.on('exit', () => {
          for (const held of heldPorts)
            rmSync(path.join(portLockDir, String(held)), { force: true });
        });
      }
      heldPorts.add(port);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && pidAlive(owner)) return false;
      rmSync(file, { force: true }); // its process is gone
    }
  }
  return false;
}

/** Whether a listen on `port` (all interfaces, IPv6 and IPv4) succeeds right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A port nobody listens on right now, outside the kernel's ephemeral range and reserved for
 * this test process until it exits ({@link PORT_RANGE}).
 *
 * @throws after 500 tries without one (the range is 12,000 ports wide).
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 500; tries++) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low));
    if (heldPorts.has(port) || !lockPort(port)) continue;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.low}-${PORT_RANGE.high} after 500 tries`);
}

/** `n` distinct free ports. */
export async function freePorts(n: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < n) ports.push(await freePort());
  return ports;
}

/** pid -> parent pid and process group, read from /proc (Linux). */
function processTable(): Map<number, { ppid: number; pgid: number }> {
  const table = new Map<number, { ppid: number; pgid: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may contain spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(fields[1]), pgid: Number(fields[2]) });
    } catch {
      // process vanished while reading
    }
  }
  return table;
}

/** Process groups of `rootPid` and all its descendants (including detached ones). */
function descendantGroups(rootPid: number): Set<number> {
  const table = processTable();
  const groups = new Set<number>([rootPid]);
  const pids = new Set<number>([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid, pgid }] of table) {
      if (!pids.has(pid) && pids.has(ppid)) {
        pids.add(pid);
        groups.add(pgid);
        grew = true;
      }
    }
  }
  // never our own group
  groups.delete(process.pid);
  try {
    groups.delete(Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[2]));
  } catch {
    // ignore
  }
  return groups;
}

/** Polls until no process of `groups` is alive; false if some still are after `timeoutMs`. */
async function allGone(groups: Iterable<number>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (![...groups].some(groupAlive)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function killGroups(groups: Iterable<number>, signal: NodeJS.Signals) {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // already gone
    }
  }
}

/** Every live stack in this process, for the exit hooks. */
const liveStacks = new Set<{ pid: number; groups: Set<number>; dataDir: string }>();
let hooksInstalled = false;

function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const killAll = () => {
    for (const stack of liveStacks) {
      for (const g of descendantGroups(stack.pid)) stack.groups.add(g);
      killGroups(stack.groups, 'SIGKILL');
      rmSync(stack.dataDir, { recursive: true, force: true });
    }
    liveStacks.clear();
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/**
 * A detached process that outlives us only to clean up: if `parentPid` dies while the stack
 * still runs, it SIGTERMs start.ts, waits, then SIGKILLs every group under it and deletes the
 * data folder. It never acts while the parent lives (stop() owns the graceful path) and exits
 * once every group it saw is gone.
 */
function spawnWatchdog(parentPid: number, stackPid: number, dataDir: string) {
  const script = `
const fs = require('node:fs');
const [parent, root, dataDir] = [${parentPid}, ${stackPid}, ${JSON.stringify(dataDir)}];
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
function groups() {
  const t = new Map();
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\\d+$/.test(e)) continue;
    try { const s = fs.readFileSync('/proc/' + e + '/stat', 'utf8'); const f = s.slice(s.lastIndexOf(')') + 2).split(' '); t.set(+e, [+f[1], +f[2]]); } catch {}
  }
  const pids = new Set([root]); const gs = new Set([root]); let grew = true;
  while (grew) { grew = false; for (const [p, [pp, pg]] of t) if (!pids.has(p) && pids.has(pp)) { pids.add(p); gs.add(pg); grew = true; } }
  return gs;
}
const groupAlive = (g) => { try { process.kill(-g, 0); return true; } catch { return false; } };
const seen = new Set([root]);
const timer = setInterval(() => {
  if (alive(root)) for (const g of groups()) seen.add(g);
  if (!alive(parent)) {
    clearInterval(timer);
    try { process.kill(-root, 'SIGTERM'); } catch {}
    setTimeout(() => {
      for (const g of seen) { try { process.kill(-g, 'SIGKILL'); } catch {} }
      setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000);
    }, ${STOP_GRACE_MS});
  } else if (![...seen].some(groupAlive)) {
    clearInterval(timer); // the stack is gone and the harness cleans up: nothing left to guard
  }
}, 1000);
`;
  const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

export interface StartStackOptions {
  /** Extra environment for start.ts and its parts (e.g. LATCHKEY_RATE_LIMITS). */
  env?: Record<string, string>;
  /** Echo start.ts output to stderr as it arrives (also on with E2E_VERBOSE=1). */
  verbose?: boolean;
}

/**
 * Starts anvil, the API and the demo through `scripts/start.ts` on free ports with a fresh
 * temporary LATCHKEY_DATA_DIR, and resolves once it prints `Latchkey is running`.
 *
 * @throws if start.ts exits first or the ready line does not come within 180 s; the error
 *   carries the tail of its output.
 */
export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  // A port taken between our check and the server's listen (by a process outside these tests)
  // fails one try, not the spec file: new ports, once more.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
      process.stderr.write(`[e2e] a port was taken while the stack started; try ${attempt + 1}\n`);
    }
  }
}

async function startStackOnce(options: StartStackOptions): Promise<Stack> {
  installExitHooks();
  const [
    apiPort,
    demoPort,
    anvilPort,
    oidcPort,
    moonpayPort,
    providerDemoPort,
    solanaPort,
    drivePort,
    cloudKitPort,
  ] = await freePorts(9);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'latchkey-e2e-'));
  // A migrated database copied in: the stack skips PGlite's initdb (db-template.ts).
  await placeDatabaseTemplate(dataDir);
  const appId =
    options.env?.LATCHKEY_DEV_APP_ID ?? process.env.LATCHKEY_DEV_APP_ID ?? DEFAULT_APP_ID;
  const apiUrl = `http://localhost:${apiPort}`;
  const demoUrl = `http://localhost:${demoPort}`;
  const providerDemoUrl = `http://localhost:${providerDemoPort}`;
  const rpcUrl = `http://127.0.0.1:${anvilPort}`;
  const oidcUrl = `http://127.0.0.1:${oidcPort}`;
  const moonpayUrl = `http://127.0.0.1:${moonpayPort}`;
  const solanaRpcUrl = `http://127.0.0.1:${solanaPort}`;
  const driveUrl = `http://127.0.0.1:${drivePort}`;
  const cloudKitUrl = `http://127.0.0.1:${cloudKitPort}`;
  const verbose = options.verbose ?? process.env.E2E_VERBOSE === '1';

  // The specs read codes from the dev outbox: SMTP delivery from the caller's shell would hide them.
  const { SMTP_URL: _smtp, ...inherited } = process.env;
  // node with tsx's loader, not `npx tsx`: npx alone costs about 1 s of CPU per stack.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      // Only the demo on its random port, whatever the caller's shell says.
      LATCHKEY_DEV_ORIGINS: demoUrl,
      LATCHKEY_DEV_PROVIDER_ORIGINS: providerDemoUrl,
      LATCHKEY_API_PORT: String(apiPort),
      LATCHKEY_DEMO_PORT: String(demoPort),
      LATCHKEY_PROVIDER_DEMO_PORT: String(providerDemoPort),
      ANVIL_PORT: String(anvilPort),
      LATCHKEY_OIDC_PORT: String(oidcPort),
      LATCHKEY_MOONPAY_PORT: String(moonpayPort),
      LATCHKEY_SOLANA_RPC_PORT: String(solanaPort),
      LATCHKEY_DRIVE_PORT: String(drivePort),
      LATCHKEY_CLOUDKIT_PORT: String(cloudKitPort),
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_DEV_APP_ID: appId,
      // The demo as a production build (start.ts): a page loads in ~0.7 s instead of ~3.5 s.
      LATCHKEY_DEMO_MODE: 'preview',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn scripts/start.ts');
  const record = { pid, groups: new Set<number>([pid]), dataDir };
  liveStacks.add(record);
  const watchdog = spawnWatchdog(process.pid, pid, dataDir);

  let output = '';
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let isReady = false;
  let stopRequested = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (verbose) process.stderr.write(text);
      if (!isReady && output.includes(READY_LINE)) {
        isReady = true;
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exitPromise.then(() => {
      if (isReady && !stopRequested) {
        process.stderr.write(
          `\n[e2e] the stack (scripts/start.ts) exited by itself (${exited?.signal ?? exited?.code}) while tests ran:\n${tail(output)}\n`,
        );
      }
    });
    void exitPromise.then(() =>
      reject(
        new Error(
          `scripts/start.ts exited (${exited?.signal ?? exited?.code}) before it was ready:\n${tail(output)}`,
        ),
      ),
    );
  });

  let stopped: Promise<void> | undefined;
  const halt = (graceful: boolean) => {
    stopRequested = true;
    stopped ??= (async () => {
      // Learn every group now, while the tree is intact.
      for (const g of descendantGroups(pid)) record.groups.add(g);
      // start.ts stops its parts on SIGTERM (SIGTERM to each group, SIGKILL after 5 s).
      if (graceful) killGroups([pid], 'SIGTERM');
      if (!graceful || !(await allGone(record.groups, STOP_GRACE_MS))) {
        killGroups(record.groups, 'SIGKILL');
        await allGone(record.groups, 5_000);
      }
      try {
        if (watchdog.pid) process.kill(watchdog.pid, 'SIGKILL');
      } catch {
        // gone
      }
      liveStacks.delete(record);
      if (graceful) {
        rmSync(dataDir, { recursive: true, force: true });
      } else {
        // Deleting the used data folder (about 1,400 files) took 1 to 6 s on the loaded CI
        // machine, which the spec file waited out: a detached `rm -rf` does it instead.
        spawn('rm', ['-rf', dataDir], { detached: true, stdio: 'ignore' }).unref();
      }
    })();
    return stopped;
  };
  const stop = () => halt(true);
  const kill = () => halt(false);

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`no "${READY_LINE}" within ${READY_TIMEOUT_MS / 1000} s:\n${tail(output)}`),
            ),
          READY_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const outbox = async (to?: string): Promise<OutboxMessage[]> => {
    const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
    const res = await fetch(`${apiUrl}/dev/outbox${query}`, {
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`GET /dev/outbox answered ${res.status}: ${await res.text()}`);
    const all = (await res.json()) as OutboxMessage[];
    return to === undefined ? all : all.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  };

  const waitForCode: Stack['waitForCode'] = async (to, opts = {}) => {
    const after = opts.after ?? 0;
    const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
    for (;;) {
      const messages = (await outbox(to)).filter((m) => m.code);
      if (messages.length > after) return messages[messages.length - 1]!;
      if (Date.now() > deadline) {
        throw new Error(
          `no code for ${to} in the dev outbox (had ${messages.length}, wanted more than ${after})`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const admin: Stack['admin'] = async (method, subpath, body) => {
    const secret = readFileSync(path.join(dataDir, 'dev-app-secret'), 'utf8').trim();
    const res = await fetch(`${apiUrl}/api/v1/admin/apps/${appId}${subpath}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
        'latchkey-app-id': appId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} admin${subpath} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as never;
  };

  const processGroups = () => {
    for (const g of descendantGroups(pid)) record.groups.add(g);
    return [...record.groups];
  };

  return {
    apiUrl,
    demoUrl,
    providerDemoUrl,
    rpcUrl,
    oidcUrl,
    moonpayUrl,
    solanaRpcUrl,
    driveUrl,
    cloudKitUrl,
    appId,
    dataDir,
    output: () => output,
    outbox,
    waitForCode,
    admin,
    processGroups,
    stop,
    kill,
  };
}

function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n');
}

/** Chromium flags that keep a headless run quiet and offline except for our loopback servers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's `chromium-headless-shell`: the same Blink without the desktop browser around it. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser binary: `E2E_CHROMIUM` when set, else Debian's `chromium-headless-shell` (the
 * old headless mode, which Playwright also prefers for headless runs: lighter on the CI's two
 * busy cores, the e2e lane about a fifth faster; `scripts/ensure-system-deps.sh` installs it),
 * else Debian's `/usr/bin/chromium`. A spec that uses the clipboard inside a frame grants the
 * permission to the top-level origin as well as the frame's: the shell enforces that
 * (permission delegation) where the full browser let the frame's grant alone through.
 */
export const CHROMIUM_PATH =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Debian's Chromium, headless, through playwright-core (never a downloaded browser). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** Saves a full-page screenshot to e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  // Finite CSS transitions (the modal's 150 ms fade) are fast-forwarded, so shots are stable.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * Runs `body`; if it throws, saves `failure-<name>.png` under e2e/artifacts/ before
 * rethrowing.
 */
export async function withFailureScreenshot<T>(
  page: Page,
  name: string,
  body: () => Promise<T>,
): Promise<T> {
  // A failure shot left by an earlier run would mislead.
  rmSync(path.join(artifactsDir, `failure-${name}.png`), { force: true });
  try {
    return await body();
  } catch (error) {
    try {
      const file = await screenshot(page, `failure-${name}`);
      process.stderr.write(`screenshot of the failure: ${file}\n`);
    } catch (shotError) {
      process.stderr.write(`could not save a failure screenshot: ${String(shotError)}\n`);
    }
    throw error;
  }
}

/** Collects console messages and page errors of `page`, for failure reports. */
export function recordConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`[console.${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => lines.push(`[pageerror] ${e.message}`));
  return lines;
}

/** Random, unique, valid email for one test. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * True while any process of group `pgid` is alive. A zombie (exited, not yet reaped) is not:
 * a part's child whose parent was killed with it is reparented to PID 1, which on the CI
 * machine reaps it minutes later, and `kill(-pgid, 0)` still finds it, so every stop waited
 * out its whole grace period (5 to 7 s per spec file) for processes that had already ended.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  for (const [pid, { pgid: group }] of processTable()) {
    if (group === pgid && !isZombie(pid)) return true;
  }
  return false;
}

/** True when `pid` has exited and waits to be reaped (state Z), or is gone. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/**
 * For a spec file: starts one stack and one browser before its tests and stops both after.
 * Returns an object whose `stack` and `browser` are set once `before` has run.
 */
export function useStackAndBrowser(options: StartStackOptions = {}): {
  stack: Stack;
  browser: Browser;
} {
  const state = {} as { stack: Stack; browser: Browser };
  // Timings for CI time (a TAP comment each): how long the stack took to start and the file ran.
  const spec = path.basename(process.argv[1] ?? 'spec');
  let started = 0;
  let ready = 0;
  before(
    async () => {
      started = Date.now();
      const [stack, browser] = await Promise.allSettled([startStack(options), launchBrowser()]);
      if (stack.status === 'fulfilled') state.stack = stack.value;
      if (browser.status === 'fulfilled') state.browser = browser.value;
      if (stack.status === 'rejected') throw stack.reason;
      if (browser.status === 'rejected') throw browser.reason;
      ready = Date.now();
    },
    { timeout: READY_TIMEOUT_MS + 30_000 },
  );
  after(async () => {
    const ended = Date.now();
    await state.browser?.close().catch(() => {});
    await state.stack?.kill();
    if (ready > 0) {
      const s = (ms: number) => (ms / 1000).toFixed(1);
      process.stdout.write(
        `# timing ${spec}: stack and browser ready in ${s(ready - started)} s, tests ${s(ended - ready)} s, ` +
          `stopped in ${s(Date.now() - ended)} s\n`,
      );
    }
  });
  return state;
}

/** Options of {@link withPage}. */
export interface WithPageOptions {
  /** The browser context's options (viewport, isMobile, colorScheme, ...). */
  context?: BrowserContextOptions;
  /** Runs on the new context before its page opens (init scripts, permissions, a test wallet). */
  setUp?: (context: BrowserContext) => Promise<unknown>;
}

/**
 * One test's page: a new browser context and page on `env`'s browser, its console recorded;
 * runs `body`, and on failure saves `failure-<name>.png` and writes the console and the
 * stack's output; always closes the context. The set-up every spec repeats, once.
 *
 * @returns what `body` returns.
 * @throws what `body` throws.
 */
export async function withPage<T>(
  env: { stack: Stack; browser: Browser },
  name: string,
  options: WithPageOptions,
  body: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await env.browser.newContext(options.context);
  await options.setUp?.(context);
  const page = await context.newPage();
  const consoleLines = recordConsole(page);
  try {
    return await withFailureScreenshot(page, name, () => body(page, context));
  } catch (error) {
    reportFailure(env.stack, consoleLines);
    throw error;
  } finally {
    await context.close();
  }
}

/** Writes what helps to understand a failed spec: the page's console and the stack's output. */
export function reportFailure(stack: Stack | undefined, consoleLines: string[]): void {
  process.stderr.write(`browser console:\n${consoleLines.join('\n')}\n`);
  if (stack) process.stderr.write(`stack output (last 40 lines):\n${tail(stack.output())}\n`);
}
