/**
 * `npm run pack:tarballs -- <outDir>` (issue 12): `npm pack` of every published package
 * (scripts/build/published.ts) into `outDir` (created), as an outside app or the Dockerfile
 * installs them. Run `npm run build` first: the tarballs ship `dist/`. Prints one tarball path
 * per line. Exits 1 when a package has no `dist/` (not built) or npm pack fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PUBLISHED } from './build/published.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Packs the published packages (or the `names` given, folder names under packages/) into `outDir`.
 * @returns the tarballs' absolute paths, by package folder name (`{api: '/out/latchkey-api-0.1.0.tgz'}`).
 * @throws Error when a package is not built or npm pack fails.
 */
export function packTarballs(
  outDir: string,
  names: readonly string[] = PUBLISHED,
): Record<string, string> {
  mkdirSync(outDir, { recursive: true });
  const out: Record<string, string> = {};
  for (const name of names) {
    const dir = path.join(root, 'packages', name);
    if (!existsSync(path.join(dir, 'dist'))) {
      throw new Error(`packages/${name} is not built: run npm run build first`);
    }
    const json = execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', path.resolve(outDir)],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [report] = JSON.parse(json) as { filename: string }[];
    out[name] = path.resolve(outDir, report!.filename);
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: npm run pack:tarballs -- <outDir>');
    process.exit(1);
  }
  try {
    for (const file of Object.values(packTarballs(outDir))) console.log(file);
  } catch (error) {
    console.error(`pack:tarballs: ${(error as Error).message}`);
    process.exit(1);
  }
}
