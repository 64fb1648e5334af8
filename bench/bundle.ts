/**
 * `npm run bench:bundle`: what Latchkey adds to a host app's JavaScript and to its node_modules.
 *
 * 1. Bundles. Writes minimal host apps into a temporary folder and bundles each with esbuild's
 *    JS API the same way (bundle, minify, ESM, code splitting, es2020, production React):
 *    - `react-only`: React + react-dom rendering a button;
 *    - `latchkey`: the same plus `<LatchkeyProvider>` and a button calling `useLatchkey().login()`
 *      (WalletConnect not set up: the default since issue 12 item 6);
 *    - `latchkey+walletconnect`: the same with `walletConnect` of `@latchkey/react/walletconnect`
 *      passed as `externalWallets.walletConnect.connector`.
 *    The workspace packages are resolved from their TypeScript sources (the `@latchkey/source`
 *    export condition).
 *
 *    For each it prints the gzipped bytes (node:zlib, level 9, each file on its own as a browser
 *    fetches it) of the JavaScript loaded before the first lazy import (the entry chunk plus
 *    everything it imports statically), of the lazy chunks, and of all chunks; then the Latchkey
 *    cost against the budgets. With `BENCH_BUNDLE_FILES=1` it also lists each workspace file's
 *    minified bytes in the eager chunks (to diff two trees).
 * 2. Install (about a minute; skip with `npm run bench:bundle -- --no-install`). Builds
 *    `@latchkey/api`, `core` and `react` (tsdown), packs them (scripts/pack-tarballs.ts) and
 *    installs the three tarballs plus react and react-dom into an empty folder with
 *    `npm install --omit=dev`, as an outside app would (no NODE_OPTIONS, no npm_* variables).
 *    Prints the installed size (sum of file sizes, and the blocks allocated on disk as `du`
 *    counts them), the package count, the largest packages, and whether any `@walletconnect/*`
 *    or `@reown/*` package got installed.
 *
 * Prints only; never fails on a budget.
 */
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { outsideEnv } from '../e2e/packages/tarballs.ts';
import { packTarballs } from '../scripts/pack-tarballs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Budget: Latchkey's gzipped JS on top of React before the modal opens (the first lazy import). */
const BUDGET_BYTES = 60 * 1024;
/** Goal (issue 12): Latchkey's lazy JS, gzipped, without WalletConnect. */
const LAZY_GOAL_BYTES = 400 * 1024;
/** Goal (issue 12): `@latchkey/react` installed with its production dependencies, in MB (10^6 bytes). */
const INSTALL_GOAL_MB = 100;

const APPS: Record<string, string> = {
  'react-only': `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <button type="button" onClick={() => console.log('clicked')}>Log in</button>;
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`,
  latchkey: `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LatchkeyProvider, useLatchkey } from '@latchkey/react';

function LoginButton() {
  const { login } = useLatchkey();
  return <button type="button" onClick={() => login()}>Log in</button>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LatchkeyProvider appId="latchkeydemo0000000000000" apiUrl="http://localhost:8787">
      <LoginButton />
    </LatchkeyProvider>
  </StrictMode>,
);
`,
  'latchkey+walletconnect': `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LatchkeyProvider, useLatchkey } from '@latchkey/react';
import { walletConnect } from '@latchkey/react/walletconnect';

function LoginButton() {
  const { login } = useLatchkey();
  return <button type="button" onClick={() => login()}>Log in</button>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LatchkeyProvider
      appId="latchkeydemo0000000000000"
      apiUrl="http://localhost:8787"
      config={{ externalWallets: { walletConnect: { connector: walletConnect } } }}
    >
      <LoginButton />
    </LatchkeyProvider>
  </StrictMode>,
);
`,
};

interface Sizes {
  /** Minified bytes in the initial chunks per source package (for the breakdown). */
  initialByPackage: Map<string, number>;
  /** Minified bytes in the lazy chunks per source package. */
  lazyByPackage: Map<string, number>;
  initialGzip: number;
  totalGzip: number;
  initialRaw: number;
  totalRaw: number;
  initialFiles: number;
  totalFiles: number;
}

