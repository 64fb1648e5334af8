/**
 * Migrated, empty PGlite databases made once and reused by the tests (CI time).
 *
 * PGlite's first start runs initdb inside WebAssembly: about 3 s in memory and 7 s in a folder
 * on the 2-core CI machine, paid by every server test file's database and every e2e stack.
 * A database started from a copy of a migrated one skips it (in memory: about 1.4 s instead of
 * 3.5 to 4.5 s, measured in session 38), and drizzle's migrator then finds nothing pending.
 *
 * Templates live in the system temporary folder under a key of the migration files and the
 * installed PGlite version, so a new migration or a PGlite upgrade makes new ones and a stale
 * one is never used. Whichever test process gets there first makes a template, aside under a
 * temporary name, then renames it into place: a concurrent process never sees half of one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server's migrations folder (drizzle's SQL files and journal). */
export const MIGRATIONS_DIR = path.join(repoRoot, 'packages', 'server', 'drizzle');

/** 16 hex digits: SHA-256 of every migration file's name and bytes, and PGlite's package.json. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  hash.update(
    readFileSync(path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json')),
  );
  return hash.digest('hex').slice(0, 16);
}

/**
 * The path `<tmpdir>/latchkey-<kind>-<key>` of a template, made by `make(target)` when missing.
 *
 * @param kind a name for the kind of template (`e2e-db` a data folder, `pglite-dump.tar` a
 *   `dumpDataDir()` tarball)
 * @param make writes the template at `target` (a file or a folder; `target` does not exist yet)
 * @returns the template's path
 * @throws what `make` throws (nothing is left behind)
 */
export async function pgliteTemplate(
  kind: string,
  make: (target: string) => Promise<void>,
): Promise<string> {
  const ready = path.join(tmpdir(), `latchkey-${kind}-${templateKey()}`);
  if (existsSync(ready)) return ready;
  const aside = `${ready}.making-${process.pid}-${Date.now()}`;
  try {
    await make(aside);
    try {
      renameSync(aside, ready);
    } catch (error) {
      // Another process made it meanwhile (a folder cannot replace a non-empty one): theirs is
      // as good as ours.
      if (!existsSync(ready)) throw error;
    }
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  return ready;
}
