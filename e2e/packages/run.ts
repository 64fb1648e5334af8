/**
 * `npm run test:packages`: builds every published package, packs the tarballs into a temporary
 * folder (scripts/pack-tarballs.ts) and runs the package specs (e2e/packages/*.spec.ts) with
 * that folder in `LATCHKEY_PACKS_DIR`. Extra arguments pick spec files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packTarballs } from '../../scripts/pack-tarballs.ts';

const root = path.resolve(import.meta.dirname, '../..');
const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const packs = mkdtempSync(path.join(tmpdir(), 'latchkey-packs-'));
let status: number;
try {
  packTarballs(packs);
  const picked = process.argv.slice(2);
  const specs =
    picked.length > 0
      ? picked
      : readdirSync(import.meta.dirname)
          .filter((f) => f.endsWith('.spec.ts'))
          .map((f) => path.join('packages', f));
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs],
    {
      cwd: path.join(root, 'e2e'),
      stdio: 'inherit',
      env: { ...process.env, LATCHKEY_PACKS_DIR: packs },
    },
  );
  status = result.status ?? 1;
} finally {
  rmSync(packs, { recursive: true, force: true });
}
process.exit(status);
