/**
 * `npm start`: runs the whole development stack (design.md, "The stack that npm start runs").
 *
 * - anvil, a local EVM chain, on 127.0.0.1:8545 (chain id 31337)
 * - the Latchkey API on http://localhost:8787 with PGlite data under `.latchkey/`
 *   (created on first run, kept across restarts), dev outbox on, the demo app seeded
 * - the demo host app (Vite) on http://localhost:5173, a different origin from the API: app B
 *   of the cross-app demo (issue 21), the dev app
 * - the same demo on a second origin, http://localhost:5174: app A, the cross-app provider
 *   "Latchkey Wallet" (`DEV_PROVIDER_APP_ID`), whose accounts and wallets app B logs in and signs
 *   with. The page picks its app by its origin; the port is a TCP forward, in this process, to
 *   the demo's Vite server (one server, one build: nothing more to start)
 * - a local OpenID provider (`packages/server/src/methods/oauth/dev/oidc.ts`) on http://127.0.0.1:8788, where
 *   the demo's Google button logs in (its issuer goes to the API as LATCHKEY_DEV_OIDC_ISSUER)
 * - the card on-ramp (issue 20): a local MoonPay stand-in
 *   (`packages/server/src/funding/dev/moonpay-standin.ts`) on http://127.0.0.1:8789, in this
 *   process, whose buy page moves a purchase through MoonPay's statuses (the API asks it as
 *   MoonPay, and the dev app holds its sandbox keys); and an ETH / USD price feed (a Chainlink
 *   AggregatorV3 stand-in at $3,000) deployed on anvil while the API starts, at a CREATE2
 *   address known beforehand, which the API reads for `GET /api/v1/token_price`
 * - a local Solana JSON-RPC endpoint on LiteSVM (`test-support/solana-rpc.ts`, issue 22) on
 *   http://127.0.0.1:8899, in this process: the API gets it as LATCHKEY_SOLANA_RPC_URL, the demo
 *   as VITE_LATCHKEY_SOLANA_RPC_URL (its page calls it directly)
 * - cloud recovery (issue 23), in this process: a Google Drive v3 stand-in
 *   (`test-support/google-drive.ts`) on http://127.0.0.1:8790, which checks access tokens at the
 *   local OpenID provider, and a CloudKit Web Services stand-in (`test-support/cloudkit.ts`) on
 *   http://127.0.0.1:8791 with the dev app's container; the API gets them as
 *   LATCHKEY_DEV_DRIVE_URL and LATCHKEY_DEV_CLOUDKIT_URL (the dev app's recovery settings)
 *
 * Ports and the data folder can be moved with LATCHKEY_API_PORT, LATCHKEY_DEMO_PORT,
 * LATCHKEY_PROVIDER_DEMO_PORT, ANVIL_PORT, LATCHKEY_OIDC_PORT, LATCHKEY_MOONPAY_PORT, LATCHKEY_SOLANA_RPC_PORT, LATCHKEY_DRIVE_PORT, LATCHKEY_CLOUDKIT_PORT and LATCHKEY_DATA_DIR (the e2e harness does, to run beside a running stack).
 * LATCHKEY_DEMO_MODE picks how the demo is served: `dev` (default), Vite's dev server with hot
 * reload; `preview`, a production build (`vite build` into `<data folder>/demo-build`, about
 * 3 s; or a copy of LATCHKEY_DEMO_BUILD_DIR, a build made once by the caller) served by
 * `vite preview`, with this stack's API URL, app ids and demo origins written into its `index.html`. A page of the build loads in about 0.7 s from 36 requests
 * against 3.5 s from about 250 on the dev server, so the e2e harness uses `preview`.
 * The parts start side by side, the API (the slowest, about 5 s of module loading) first when
 * the stand-ins' ports are fixed (the defaults, and the e2e harness's). Prints one line
 * containing `Latchkey is running` once every part answers; Ctrl-C (SIGINT) or SIGTERM stops
 * every child process group and exits 0. If a part dies, the rest are stopped and the exit code
 * is 1. LATCHKEY_START_TIMING=1 writes when each step of the start ended (`[start timing]
 * <step> <ms since this process started>`) to standard error.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MoonPayStandIn } from '../packages/server/src/funding/dev/moonpay-standin.ts';
import {
  DEFAULT_DEV_CLOUDKIT_PORT,
  DEFAULT_DEV_DRIVE_PORT,
  DEFAULT_DEV_OIDC_PORT,
  DEFAULT_PORT,
  DEV_CLOUDKIT_CONTAINER,
  DEV_PROVIDER_APP_ID,
  dataDirOf,
  devAppIdOf,
} from '../packages/server/src/dev-defaults.ts';
import {
  DEV_DRIVE_INTROSPECTION_CLIENT_ID,
  DEV_DRIVE_INTROSPECTION_CLIENT_SECRET,
} from '../packages/server/src/methods/oauth/dev/oidc-client.ts';
import type { CloudKit } from '../test-support/cloudkit.ts';
import type { GoogleDrive } from '../test-support/google-drive.ts';
import type { SolanaRpc } from '../test-support/solana-rpc.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
/**
 * Runs a TypeScript file with this node and tsx's loader: the same as `tsx <file>` without the
 * tsx command's own node process in front of it (about 0.5 s of CPU each, per stack in the e2e
 * run).
 */
