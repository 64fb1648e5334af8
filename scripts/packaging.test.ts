/**
 * What `npm pack` ships of each publishable package (issue 12, item 1, first part): the LICENSE
 * and a README, no tests or test helpers, `publishConfig.access: public`, `engines.node`, and
 * every relative import of a shipped module resolves to a shipped file (so excluding test
 * helpers never breaks a production import). Reads `npm pack --dry-run --json`, writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['api', 'core', 'react', 'wallet-frame', 'server', 'wagmi'];

function packedFiles(pkg: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: path.join(root, 'packages', pkg),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [report] = JSON.parse(out) as { files: { path: string }[] }[];
  return report!.files.map((f) => f.path);
}

describe.each(PACKAGES)('npm pack of @latchkey/%s', (pkg) => {
  const files = packedFiles(pkg);
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'packages', pkg, 'package.json'), 'utf8'),
  ) as Record<string, unknown>;

  it('ships the LICENSE and a README, and is public with an engines range', () => {
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    expect(manifest.license).toBe('MIT');
    expect(manifest.publishConfig).toEqual({ access: 'public' });
    expect(manifest.engines).toEqual({ node: '>=20.19' });
  });

  it('ships no tests and no test helpers', () => {
    const testish = files.filter((f) =>
      /\.(test|spec|test-d)\.tsx?$|(^|\/)(test|testing)\/|test-utils\.ts$/.test(f),
    );
    expect(testish).toEqual([]);
  });

  it('resolves every relative import of a shipped module to a shipped file', () => {
    const shipped = new Set(files);
    const missing: string[] = [];
    for (const file of files.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f))) {
      // Comments dropped: a docstring may show an import that is not one.
      const source = readFileSync(path.join(root, 'packages', pkg, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
      for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec!));
        if (!shipped.has(target)) missing.push(`${file} -> ${spec}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
