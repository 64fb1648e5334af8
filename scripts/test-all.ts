/**
 * `npm test`: every test of the repository, one suite after the other: `test:unit` (vitest),
 * `test:e2e` (Chromium against whole stacks), `test:pg` (the server suite on PostgreSQL) and
 * `test:packages` (fresh apps installing the packed tarballs).
 *
 * One at a time on purpose (session 41, measured): beside `test:pg` and `test:packages` the e2e
 * specs took up to twice as long and a timing-sensitive step failed; `test:pg` beside
 * `test:packages` took 742 s against about 410 s one after the other.
 *
 * Every part runs even when an earlier one failed, so one run reports every failure. Exit code:
 * 0 when all passed, else 1. A summary line per part gives its result and duration.
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

/** Runs `npm run <script>` in the repository root, its output streamed. */
function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: root, stdio: 'inherit' });
    child.once('exit', (code) => resolve({ script, code, ms: Date.now() - started }));
  });
}

const outcomes: Outcome[] = [];
for (const script of ['test:unit', 'test:e2e', 'test:pg', 'test:packages']) {
  outcomes.push(await run(script));
}

process.stdout.write('\n');
for (const { script, code, ms } of outcomes) {
  process.stdout.write(
    `# ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${Math.round(ms / 1000)} s\n`,
  );
}
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