const tsNode = (file: string): [string, string[]] => [process.execPath, ['--import', 'tsx', file]];

const apiPort = Number(process.env.LATCHKEY_API_PORT ?? DEFAULT_PORT);
const demoPort = Number(process.env.LATCHKEY_DEMO_PORT ?? 5173);
const providerDemoPort = Number(process.env.LATCHKEY_PROVIDER_DEMO_PORT ?? 5174);
const anvilPort = Number(process.env.ANVIL_PORT ?? 8545);
const oidcPort = Number(process.env.LATCHKEY_OIDC_PORT ?? DEFAULT_DEV_OIDC_PORT);
const moonpayPort = Number(process.env.LATCHKEY_MOONPAY_PORT ?? 8789);
/**
 * The Solana JSON-RPC's port: LATCHKEY_SOLANA_RPC_PORT, else 8899 for `npm start`. The e2e
 * harness moves every other port (it sets LATCHKEY_API_PORT) but not this one, and runs several
 * stacks at once, so with LATCHKEY_API_PORT set and no LATCHKEY_SOLANA_RPC_PORT it is 0: a free
 * port, which the stack passes on to the API and the demo.
 */
const solanaRpcPort = Number(
  process.env.LATCHKEY_SOLANA_RPC_PORT ?? (process.env.LATCHKEY_API_PORT ? 0 : 8899),
);
/**
 * The cloud recovery stand-ins' ports (issue 23): LATCHKEY_DRIVE_PORT and
 * LATCHKEY_CLOUDKIT_PORT, else 8790 and 8791 for `npm start`, and free ports when
 * LATCHKEY_API_PORT is set (the e2e harness's stacks), as the Solana JSON-RPC's.
 */
const drivePort = Number(
  process.env.LATCHKEY_DRIVE_PORT ?? (process.env.LATCHKEY_API_PORT ? 0 : DEFAULT_DEV_DRIVE_PORT),
);
const cloudKitPort = Number(
  process.env.LATCHKEY_CLOUDKIT_PORT ??
    (process.env.LATCHKEY_API_PORT ? 0 : DEFAULT_DEV_CLOUDKIT_PORT),
);
/** The dev feed's price: $3,000 per ETH in Chainlink's 8 decimals. */
const DEV_ETH_USD = 3000_00000000n;
/** The dev feed is posted once, at start: its answer may be a year old before it counts as stale. */
const DEV_FEED_MAX_AGE_S = 365 * 24 * 3600;
/**
 * The dev feed's address: `aggregatorStandInCreate2Address({ answer: DEV_ETH_USD })`
 * (`packages/server/src/prices/dev/aggregatorStandIn.ts`), a CREATE2 address that follows from
 * the feed's parameters alone, not from the transactions before it (the API sends some from the
 * same account as it seeds the dev app). Written out so the API is told it, and starts, before
 * the feed is deployed and `viem` loaded here; the deployment checks it lands there (the start
 * fails otherwise).
 */
