/**
 * A migrated PGlite folder made once and copied into each stack's data folder (CI time).
 *
 * PGlite's first start in an empty folder runs initdb inside WebAssembly: about 7 s and 10 s of
 * CPU on the 2-core CI machine, paid by each spec file's stack. Instead, the first stack of a
 * run makes the folder with `latchkey migrate` (the server's own command, so the folder is what
 * the server makes) and every stack starts from a copy of it. The server then opens an
 * existing database as on any second `npm start`: the migrator finds nothing pending, and the
 * dev app is seeded. Where the template lives and when it is remade:
 * `test-support/pglite-template.ts`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteTemplate } from '../test-support/pglite-template.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Makes a migrated PGlite folder at `target` with `latchkey migrate`. */
async function migratedFolder(target: string): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'latchkey-e2e-db-making-'));
  try {
    const result = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'packages', 'server', 'bin', 'latchkey.js'), 'migrate'],
      {
        cwd: repoRoot,
        env: { ...process.env, LATCHKEY_FROM_SOURCE: '1', LATCHKEY_DATA_DIR: work },
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) {
      throw new Error(
        `latchkey migrate (the e2e database template) failed (${result.status}):\n${result.stdout}${result.stderr}`,
      );
    }
    renameSync(path.join(work, 'db'), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts a migrated, empty PGlite database at `<dataDir>/db`, where the server looks for it
 * (`LATCHKEY_DATA_DIR`).
 *
 * @throws when the template cannot be made (`latchkey migrate` failed; its output is in the
 *   message) or copied.
 */
export async function placeDatabaseTemplate(dataDir: string): Promise<void> {
  const template = await pgliteTemplate('e2e-db', migratedFolder);
  cpSync(template, path.join(dataDir, 'db'), { recursive: true });
}
