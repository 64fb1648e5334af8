import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The core ships to browsers: bundled and minified the way a host app would, it must not
 * contain zod (it imports only zod-free modules of `@latchkey/api`) and must stay small.
 */
describe('browser bundle', () => {
  it('has no zod and stays under 48 kB minified', async () => {
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
    // The embedded wallet (viem, the bridge, the provider) is the lazy entry's, never the eager one's.
    expect(inputs.filter((i) => i.includes('node_modules/viem'))).toEqual([]);
    expect(
      inputs.filter((i) => /wallets\/embedded\/(bridge|provider|manager|export)\.ts$/.test(i)),
    ).toEqual([]);
    expect(
      inputs.filter((i) => /packages\/api\/src\/(auth|errors|user|app-config)\.ts$/.test(i)),
    ).toEqual([]);
    // 40 kB before issue 4 added the login list, EIP-6963 discovery and the SIWE flow (~10 kB,
    // every export of the index; a host app's eager bundle is measured by `npm run bench:bundle`).
    expect(result.outputFiles[0]!.contents.byteLength).toBeLessThan(48_000);
  });

  it('the lazy embedded-wallet entry bundles on its own, zod-free', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./wallets/embedded/index.ts', import.meta.url))],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    );
    expect(inputs.some((i) => i.includes('node_modules/viem'))).toBe(true);
    expect(inputs.filter((i) => i.includes('node_modules/zod'))).toEqual([]);
  });
});
