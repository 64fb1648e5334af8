#!/usr/bin/env node
/**
 * Runs drizzle-kit for this package (`npm run db:generate -w @latchkey/server`).
 *
 * npm hoists drizzle-kit to the root node_modules but keeps drizzle-orm in
 * packages/server/node_modules, and drizzle-kit imports drizzle-orm from its own location.
 * So we link both, with drizzle-kit's dependencies, into a temporary node_modules and run the
 * CLI from there, in this package's folder (drizzle.config.ts, drizzle/).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = dirname(dirname(fileURLToPath(import.meta.url)));
/** The folder of package `name` as Node would find it from `fromDir` (walking up node_modules). */
function findPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`Cannot find ${name} from ${fromDir}`);
  }
}

const kitDir = findPackage('drizzle-kit', pkgDir);
const ormDir = findPackage('drizzle-orm', pkgDir);
const tmp = mkdtempSync(join(tmpdir(), 'latchkey-drizzle-kit-'));
try {
  const modules = join(tmp, 'node_modules');
  mkdirSync(modules);
  // A copy, not a link: Node resolves a linked package's imports from its real path.
  cpSync(kitDir, join(modules, 'drizzle-kit'), { recursive: true });
  symlinkSync(ormDir, join(modules, 'drizzle-orm'));
  for (const dep of ['@drizzle-team/brocli', '@esbuild-kit/esm-loader', 'esbuild', 'tsx']) {
    const target = join(modules, dep);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(findPackage(dep, kitDir), target);
  }
  const result = spawnSync(
    process.execPath,
    [join(modules, 'drizzle-kit', 'bin.cjs'), ...process.argv.slice(2)],
    { cwd: pkgDir, stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
