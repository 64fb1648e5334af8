/**
 * The one tsdown setup every publishable package builds with (issue 12 item 1): ESM JavaScript
 * for ES2022 plus bundled `.d.ts`, source maps, into `dist/`. The entries come from the
 * package's own `exports` map, so the map is the single list: each subpath names its source
 * (`@latchkey/source`, what the workspace's tools resolve: tsc, Vite, Vitest and tsx through
 * `.npmrc`) and its built file (`import`, `types`), e.g.
 *
 *     "./passkey": {
 *       "@latchkey/source": "./src/methods/passkey/index.ts",
 *       "types": "./dist/passkey.d.ts",
 *       "import": "./dist/passkey.js"
 *     }
 *
 * Dependencies and peer dependencies stay external (tsdown's default), so lazy subpaths of
 * other Latchkey packages stay lazy `import()`s in the output.
 */
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, type UserConfig } from 'tsdown';

/** The source condition of the workspace (see `.npmrc` and `tsconfig.base.json`). */
export const SOURCE_CONDITION = '@latchkey/source';

type ExportTarget = string | Record<string, string>;

/**
 * tsdown entries (`{name: source}`) from `exports` of the package in `dir`: every subpath with a
 * `@latchkey/source` and an `import` of the form `./dist/<name>.js`.
 * @throws Error when a subpath's `import` is not under `./dist/` or has no source.
 */
export function entriesFromExports(dir: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports: Record<string, ExportTarget>;
  };
  const entries: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const source = target[SOURCE_CONDITION];
    const built = target.import;
    const match = built ? /^\.\/dist\/(.+)\.js$/.exec(built) : null;
    if (!source || !match) {
      throw new Error(
        `exports["${subpath}"] needs "${SOURCE_CONDITION}" and "import": "./dist/<name>.js"`,
      );
    }
    entries[match[1]!] = source;
  }
  return entries;
}

/** Options of {@link libraryConfig}. */
export interface LibraryOptions {
  /** The package folder (`import.meta.dirname` of its tsdown.config.ts). */
  dir: string;
  /** `neutral` (browser and Node), `browser` or `node`. */
  platform: UserConfig['platform'];
  /** A directive every output chunk starts with, e.g. `'use client';` for React components. */
  directive?: string;
  /** Entries that are not subpaths (`{name: source}`), e.g. the server's command line. */
  extraEntries?: Record<string, string>;
  /** Modules kept as imports although not dependencies (workspace-only paths). */
  external?: string[];
}

/**
 * Third-party code tsdown copied into `dist/node_modules/` (a devDependency bundled because the
 * package uses a few of its exports, e.g. simple-icons' brand icons; issue 14): its source
 * maps are dropped (they carry the whole original file, 5 MB for simple-icons, though only a
 * few icons ship), and each package's licence files are copied beside its code, as MIT and
 * similar licences require.
 */
export function tidyBundledDependencies(packageDir: string): void {
  const vendored = join(packageDir, 'dist', 'node_modules');
  if (!existsSync(vendored)) return;
  // The installed package's folder, as Node would find it from the package (exports maps may
  // hide `package.json`, so walk up the node_modules folders).
  const installed = (name: string): string | undefined => {
    for (let dir = packageDir; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (dirname(dir) === dir) return undefined;
    }
  };
  const packages = readdirSync(vendored).flatMap((name) =>
    name.startsWith('@')
      ? readdirSync(join(vendored, name)).map((sub) => `${name}/${sub}`)
      : [name],
  );
  for (const name of packages) {
    const out = join(vendored, name);
    const source = installed(name);
    const licences = (source ? readdirSync(source) : []).filter((f) =>
      /^(licen[cs]e|copying|notice)/i.test(f),
    );
    for (const file of licences) copyFileSync(join(source!, file), join(out, file));
    if (source && licences.length === 0) {
      // No licence file in the package (e.g. @web3icons/core): its manifest's terms instead.
      const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as {
        version?: string;
        license?: string;
        author?: string | { name?: string };
        repository?: string | { url?: string };
      };
      const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
      const repository =
        typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
      writeFileSync(
        join(out, 'LICENSE'),
        `${name}@${manifest.version ?? ''}: ${manifest.license ?? 'see the package'} licence` +
          `${author ? `, by ${author}` : ''}${repository ? ` (${repository})` : ''}.\n` +
          'Parts of it are bundled in this package; the package ships no licence text.\n',
      );
    }
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.map')) rmSync(full);
        else if (entry.name.endsWith('.js')) {
          const code = readFileSync(full, 'utf8');
          const stripped = code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
          if (stripped !== code) writeFileSync(full, stripped);
        }
      }
    };
    walk(out);
  }
}

/** The tsdown config of one package (see the module docs). */
export function libraryConfig(options: LibraryOptions) {
  return defineConfig({
    cwd: options.dir,
    entry: { ...entriesFromExports(options.dir), ...options.extraEntries },
    format: 'esm',
    platform: options.platform,
    target: 'es2022',
    tsconfig: join(options.dir, '../../tsconfig.build.json'),
    dts: true,
    sourcemap: true,
    fixedExtension: false,
    clean: true,
    report: false,
    unbundle: true,
    // A 5 s build of types is expected; the timing warning is noise.
    checks: { pluginTimings: false },
    hooks: { 'build:done': () => tidyBundledDependencies(options.dir) },
    ...(options.directive ? { banner: { js: options.directive } } : {}),
    ...(options.external ? { external: options.external } : {}),
  });
}
