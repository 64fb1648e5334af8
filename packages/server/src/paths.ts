/**
 * Where the server's files are, whether it runs from source (`src/*.ts` through tsx, in the
 * workspace) or built (`dist/*.js`, from an installed `@latchkey/server`): both sit one folder
 * below the package root, but the built code is split into chunks, so paths are taken from the
 * package root, found by walking up to this package's `package.json`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@latchkey/server';

/**
 * The folder of `@latchkey/server`'s `package.json` above `from` (a file path).
 * @throws Error when no such folder is above it (a broken install).
 */
export function packageRootOf(from: string): string {
  let dir = dirname(from);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
      if (name === PACKAGE_NAME) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${PACKAGE_NAME}: package.json not found above ${from}`);
    dir = parent;
  }
}

const here = fileURLToPath(import.meta.url);

/** The package root (holds `package.json`, `drizzle/`, `dist/`). */
export const PACKAGE_ROOT = packageRootOf(here);

/** True when this code runs from `src/*.ts` (the workspace), false when built (`dist/*.js`). */
export const RUNNING_FROM_SOURCE = here.endsWith('.ts');

/** The prebuilt wallet frame of the built package (`npm run build`): `dist/wallet-frame/`. */
export const PREBUILT_WALLET_FRAME_DIR = join(PACKAGE_ROOT, 'dist', 'wallet-frame');

/** The cross-app sign-in page's prebuilt bundle (issue 21), written by `npm run build`. */
export const PREBUILT_CROSS_APP_PAGE_DIR = join(PACKAGE_ROOT, 'dist', 'crossapp-page');
