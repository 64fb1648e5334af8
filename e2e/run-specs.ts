/**
 * `npm test` in e2e (`npm run test:e2e` from the root): every spec file under node's test
 * runner, two files at a time, then the timing-sensitive files one at a time.
 *
 * One spec file keeps this 2-core machine only 50 to 70% busy (it waits on animations,
 * timers, polling and the chain), so two at a time finish the run about a fifth sooner
 * (session 39: 1778 s -> about 1430 s). Each file has its own stack on free ports and its own
 * browser, so two files never share state. The demo is built once for all stacks.
 *
 * {@link SERIAL} files run alone afterwards: they measure timing frame by frame and fail under
 * a second file's load.
 *
 * Exit code: 0 when every file passed, else 1. Arguments (spec paths) run just those, one at a
 * time: `npm test -- specs/email-login.spec.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Spec files that run alone: `flicker` records the modal card on every animation frame. */
export const SERIAL = ['flicker.spec.ts'];

/** Runs node's test runner on `files` with `concurrency` files at a time; true when all pass. */
function runSpecs(files: string[], concurrency: number): boolean {
  if (files.length === 0) return true;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files],
    { cwd: here, stdio: 'inherit' },
  );
  return result.status === 0;
}

/**
 * Builds the demo once into a temporary folder and hands it to every stack
 * (LATCHKEY_DEMO_BUILD_DIR, read by scripts/start.ts), which copies it instead of running its
 * own `vite build`: about 8 s of both cores saved per spec file. Returns a cleanup.
 */
function buildDemoOnce(): () => void {
  const outDir = mkdtempSync(path.join(tmpdir(), 'latchkey-e2e-demo-'));
  const started = Date.now();
  const result = spawnSync(
    path.join(here, '..', 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: path.join(here, '..', 'examples', 'demo'), stdio: 'inherit' },
  );
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`the demo build for the e2e run failed (exit ${result.status})`);
  }
  process.stdout.write(`# demo built once for every stack in ${Date.now() - started} ms\n`);
  process.env.LATCHKEY_DEMO_BUILD_DIR = outDir;
  return () => rmSync(outDir, { recursive: true, force: true });
}

/**
 * Spec files that take longest (80 to 260 s in CI, session 40's run), started first so that the two
 * lanes end together instead of one long file running alone at the end. The rest follow in
 * name order.
 */
export const SLOWEST_FIRST = [
  'a11y-more.spec.ts',
  'a11y.spec.ts',
  'screens.spec.ts',
  'mfa.spec.ts',
  'password-frame.spec.ts',
  'wallet-embedded.spec.ts',
  'funding.spec.ts',
  'approval.spec.ts',
  'link-passkey.spec.ts',
  'wallet-policy.spec.ts',
  'wallet-password.spec.ts',
];

const cleanup = buildDemoOnce();
process.on('exit', cleanup);
const picked = process.argv.slice(2);
if (picked.length > 0) {
  process.exit(runSpecs(picked, 1) ? 0 : 1);
}
const all = readdirSync(path.join(here, 'specs'))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort((a, b) => {
    const rank = (f: string) => {
      const i = SLOWEST_FIRST.indexOf(f);
      return i === -1 ? SLOWEST_FIRST.length : i;
    };
    return rank(a) - rank(b) || a.localeCompare(b);
  });
const parallel = all.filter((f) => !SERIAL.includes(f)).map((f) => `specs/${f}`);
const serial = all.filter((f) => SERIAL.includes(f)).map((f) => `specs/${f}`);
// Both lanes run even when the first fails, so one run reports every failure.
const parallelStarted = Date.now();
const parallelOk = runSpecs(parallel, 2);
const serialStarted = Date.now();
const serialOk = runSpecs(serial, 1);
process.stdout.write(
  `# e2e: ${parallel.length} files two at a time in ${Math.round((serialStarted - parallelStarted) / 1000)} s, ` +
    `${serial.length} alone in ${Math.round((Date.now() - serialStarted) / 1000)} s\n`,
);
process.exit(parallelOk && serialOk ? 0 : 1);
