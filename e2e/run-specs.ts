/**
 * `npm test` in e2e (`npm run test:e2e` from the root): every spec file under node's test
 * runner, two files at a time, then the timing-sensitive files one at a time.
 *
 * One spec file keeps this 2-core machine only 50 to 70% busy (it waits on animations,
 * timers, polling and the chain), so two at a time finish the run about a fifth sooner
 * (session 39: 1778 s -> about 1430 s). Each file has its own stack on free ports and its own
 * browser, so two files never share state.
 *
 * {@link SERIAL} files run alone afterwards: they measure timing frame by frame and fail under
 * a second file's load.
 *
 * Exit code: 0 when every file passed, else 1. Arguments (spec paths) run just those, one at a
 * time: `npm test -- specs/email-login.spec.ts`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

const picked = process.argv.slice(2);
if (picked.length > 0) {
  process.exit(runSpecs(picked, 1) ? 0 : 1);
}
const all = readdirSync(path.join(here, 'specs'))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort();
const parallel = all.filter((f) => !SERIAL.includes(f)).map((f) => `specs/${f}`);
const serial = all.filter((f) => SERIAL.includes(f)).map((f) => `specs/${f}`);
// Both lanes run even when the first fails, so one run reports every failure.
const parallelOk = runSpecs(parallel, 2);
const serialOk = runSpecs(serial, 1);
process.exit(parallelOk && serialOk ? 0 : 1);
