/**
 * `npm test`: every test of the repository.
 *
 * 1. `test:unit` (vitest): it keeps both cores busy by itself.
 * 2. `test:e2e` (Chromium against whole stacks) alone. Its timing-sensitive steps (a screen
 *    held open by the pointer within its 2.5 s close, the approval button's arming) fail when
 *    other suites load the machine: session 41 ran `test:pg` and `test:packages` beside it,
 *    the e2e specs took up to twice as long and one failed, so it stays alone.
 * 3. `test:pg` and `test:packages` at the same time (PostgreSQL with vitest; fresh apps
 *    installing the packed tarballs and building): neither measures time, and the package
 *    specs wait on npm and the builds. Their output is kept and printed whole, one after the
 *    other, so the log reads as one run after another.
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
outcomes.push(await run('test:e2e'));
for (const part of await Promise.all([run('test:pg', true), run('test:packages', true)])) {
  process.stdout.write(`\n----- npm run ${part.script} (ran beside the other) -----\n`);
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
