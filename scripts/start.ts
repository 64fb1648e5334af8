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
 *   AggregatorV3 stand-in at $3,000) deployed on anvil before the API starts, which the API
 *   reads for `GET /api/v1/token_price`
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
 * Prints one line containing `Latchkey is running` once every part answers; Ctrl-C (SIGINT)
 * or SIGTERM stops every child process group and exits 0. If a part dies, the rest are
 * stopped and the exit code is 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEV_MOONPAY_KEYS,
  type MoonPayStandIn,
  startMoonPayStandIn,
} from '../packages/server/src/funding/dev/moonpay-standin.ts';
import { deployAggregatorStandIn } from '../packages/server/src/prices/dev/aggregatorStandIn.ts';
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
import { type CloudKit, startCloudKit } from '../test-support/cloudkit.ts';
import { type GoogleDrive, startGoogleDrive } from '../test-support/google-drive.ts';
import { type SolanaRpc, startSolanaRpc } from '../test-support/solana-rpc.ts';

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
 * Writes this stack's API URL, app ids and demo origins into the built demo's `index.html`
 * (`window.LATCHKEY_DEMO_CONFIG`, read by `examples/demo/src/main.tsx`: the page on
 * `providerUrl` is app A, `providerAppId`; any other is app B, `appId`; `solanaRpcUrl` the local
 * Solana cluster), so a build made once serves any stack's ports.
 */
function serveDemoConfig(outDir: string): void {
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
    solanaRpcUrl: solanaRpc?.url,
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

/** Polls `check` every 200 ms until it resolves true, or throws after READY_TIMEOUT_MS. */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopped');
    // A check that hangs (a half-open connection) counts as a miss after 5 s.
    const miss = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000));
    if (await Promise.race([check().catch(() => false), miss])) return;
    await new Promise((r) => setTimeout(r, 200));
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

async function main() {
  if (demoMode !== 'dev' && demoMode !== 'preview') {
    throw new Error(`LATCHKEY_DEMO_MODE must be dev or preview, got ${demoMode}`);
  }
  await assertPortFree(anvilPort, 'chain');
  await assertPortFree(apiPort, 'API');
  await assertPortFree(demoPort, 'demo');
  await assertPortFree(providerDemoPort, 'provider demo');
  await assertPortFree(oidcPort, 'OpenID provider');
  await assertPortFree(moonpayPort, 'MoonPay stand-in');
  if (solanaRpcPort !== 0) await assertPortFree(solanaRpcPort, 'Solana JSON-RPC');
  if (drivePort !== 0) await assertPortFree(drivePort, 'Google Drive stand-in');
  if (cloudKitPort !== 0) await assertPortFree(cloudKitPort, 'CloudKit stand-in');

  startPart('chain', bin('anvil'), [
    '--host',
    '127.0.0.1',
    '--port',
    String(anvilPort),
    '--chain-id',
    '31337',
    '--silent',
  ]);

  startPart('oidc', ...tsNode('packages/server/src/methods/oauth/dev/oidc.ts'), {
    env: { LATCHKEY_OIDC_PORT: String(oidcPort), LATCHKEY_API_URL: apiUrl },
  });
  moonpay = await startMoonPayStandIn({
    port: moonpayPort,
    keys: { [DEV_MOONPAY_KEYS.publishable_key]: DEV_MOONPAY_KEYS.secret_key },
  });
  solanaRpc = await startSolanaRpc({ port: solanaRpcPort });
  // Cloud recovery (issue 23): Drive checks tokens at the OpenID provider (on first use).
  drive = await startGoogleDrive({
    port: drivePort,
    issuer: oidcUrl,
    introspection: {
      clientId: DEV_DRIVE_INTROSPECTION_CLIENT_ID,
      clientSecret: DEV_DRIVE_INTROSPECTION_CLIENT_SECRET,
    },
  });
  // The sign-in pop-up posts the web auth token to the wallet frame (the API origin) only.
  cloudKit = await startCloudKit({
    port: cloudKitPort,
    containers: [{ ...DEV_CLOUDKIT_CONTAINER, signInMessageOrigin: new URL(apiUrl).origin }],
  });

  // The price feed goes on the chain before the API starts, which is told its address.
  await waitFor('anvil', async () => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  });
  const feed = await deployAggregatorStandIn(rpcUrl, { answer: DEV_ETH_USD });
  const priceChains = {
    31337: { rpcUrl, feeds: { ETH: { address: feed, maxAgeS: DEV_FEED_MAX_AGE_S } } },
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
      LATCHKEY_MOONPAY_API_URL: moonpay.url,
      LATCHKEY_MOONPAY_SANDBOX_WIDGET_URL: `${moonpay.url}/`,
      LATCHKEY_PRICE_CHAINS: JSON.stringify(priceChains),
      LATCHKEY_SOLANA_RPC_URL: solanaRpc.url,
      LATCHKEY_DEV_DRIVE_URL: drive.url,
      LATCHKEY_DEV_CLOUDKIT_URL: cloudKit.url,
    },
  });
  let apiListening = false;
  api.child.stdout!.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('Latchkey API listening')) apiListening = true;
  });

  const demo = {
    cwd: path.join(root, 'examples', 'demo'),
    env: {
      VITE_LATCHKEY_APP_ID: appId,
      VITE_LATCHKEY_API_URL: apiUrl,
      VITE_LATCHKEY_DEMO_URL: demoUrl,
      VITE_LATCHKEY_PROVIDER_APP_ID: DEV_PROVIDER_APP_ID,
      VITE_LATCHKEY_PROVIDER_URL: providerDemoUrl,
      VITE_LATCHKEY_SOLANA_RPC_URL: solanaRpc.url,
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
    serveDemoConfig(outDir);
    startPart('demo', bin('vite'), ['preview', '--outDir', outDir, ...served], demo);
  } else {
    startPart('demo', bin('vite'), served, demo);
  }
  await forwardProviderDemo();

  await waitFor(
    'the OpenID provider',
    async () => (await fetch(`${oidcUrl}/.well-known/openid-configuration`)).ok,
  );
  await waitFor(
    'the API',
    async () => apiListening && (await fetch(`${apiUrl}/api/v1/apps/${appId}`)).ok,
  );
  await waitFor('the demo', async () => (await fetch(demoUrl)).ok);
  await waitFor('the provider demo', async () => (await fetch(providerDemoUrl)).ok);

  log('');
  log(`  Demo app B    ${demoUrl}   (app id ${appId}; logs in with app A's accounts)`);
  log(`  Demo app A    ${providerDemoUrl}   (app id ${DEV_PROVIDER_APP_ID}, "Latchkey Wallet")`);
  log(`  Latchkey API  ${apiUrl}   (app id ${appId})`);
  log(`  Dev outbox    ${apiUrl}/dev/outbox`);
  log(`  Chain (anvil) ${rpcUrl}   (chain id 31337)`);
  log(`  OpenID (dev)  ${oidcUrl}   (the demo's Google button; any username)`);
  log(`  MoonPay (dev) ${moonpay.url}   (the 'Fund wallet' purchases; its page sets their status)`);
  log(`  Solana (dev)  ${solanaRpc.url}   (JSON-RPC on LiteSVM; requestAirdrop funds any key)`);
  log(`  Drive (dev)   ${drive.url}   (Google Drive v3 stand-in for cloud recovery)`);
  log(`  iCloud (dev)  ${cloudKit.url}   (CloudKit Web Services stand-in; any Apple ID)`);
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