const DEV_FEED_ADDRESS = '0x43EDf57eE9E8A11cf356319A2E642b88a6745BCD';
const demoMode = process.env.LATCHKEY_DEMO_MODE ?? 'dev';
// The data folder and the dev app id parse as the server's do (env.ts), relative to the root.
const dataDir = dataDirOf(process.env, root);
const appId = devAppIdOf(process.env);
const apiUrl = `http://localhost:${apiPort}`;
const demoUrl = `http://localhost:${demoPort}`;
const providerDemoUrl = `http://localhost:${providerDemoPort}`;
const rpcUrl = `http://127.0.0.1:${anvilPort}`;
const oidcUrl = `http://127.0.0.1:${oidcPort}`;

/** Time each part may take to answer before the start is given up, in ms. */
const READY_TIMEOUT_MS = 120_000;
/**
 * Milliseconds between two readiness checks of a part (a refused local connection costs next to
 * nothing; each poll's wait is time the stack is not yet reported ready).
 */
const POLL_MS = 50;

interface Part {
  name: string;
  child: ChildProcess;
}
const parts: Part[] = [];
let stopping = false;
let moonpay: MoonPayStandIn | undefined;
let solanaRpc: SolanaRpc | undefined;
let drive: GoogleDrive | undefined;
let cloudKit: CloudKit | undefined;
let providerForward: { server: Server; sockets: Set<Socket> } | undefined;

/** The variable that moves each port, for the "already in use" message. */
const PORT_VARIABLES: Record<string, string> = {
  API: 'LATCHKEY_API_PORT',
  demo: 'LATCHKEY_DEMO_PORT',
  'provider demo': 'LATCHKEY_PROVIDER_DEMO_PORT',
  'OpenID provider': 'LATCHKEY_OIDC_PORT',
  'MoonPay stand-in': 'LATCHKEY_MOONPAY_PORT',
  'Solana JSON-RPC': 'LATCHKEY_SOLANA_RPC_PORT',
  'Google Drive stand-in': 'LATCHKEY_DRIVE_PORT',
  'CloudKit stand-in': 'LATCHKEY_CLOUDKIT_PORT',
  chain: 'ANVIL_PORT',
};

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

/**
 * With LATCHKEY_START_TIMING=1, `mark(phase)` writes `[start timing] <phase> <ms>` to standard
 * error: the milliseconds since this process started (module loading included), to find what
 * the start waits on.
 */
const timing = process.env.LATCHKEY_START_TIMING === '1';
function mark(phase: string): void {
  if (timing) process.stderr.write(`[start timing] ${phase} ${Math.round(performance.now())}\n`);
}
mark('modules loaded');

/** Fails fast with a clear message when a port is taken (a stack already running?). */
async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(
        new Error(
          `Port ${port} (${what}) is already in use. Stop what is using it, or set ${PORT_VARIABLES[what]}.`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** Spawns a part in its own process group and prefixes its output with `[name]`. */
function startPart(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; onDone?: () => void } = {},
): Part {
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout!, process.stdout);
  prefix(child.stderr!, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    if (options.onDone && code === 0) {
      // A step that ends (the demo build): done, not a dead part.
      parts.splice(parts.indexOf(part), 1);
      options.onDone();
      return;
    }
    log(`[${name}] exited (${signal ?? code}); stopping the stack`);
    void stop(1);
  });
  const part = { name, child };
  parts.push(part);
  return part;
}

