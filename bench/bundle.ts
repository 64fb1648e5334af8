/**
 * `npm run bench:bundle`: what Latchkey adds to a host app's JavaScript.
 *
 * Writes two minimal host apps into a temporary folder and bundles each with esbuild's JS API
 * the same way (bundle, minify, ESM, code splitting, es2020, production React):
 * - `react-only`: React + react-dom rendering a button;
 * - `latchkey`: the same plus `<LatchkeyProvider>` and a button calling `useLatchkey().login()`.
 * The workspace packages are resolved from their TypeScript sources (their `exports` point
 * at `src/index.ts`).
 *
 * For each it prints the gzipped bytes (node:zlib, level 9, each file on its own as a browser
 * fetches it) of the JavaScript loaded before the first lazy import (the entry chunk plus
 * everything it imports statically) and of all chunks, then the difference (the Latchkey
 * cost) against the budget. Prints only; never fails on the budget. With `BENCH_BUNDLE_FILES=1`
 * it also lists each workspace file's minified bytes in the eager chunks (to diff two trees).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Budget: Latchkey's gzipped JS on top of React before the modal opens (the first lazy import). */
const BUDGET_BYTES = 60 * 1024;

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
};

interface Sizes {
  /** Minified bytes in the initial chunks per source package (for the breakdown). */
  initialByPackage: Map<string, number>;
  initialGzip: number;
  totalGzip: number;
  initialRaw: number;
  totalRaw: number;
  initialFiles: number;
  totalFiles: number;
}

/** Bundles `source` as `<dir>/<name>/main.tsx` and measures the output. */
async function measure(dir: string, name: string, source: string): Promise<Sizes> {
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
    // The temp folder is outside the repository; resolve packages from its node_modules.
    nodePaths: [path.join(root, 'node_modules')],
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

  const gz = (f: string) =>
    gzipSync(readFileSync(path.resolve(process.cwd(), f)), { level: 9 }).length;
  const raw = (f: string) => outputs[f]?.bytes ?? 0;
  const sum = (files: Iterable<string>, size: (f: string) => number) =>
    [...files].reduce((n, f) => n + size(f), 0);
  return {
    initialByPackage,
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

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'latchkey-bench-bundle-'));
  try {
    const results: Record<string, Sizes> = {};
    for (const [name, source] of Object.entries(APPS))
      results[name] = await measure(dir, name, source);
    const base = results['react-only']!;
    const lk = results.latchkey!;

    const rows = [
      [
        'app',
        'before modal (gzip)',
        'total (gzip)',
        'before modal (min)',
        'total (min)',
        'chunks (initial/all)',
      ],
      ...Object.entries(results).map(([name, s]) => [
        name,
        kb(s.initialGzip),
        kb(s.totalGzip),
        kb(s.initialRaw),
        kb(s.totalRaw),
        `${s.initialFiles}/${s.totalFiles}`,
      ]),
      [
        'latchkey - react-only',
        kb(lk.initialGzip - base.initialGzip),
        kb(lk.totalGzip - base.totalGzip),
        kb(lk.initialRaw - base.initialRaw),
        kb(lk.totalRaw - base.totalRaw),
        '',
      ],
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log(
      'esbuild: bundle, minify, format esm, splitting, target es2020, NODE_ENV=production; gzip -9 per file\n',
    );
    for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
    const cost = lk.initialGzip - base.initialGzip;
    console.log('');
    console.log('budget: < 60 KB gzipped over React before the modal opens');
    console.log(
      `Latchkey before the modal opens: ${kb(cost)} gzipped (${cost} bytes) -> ${cost < BUDGET_BYTES ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `Latchkey in total (modal and its screens included): ${kb(lk.totalGzip - base.totalGzip)} gzipped`,
    );
    console.log('');
    console.log(
      'latchkey app, JS before the modal opens, minified bytes by package (not gzipped):',
    );
    const byPackage = [...lk.initialByPackage.entries()].sort((a, b) => b[1] - a[1]);
    for (const [pkg, bytes] of byPackage)
      console.log(`  ${pkg.padEnd(24)} ${kb(bytes).padStart(9)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
