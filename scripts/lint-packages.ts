/**
 * `npm run lint:packages` (issue 12 item 1): builds every publishable package (`npm run build`)
 * and checks what `npm pack` makes of it with publint (`--strict`: warnings fail too) and
 * Are The Types Wrong (`attw --pack --profile esm-only`: ESM-only packages, so the CommonJS and
 * node10 resolutions are not asked for). Exits 1 when any check reports a problem.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PUBLISHED } from './build/published.ts';

const root = path.resolve(import.meta.dirname, '..');

function run(command: string, args: string[], cwd: string): boolean {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return result.status === 0;
}

if (process.argv.includes('--no-build') || run('npm', ['run', 'build', '--silent'], root)) {
  const failed: string[] = [];
  for (const name of PUBLISHED) {
    const dir = path.join(root, 'packages', name);
    console.log(`\n@latchkey/${name}`);
    if (!run('npx', ['publint', '--strict'], dir)) failed.push(`${name}: publint`);
    if (
      !run(
        'npx',
        ['attw', '--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped'],
        dir,
      )
    ) {
      failed.push(`${name}: attw`);
    }
  }
  if (failed.length > 0) {
    console.error(`\nlint:packages failed: ${failed.join(', ')}`);
    process.exit(1);
  }
  console.log('\nlint:packages: publint and attw found no problems');
} else {
  console.error('lint:packages: the build failed');
  process.exit(1);
}