/**
 * Resolves once `part` prints a line containing `text` on its standard output: the API's and
 * the OpenID provider's "listening" lines. Either accepts connections a moment before it
 * answers them (the OpenID provider, before it has made its key, leaves a request unanswered),
 * so they are asked only from then on.
 */
function printed(part: Part, text: string): Promise<void> {
  return new Promise<void>((resolve) => {
    let seen = '';
    const onData = (chunk: string | Buffer) => {
      // The line may arrive split across two chunks.
      seen = (seen + chunk.toString()).slice(-500);
      if (!seen.includes(text)) return;
      part.child.stdout!.off('data', onData);
      mark(`${part.name} listening`);
      resolve();
    };
    part.child.stdout!.on('data', onData);
  });
}

/**
 * Writes this stack's API URL, app ids and demo origins into the built demo's `index.html`
 * (`window.LATCHKEY_DEMO_CONFIG`, read by `examples/demo/src/main.tsx`: the page on
 * `providerUrl` is app A, `providerAppId`; any other is app B, `appId`; `solanaRpcUrl` the local
 * Solana cluster), so a build made once serves any stack's ports.
 */
function serveDemoConfig(outDir: string, solanaRpcUrl: string): void {
  const file = path.join(outDir, 'index.html');
  const html = readFileSync(file, 'utf8').replace(
    /<script>window\.LATCHKEY_DEMO_CONFIG=.*?<\/script>/,
    '',
  );
  const json = JSON.stringify({
    appId,
    apiUrl,
    demoUrl,
    providerAppId: DEV_PROVIDER_APP_ID,
    providerUrl: providerDemoUrl,
    solanaRpcUrl,
  }).replace(/</g, '\\u003c');
  writeFileSync(
    file,
    html.replace('<head>', `<head><script>window.LATCHKEY_DEMO_CONFIG=${json}</script>`),
  );
}

/**
 * Serves app A's origin (`providerDemoPort`) by forwarding each TCP connection, as is, to the
 * demo's server on `demoPort` (HTTP and Vite's hot-reload WebSocket alike). Listens on
 * `localhost` as Vite does. Resolves once listening; rejects on a listen error (port taken).
 */
async function forwardProviderDemo(): Promise<void> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host: 'localhost', port: demoPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    // Either side closing or failing ends both (a reset page load, the demo server stopping).
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  providerForward = { server, sockets };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(providerDemoPort, 'localhost', () => resolve());
  });
}

/**
 * Polls `check` every {@link POLL_MS} until it resolves true, or throws after READY_TIMEOUT_MS.
 */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopped');
    // A check that hangs (a half-open connection) counts as a miss after 5 s.
    const miss = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000));
    if (await Promise.race([check().catch(() => false), miss])) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`${what} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Stops every part: SIGTERM to each process group, SIGKILL after 5 s, then exits. */
async function stop(exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const { child } of [...parts].reverse()) killGroup(child, 'SIGTERM');
    await moonpay?.close().catch(() => undefined);
    await solanaRpc?.close().catch(() => undefined);
    await drive?.close().catch(() => undefined);
    await cloudKit?.close().catch(() => undefined);
    if (providerForward) {
      providerForward.server.close();
      for (const socket of providerForward.sockets) socket.destroy();
    }
    await Promise.all(
      parts.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              killGroup(child, 'SIGKILL');
              resolve();
            }, 5_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  }
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** `http://127.0.0.1:<port>`, a stand-in's URL, when its port is fixed (not 0, a free one). */
const standInUrlOf = (port: number): string | undefined =>
  port === 0 ? undefined : `http://127.0.0.1:${port}`;

/** The URLs of the in-process stand-ins, which the API and the demo are given. */
interface StandInUrls {
  moonpay: string;
  solanaRpc: string;
  drive: string;
  cloudKit: string;
}

/**
 * Spawns the API, told every other part's URL (the price feed's address is known beforehand).
 * Resolves when it prints that it listens.
 */