/**
 * Bundles `source` as `<dir>/<name>/main.tsx` and measures the output. By default the workspace
 * packages resolve from source; with `installedIn`, packages resolve from that folder's
 * node_modules only, as an app that installed the packed tarballs gets them (built `dist/`).
 */
async function measure(
  dir: string,
  name: string,
  source: string,
  installedIn?: string,
): Promise<Sizes> {
  const appDir = path.join(dir, name);
  const outdir = path.join(appDir, 'out');
  const entry = path.join(appDir, 'main.tsx');
  mkdirSync(appDir, { recursive: true });
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    target: 'es2020',
    outdir,
    platform: 'browser',
    jsx: 'automatic',
    // The workspace packages from source, as the demo and the tests run them; or what an app
    // installed from the tarballs.
    conditions: installedIn ? [] : ['@latchkey/source'],
    // The temp folder is outside the repository; resolve packages from its node_modules.
    nodePaths: [path.join(installedIn ?? root, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    write: true,
    logLevel: 'silent',
  });
  return sizes(result.metafile, entry);
}

function sizes(meta: Metafile, entry: string): Sizes {
  const outputs = meta.outputs;
  const jsFiles = Object.keys(outputs).filter((f) => f.endsWith('.js'));
  const entryRel = path.relative(process.cwd(), entry);
  const entryOut =
    jsFiles.find((f) => outputs[f]?.entryPoint === entryRel) ??
    jsFiles.find((f) => outputs[f]?.entryPoint !== undefined);
  if (!entryOut) throw new Error('esbuild produced no entry chunk');

  // The entry chunk and its static imports, transitively; dynamic imports start lazy chunks.
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(entryOut);

  const initialByPackage = new Map<string, number>();
  for (const file of initial) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file]?.inputs ?? {})) {
      const pkg = packageOf(input);
      initialByPackage.set(pkg, (initialByPackage.get(pkg) ?? 0) + bytesInOutput);
      if (process.env.BENCH_BUNDLE_FILES && input.includes('packages/'))
        console.log(
          `  eager ${String(bytesInOutput).padStart(6)} ${input.replace(/^.*packages\//, '')}`,
        );
    }
  }

  const lazyByPackage = new Map<string, number>();
  for (const file of jsFiles.filter((f) => !initial.has(f))) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file]?.inputs ?? {})) {
      const pkg = packageOf(input);
      lazyByPackage.set(pkg, (lazyByPackage.get(pkg) ?? 0) + bytesInOutput);
    }
  }

  const gz = (f: string) =>
    gzipSync(readFileSync(path.resolve(process.cwd(), f)), { level: 9 }).length;
  const raw = (f: string) => outputs[f]?.bytes ?? 0;
  const sum = (files: Iterable<string>, size: (f: string) => number) =>
    [...files].reduce((n, f) => n + size(f), 0);
  return {
    initialByPackage,
    lazyByPackage,
    initialGzip: sum(initial, gz),
    totalGzip: sum(jsFiles, gz),
    initialRaw: sum(initial, raw),
    totalRaw: sum(jsFiles, raw),
    initialFiles: initial.size,
    totalFiles: jsFiles.length,
  };
}

