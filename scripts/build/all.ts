/**
 * `npm run build`: builds every published package (scripts/build/published.ts) with its own
 * `npm run build` (tsdown; the server also prebuilds the wallet frame), two at a time (each
 * build is mostly single-threaded). The demo and e2e are not built: they run from source.
 * Exits 1 when a build fails, after the others finished.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PUBLISHED } from './published.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PARALLEL = 2;

function build(name: string): Promise<{ name: string; ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent'], {
      cwd: path.join(root, 'packages', name),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ name, ok: code === 0, output }));
  });
}

const queue = [...PUBLISHED];
const failed: string[] = [];
const started = Date.now();
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const result = await build(name);
      // Node 20 deprecation notices of tsdown are noise here.
      const shown = result.output
        .split('\n')
        .filter((l) => l.trim() && !l.includes('is deprecated'))
        .join('\n');
      console.log(`${result.ok ? '✔' : '✘'} @latchkey/${name}${shown ? `\n${shown}` : ''}`);
      if (!result.ok) failed.push(name);
    }
  }),
);
if (failed.length > 0) {
  console.error(`build failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(
  `built ${PUBLISHED.length} packages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