function startApi(urls: StandInUrls): Promise<void> {
  const priceChains = {
    31337: { rpcUrl, feeds: { ETH: { address: DEV_FEED_ADDRESS, maxAgeS: DEV_FEED_MAX_AGE_S } } },
  };
  const api = startPart('api', ...tsNode('packages/server/src/main.ts'), {
    env: {
      PORT: String(apiPort),
      PUBLIC_URL: apiUrl,
      LATCHKEY_DEV: '1',
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_DEV_APP_ID: appId,
      LATCHKEY_DEV_ORIGINS: process.env.LATCHKEY_DEV_ORIGINS ?? demoUrl,
      LATCHKEY_DEV_PROVIDER_ORIGINS: process.env.LATCHKEY_DEV_PROVIDER_ORIGINS ?? providerDemoUrl,
      // Request logs (one JSON line each) only when asked for: the dev console stays readable.
      LATCHKEY_LOG_LEVEL: process.env.LATCHKEY_LOG_LEVEL ?? 'warn',
      LATCHKEY_RPC_URL: rpcUrl,
      LATCHKEY_CHAIN_ID: '31337',
      LATCHKEY_DEV_OIDC_ISSUER: oidcUrl,
      LATCHKEY_MOONPAY_API_URL: urls.moonpay,
      LATCHKEY_MOONPAY_SANDBOX_WIDGET_URL: `${urls.moonpay}/`,
      LATCHKEY_PRICE_CHAINS: JSON.stringify(priceChains),
      LATCHKEY_SOLANA_RPC_URL: urls.solanaRpc,
      LATCHKEY_DEV_DRIVE_URL: urls.drive,
      LATCHKEY_DEV_CLOUDKIT_URL: urls.cloudKit,
    },
  });
  mark('api spawned');
  return printed(api, 'Latchkey API listening');
}

/**
 * Starts the demo: `vite` (dev) or `vite preview` of a build (preview; built now, or a copy of
 * LATCHKEY_DEMO_BUILD_DIR), then app A's origin forwarded to it. Resolves once both are spawned
 * (and a build, if any, is made).
 */
async function startDemo(solanaRpcUrl: string): Promise<void> {
  const demo = {
    cwd: path.join(root, 'examples', 'demo'),
    env: {
      VITE_LATCHKEY_APP_ID: appId,
      VITE_LATCHKEY_API_URL: apiUrl,
      VITE_LATCHKEY_DEMO_URL: demoUrl,
      VITE_LATCHKEY_PROVIDER_APP_ID: DEV_PROVIDER_APP_ID,
      VITE_LATCHKEY_PROVIDER_URL: providerDemoUrl,
      VITE_LATCHKEY_SOLANA_RPC_URL: solanaRpcUrl,
    },
  };
  const served = ['--port', String(demoPort), '--strictPort', '--host', 'localhost'];
  if (demoMode === 'preview') {
    const outDir = path.join(dataDir, 'demo-build');
    const prebuilt = process.env.LATCHKEY_DEMO_BUILD_DIR;
    if (prebuilt) {
      // One build shared by many stacks (the e2e run makes it once): copied, not rebuilt.
      rmSync(outDir, { recursive: true, force: true });
      cpSync(prebuilt, outDir, { recursive: true });
    } else {
      // Built while the API starts.
      await new Promise<void>((resolve) =>
        startPart(
          'demo-build',
          bin('vite'),
          ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
          { ...demo, onDone: resolve },
        ),
      );
    }
    serveDemoConfig(outDir, solanaRpcUrl);
    mark('demo build ready');
    startPart('demo', bin('vite'), ['preview', '--outDir', outDir, ...served], demo);
  } else {
    startPart('demo', bin('vite'), served, demo);
  }
  await forwardProviderDemo();
  mark('demo spawned');
}