/** `react-dom`, `@latchkey/core`, `zod`...: the package a bundled input file belongs to. */
function packageOf(input: string): string {
  const abs = path.resolve(process.cwd(), input);
  const nm = abs.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (nm >= 0) {
    const parts = abs.slice(nm + 14).split(path.sep);
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const rel = path.relative(root, abs);
  const ws = rel.match(/^(packages|examples)[\\/]([^\\/]+)/);
  if (ws) return `@latchkey/${ws[2]}`;
  return '(app)';
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The rows of `rows` padded into columns. */
function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

/** Section 1: the host apps' JavaScript. */
async function bundles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'latchkey-bench-bundle-'));
  try {
    const results: Record<string, Sizes> = {};
    for (const [name, source] of Object.entries(APPS))
      results[name] = await measure(dir, name, source);
    const base = results['react-only']!;
    const lk = results.latchkey!;
    const wc = results['latchkey+walletconnect']!;
    const lazy = (s: Sizes) => s.totalGzip - s.initialGzip;

    console.log(
      'esbuild: bundle, minify, format esm, splitting, target es2020, NODE_ENV=production; gzip -9 per file\n',
    );
    printTable([
      [
        'app',
        'before modal (gzip)',
        'lazy (gzip)',
        'total (gzip)',
        'before modal (min)',
        'total (min)',
        'chunks (initial/all)',
      ],
      ...Object.entries(results).map(([name, s]) => [
        name,
        kb(s.initialGzip),
        kb(lazy(s)),
        kb(s.totalGzip),
        kb(s.initialRaw),
        kb(s.totalRaw),
        `${s.initialFiles}/${s.totalFiles}`,
      ]),
      [
        'latchkey - react-only',
        kb(lk.initialGzip - base.initialGzip),
        kb(lazy(lk) - lazy(base)),
        kb(lk.totalGzip - base.totalGzip),
        kb(lk.initialRaw - base.initialRaw),
        kb(lk.totalRaw - base.totalRaw),
        '',
      ],
    ]);
    const cost = lk.initialGzip - base.initialGzip;
    console.log('');
    console.log('budget: < 60 KB gzipped over React before the modal opens');
    console.log(
      `Latchkey before the modal opens: ${kb(cost)} gzipped (${cost} bytes) -> ${cost < BUDGET_BYTES ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `Latchkey before the modal opens with the WalletConnect connector passed: ${kb(wc.initialGzip - base.initialGzip)} gzipped`,
    );
    console.log(
      `Latchkey in total (modal and its screens included): ${kb(lk.totalGzip - base.totalGzip)} gzipped`,
    );
    console.log('');
    console.log('goal: < 400 KB gzipped of lazy JS without WalletConnect');
    console.log(
      `Latchkey lazy JS without WalletConnect: ${kb(lazy(lk))} gzipped -> ${lazy(lk) < LAZY_GOAL_BYTES ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `Latchkey lazy JS with WalletConnect: ${kb(lazy(wc))} gzipped (+${kb(lazy(wc) - lazy(lk))} for WalletConnect)`,
    );
    console.log('');
    console.log(
      'latchkey app, JS before the modal opens, minified bytes by package (not gzipped):',
    );
    const byPackage = [...lk.initialByPackage.entries()].sort((a, b) => b[1] - a[1]);
    for (const [pkg, bytes] of byPackage)
      console.log(`  ${pkg.padEnd(24)} ${kb(bytes).padStart(9)}`);
    console.log('');
    console.log('latchkey app, lazy JS, minified bytes by package (not gzipped), largest 10:');
    const lazyByPackage = [...lk.lazyByPackage.entries()].sort((a, b) => b[1] - a[1]);
    for (const [pkg, bytes] of lazyByPackage.slice(0, 10))
      console.log(`  ${pkg.padEnd(24)} ${kb(bytes).padStart(9)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What an installed node_modules holds. */
interface Installed {
  /** Sum of the files' sizes (symlinks count their own size). */
  bytes: number;
  /** Blocks allocated on disk (`du`'s figure), in bytes. */
  diskBytes: number;
  /** Installed package folders, nested copies included (npm's hidden lockfile). */
  packages: string[];
  /** Sum of file sizes per package name (nested copies added to the name). */
  byPackage: Map<string, number>;
}

/** Walks `dir/node_modules` and reads npm's record of what it installed there. */
function measureInstall(dir: string): Installed {
  const nodeModules = path.join(dir, 'node_modules');
  const lock = JSON.parse(readFileSync(path.join(nodeModules, '.package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  const packages = Object.keys(lock.packages).map((key) =>
    key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length),
  );
  let bytes = 0;
  let diskBytes = 0;
  const byPackage = new Map<string, number>();
  for (const entry of readdirSync(nodeModules, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = lstatSync(file);
    bytes += stat.size;
    diskBytes += stat.blocks * 512;
    const rel = path.relative(nodeModules, file).split(path.sep);
    // The innermost package holding the file: the segment after the last node_modules.
    const at = rel.lastIndexOf('node_modules') + 1;
    const name = rel[at]?.startsWith('@') ? `${rel[at]}/${rel[at + 1]}` : rel[at];
    if (name && !name.startsWith('.')) byPackage.set(name, (byPackage.get(name) ?? 0) + stat.size);
  }
  return { bytes, diskBytes, packages, byPackage };
}

/** Section 2: `@latchkey/react` installed from its tarball with its production dependencies. */
async function install() {
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'latchkey-bench-install-'));
  try {
    for (const name of ['api', 'core', 'react']) {
      execFileSync('npm', ['run', 'build', '--silent'], {
        cwd: path.join(root, 'packages', name),
        // Output (tsdown's Node version notice) only matters on failure, where it is thrown.
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    }
    const tarballs = packTarballs(path.join(work, 'packs'), ['api', 'core', 'react']);
    const app = path.join(work, 'app');
    mkdirSync(app);
    writeFileSync(
      path.join(app, 'package.json'),
      `${JSON.stringify({ name: 'bench-install', private: true })}\n`,
    );
    const args = [
      'install',
      '--omit=dev',
      tarballs.api!,
      tarballs.core!,
      tarballs.react!,
      'react',
      'react-dom',
    ];
    execFileSync('npm', args, { cwd: app, env: outsideEnv(), stdio: 'ignore' });
    const installed = measureInstall(app);
    const walletConnect = installed.packages.filter((p) => /^@(walletconnect|reown)\//.test(p));
    console.log('');
    console.log(
      'install: the packed @latchkey/api, core and react + react, react-dom; npm install --omit=dev in an empty folder',
    );
    console.log(`goal: < ${INSTALL_GOAL_MB} MB installed`);
    console.log(
      `@latchkey/react installed: ${mb(installed.bytes)} (sum of file sizes; ${mb(installed.diskBytes)} allocated on disk, as du counts) in ${installed.packages.length} packages -> ${installed.bytes < INSTALL_GOAL_MB * 1e6 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `@walletconnect/* or @reown/* installed: ${walletConnect.length === 0 ? 'none' : `${walletConnect.length} (${walletConnect.slice(0, 5).join(', ')}${walletConnect.length > 5 ? ', ...' : ''})`}`,
    );
    console.log('largest packages (sum of file sizes):');
    const largest = [...installed.byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
    for (const [pkg, bytes] of largest) console.log(`  ${pkg.padEnd(28)} ${mb(bytes).padStart(8)}`);
    console.log(`(build, pack and install took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    // What an app that installed the tarballs bundles: the built dist/, not the source.
    const base = await measure(app, 'react-only-installed', APPS['react-only']!, app);
    const lk = await measure(app, 'latchkey-installed', APPS.latchkey!, app);
    console.log('');
    console.log('the same host apps bundled from the installed tarballs (built dist/):');
    console.log(
      `Latchkey before the modal opens: ${kb(lk.initialGzip - base.initialGzip)} gzipped -> ${lk.initialGzip - base.initialGzip < BUDGET_BYTES ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `Latchkey lazy JS without WalletConnect: ${kb(lk.totalGzip - lk.initialGzip)} gzipped -> ${lk.totalGzip - lk.initialGzip < LAZY_GOAL_BYTES ? 'MET' : 'NOT MET'}`,
    );
    const eager = [...lk.initialByPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `before the modal, minified by package: ${eager.map(([p, b]) => `${p} ${kb(b)}`).join(', ')}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await bundles();
if (process.argv.includes('--no-install')) {
  console.log('\ninstall size: skipped (--no-install)');
} else {
  await install();
}
