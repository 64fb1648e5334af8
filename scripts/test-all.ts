/**
 * `npm test`: every test of the repository, in the order that keeps the 2-core CI machine busy.
 *
 * 1. `test:unit` (vitest) alone: it keeps both cores busy by itself.
 * 2. Then, at the same time:
 *    - `test:e2e` (Chromium against whole stacks), whose output streams as it comes. It keeps the
 *      machine only about 55% busy (session 41: 30 min of CPU in 28 min), as its specs wait on
 *      animations, timers, polling and the chain;
 *    - `test:pg` then `test:packages` (PostgreSQL, then fresh apps installing the packed
 *      tarballs), which fill the idle part. Their output is kept and printed whole after the
 *      e2e run, so the log reads as one run after the other.
 *
 * Every part runs even when an earlier one failed, so one run reports every failure. Exit code:
 * 0 when all passed, else 1. A summary line per part gives its exit code and duration.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Outcome {
  script: string;
  code: number | null;
  ms: number;
}

/**
 * Runs `npm run <script>` in the repository root. With `keep`, its output is collected and
 * returned instead of streamed.
 */
function run(script: string, keep = false): Promise<Outcome & { output: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      cwd: root,
      stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ script, code, ms: Date.now() - started, output }));
  });
}

const outcomes: Outcome[] = [];
outcomes.push(await run('test:unit'));

const side = (async () => {
  const pg = await run('test:pg', true);
  const packages = await run('test:packages', true);
  return [pg, packages];
})();
outcomes.push(await run('test:e2e'));
for (const part of await side) {
  process.stdout.write(`\n----- npm run ${part.script} (ran beside test:e2e) -----\n`);
  process.stdout.write(part.output);
  outcomes.push(part);
}

process.stdout.write('\n');
for (const { script, code, ms } of outcomes) {
  process.stdout.write(
    `# ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${Math.round(ms / 1000)} s\n`,
  );
}
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