/**
 * Starts the in-process stand-ins: MoonPay, the Solana JSON-RPC (LiteSVM), Google Drive and
 * CloudKit. Their modules (LiteSVM, Solana Kit, oauth4webapi, ...) are imported here, not at the
 * top of this file, so that their loading overlaps the API's.
 */
async function startStandIns(): Promise<StandInUrls> {
  const [{ DEV_MOONPAY_KEYS, startMoonPayStandIn }, { startSolanaRpc }, drives, cloudKits] =
    await Promise.all([
      import('../packages/server/src/funding/dev/moonpay-standin.ts'),
      import('../test-support/solana-rpc.ts'),
      import('../test-support/google-drive.ts'),
      import('../test-support/cloudkit.ts'),
    ]);
  mark('stand-in modules loaded');
  moonpay = await startMoonPayStandIn({
    port: moonpayPort,
    keys: { [DEV_MOONPAY_KEYS.publishable_key]: DEV_MOONPAY_KEYS.secret_key },
  });
  solanaRpc = await startSolanaRpc({ port: solanaRpcPort });
  // Cloud recovery (issue 23): Drive checks tokens at the OpenID provider (on first use).
  drive = await drives.startGoogleDrive({
    port: drivePort,
    issuer: oidcUrl,
    introspection: {
      clientId: DEV_DRIVE_INTROSPECTION_CLIENT_ID,
      clientSecret: DEV_DRIVE_INTROSPECTION_CLIENT_SECRET,
    },
  });
  // The sign-in pop-up posts the web auth token to the wallet frame (the API origin) only.
  cloudKit = await cloudKits.startCloudKit({
    port: cloudKitPort,
    containers: [{ ...DEV_CLOUDKIT_CONTAINER, signInMessageOrigin: new URL(apiUrl).origin }],
  });
  mark('stand-ins listening');
  return {
    moonpay: moonpay.url,
    solanaRpc: solanaRpc.url,
    drive: drive.url,
    cloudKit: cloudKit.url,
  };
}

/**
 * Deploys the ETH / USD feed on anvil once it answers, and checks it landed at
 * {@link DEV_FEED_ADDRESS}, the address the API was given.
 */
async function deployFeed(): Promise<void> {
  const [{ deployAggregatorStandInCreate2 }] = await Promise.all([
    import('../packages/server/src/prices/dev/aggregatorStandIn.ts'),
    waitFor('anvil', async () => {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      return res.ok;
    }),
  ]);
  mark('anvil answers');
  const feed = await deployAggregatorStandInCreate2(rpcUrl, { answer: DEV_ETH_USD });
  if (feed !== DEV_FEED_ADDRESS) {
    throw new Error(
      `The price feed was deployed at ${feed}, not at ${DEV_FEED_ADDRESS} as the API was told: DEV_FEED_ADDRESS in scripts/start.ts must follow the feed's bytecode and parameters`,
    );
  }
  mark('feed deployed');
}

