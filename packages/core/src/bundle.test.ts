import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The core ships to browsers: bundled and minified the way a host app would, it must not
 * contain zod (it imports only zod-free modules of `@latchkey/api`) and must stay small.
 */
describe('browser bundle', () => {
  it('has no zod and stays under 40 kB minified', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    // Modules that contributed code to the output (the metafile's `inputs` lists every parsed file).
    const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    );
    expect(inputs.some((i) => i.endsWith('packages/api/src/email.ts'))).toBe(true);
    expect(inputs.filter((i) => i.includes('node_modules/zod'))).toEqual([]);
    expect(
      inputs.filter((i) => /packages\/api\/src\/(auth|errors|user|app-config)\.ts$/.test(i)),
    ).toEqual([]);
    expect(result.outputFiles[0]!.contents.byteLength).toBeLessThan(40_000);
  });
});