async function main() {
  if (demoMode !== 'dev' && demoMode !== 'preview') {
    throw new Error(`LATCHKEY_DEMO_MODE must be dev or preview, got ${demoMode}`);
  }
  await Promise.all([
    assertPortFree(anvilPort, 'chain'),
    assertPortFree(apiPort, 'API'),
    assertPortFree(demoPort, 'demo'),
    assertPortFree(providerDemoPort, 'provider demo'),
    assertPortFree(oidcPort, 'OpenID provider'),
    assertPortFree(moonpayPort, 'MoonPay stand-in'),
    solanaRpcPort !== 0 && assertPortFree(solanaRpcPort, 'Solana JSON-RPC'),
    drivePort !== 0 && assertPortFree(drivePort, 'Google Drive stand-in'),
    cloudKitPort !== 0 && assertPortFree(cloudKitPort, 'CloudKit stand-in'),
  ]);
  mark('ports checked');

  // anvil first: the API's dev seed sends transactions to it (the Farcaster registries).
  startPart('chain', bin('anvil'), [
    '--host',
    '127.0.0.1',
    '--port',
    String(anvilPort),
    '--chain-id',
    '31337',
    '--silent',
  ]);
  // The API takes longest to start (about 5 s of module loading): it goes first when the
  // stand-ins' URLs follow from their ports (always in the e2e harness, and for `npm start`'s
  // defaults), so the rest starts while it loads.
  const moonpayUrl = standInUrlOf(moonpayPort);
  const solanaRpcUrl = standInUrlOf(solanaRpcPort);
  const driveUrl = standInUrlOf(drivePort);
  const cloudKitUrl = standInUrlOf(cloudKitPort);
  const knownUrls =
    moonpayUrl && solanaRpcUrl && driveUrl && cloudKitUrl
      ? { moonpay: moonpayUrl, solanaRpc: solanaRpcUrl, drive: driveUrl, cloudKit: cloudKitUrl }
      : undefined;
  let apiListening = knownUrls ? startApi(knownUrls) : undefined;

  const oidc = startPart('oidc', ...tsNode('packages/server/src/methods/oauth/dev/oidc.ts'), {
    env: { LATCHKEY_OIDC_PORT: String(oidcPort), LATCHKEY_API_URL: apiUrl },
  });
  const oidcListening = printed(oidc, 'Local OpenID provider listening');
  mark('oidc spawned');
  if (knownUrls) await startDemo(knownUrls.solanaRpc);

  const urls = await startStandIns();
  if (knownUrls) {
    for (const key of Object.keys(urls) as (keyof StandInUrls)[]) {
      if (urls[key] !== knownUrls[key]) {
        throw new Error(`The ${key} stand-in listens on ${urls[key]}, not ${knownUrls[key]}`);
      }
    }
  } else {
    apiListening = startApi(urls);
    await startDemo(urls.solanaRpc);
  }

  // The feed goes on the chain while the API loads; the API was told its address.
  const ready = (what: string, check: () => Promise<boolean>) =>
    waitFor(what, check).then(() => mark(`${what} answers`));
  await Promise.all([
    deployFeed(),
    oidcListening.then(() =>
      ready('the OpenID provider', async () => {
        return (await fetch(`${oidcUrl}/.well-known/openid-configuration`)).ok;
      }),
    ),
    apiListening!.then(() =>
      ready('the API', async () => (await fetch(`${apiUrl}/api/v1/apps/${appId}`)).ok),
    ),
    ready('the demo', async () => (await fetch(demoUrl)).ok),
    ready('the provider demo', async () => (await fetch(providerDemoUrl)).ok),
  ]);

  log('');
  log(`  Demo app B    ${demoUrl}   (app id ${appId}; logs in with app A's accounts)`);
  log(`  Demo app A    ${providerDemoUrl}   (app id ${DEV_PROVIDER_APP_ID}, "Latchkey Wallet")`);
  log(`  Latchkey API  ${apiUrl}   (app id ${appId})`);
  log(`  Dev outbox    ${apiUrl}/dev/outbox`);
  log(`  Chain (anvil) ${rpcUrl}   (chain id 31337)`);
  log(`  OpenID (dev)  ${oidcUrl}   (the demo's Google button; any username)`);
  log(
    `  MoonPay (dev) ${urls.moonpay}   (the 'Fund wallet' purchases; its page sets their status)`,
  );
  log(`  Solana (dev)  ${urls.solanaRpc}   (JSON-RPC on LiteSVM; requestAirdrop funds any key)`);
  log(`  Drive (dev)   ${urls.drive}   (Google Drive v3 stand-in for cloud recovery)`);
  log(`  iCloud (dev)  ${urls.cloudKit}   (CloudKit Web Services stand-in; any Apple ID)`);
  log(`  Data          ${path.relative(root, dataDir) || dataDir}`);
  log('');
  log('Latchkey is running. Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  if (stopping) return;
  process.stderr.write(
    `npm start failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  void stop(1);
});
