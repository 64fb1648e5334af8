/**
 * The environment the server (`src/main.ts`) and the `latchkey` command line share: where the
 * data lives, which database to open, the server secret, and the dev app's secret.
 *
 * - `DATABASE_URL`: PostgreSQL; else PGlite in `$LATCHKEY_DATA_DIR/db`
 *   (`LATCHKEY_DATA_DIR` default `.latchkey` under the working directory).
 * - `LATCHKEY_SECRET` (>= 32 characters), else (development, PGlite only) the file
 *   `$LATCHKEY_DATA_DIR/secret`. With `DATABASE_URL` the secret must be given.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MIN_SECRET_LENGTH } from '../crypto.ts';
import { type Database, openDatabase } from '../db/index.ts';

/** Environment variables, as in `process.env`. */
export type Env = Record<string, string | undefined>;

/** The data folder: `$LATCHKEY_DATA_DIR` (default `.latchkey`), absolute. */
export function dataDirOf(env: Env): string {
  return resolve(env.LATCHKEY_DATA_DIR ?? '.latchkey');
}

/**
 * Opens the database the environment names: PostgreSQL at `DATABASE_URL`, else PGlite in
 * `<data dir>/db` (created and migrated on first use). PGlite holds the folder exclusively:
 * it cannot be opened while a server runs on the same folder.
 */
export function openConfiguredDatabase(env: Env): Promise<Database> {
  return openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(dataDirOf(env), 'db') },
  );
}

/** Reads a secret file (trimmed), or undefined when absent or shorter than `minLength`. */
async function readSecretFile(file: string, minLength: number): Promise<string | undefined> {
  try {
    const value = (await readFile(file, 'utf8')).trim();
    return value.length >= minLength ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Reads `file`, or writes a new 32-byte base64url secret to it (mode 0600) and returns that. */
async function readOrCreateSecretFile(file: string, minLength: number): Promise<string> {
  const existing = await readSecretFile(file, minLength);
  if (existing) return existing;
  await mkdir(resolve(file, '..'), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The development server secret in `<dataDir>/secret`, created (mode 0600) on first use.
 * @returns a secret of at least 32 characters.
 */
export function devServerSecret(dataDir: string): Promise<string> {
  return readOrCreateSecretFile(join(dataDir, 'secret'), MIN_SECRET_LENGTH);
}

/**
 * The message of a refusal to guess the server secret: with `DATABASE_URL` (a database other
 * processes share) the secret must come from `LATCHKEY_SECRET`, never from a file in the
 * working directory's data folder, which may hold another server's (or no) secret.
 */
export const SECRET_REQUIRED_WITH_DATABASE_URL =
  'LATCHKEY_SECRET is required when DATABASE_URL is set: set it to the secret of the servers ' +
  'using that database (the secret file in the data folder is only for the local PGlite database).';

/**
 * The server secret for tools: `LATCHKEY_SECRET`, else (PGlite only, no `DATABASE_URL`) an
 * existing `<data dir>/secret` made by a development server; with `LATCHKEY_DEV=1` the file is
 * created when missing.
 * @throws Error {@link SECRET_REQUIRED_WITH_DATABASE_URL} when `DATABASE_URL` is set without
 *   `LATCHKEY_SECRET` (no file is read or written); an Error naming what to set when there is
 *   no secret, or when it is too short.
 */
export async function serverSecretOf(env: Env): Promise<string> {
  let secret = env.LATCHKEY_SECRET;
  if (!secret && env.DATABASE_URL) throw new Error(SECRET_REQUIRED_WITH_DATABASE_URL);
  if (!secret) {
    const dir = dataDirOf(env);
    secret =
      env.LATCHKEY_DEV === '1'
        ? await devServerSecret(dir)
        : await readSecretFile(join(dir, 'secret'), MIN_SECRET_LENGTH);
  }
  if (!secret) {
    throw new Error(`LATCHKEY_SECRET is required (at least ${MIN_SECRET_LENGTH} characters).`);
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`LATCHKEY_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
  }
  return secret;
}

/** File name of the development app's admin secret inside the data folder. */
export const DEV_APP_SECRET_FILE = 'dev-app-secret';

/**
 * The development app's admin secret: `LATCHKEY_DEV_APP_SECRET` when set, else the content of
 * `<data dir>/dev-app-secret`, created (32 random bytes, base64url, mode 0600) when missing.
 * The e2e harness reads that file to call the admin API.
 */
export function devAppSecret(env: Env): Promise<string> {
  if (env.LATCHKEY_DEV_APP_SECRET) return Promise.resolve(env.LATCHKEY_DEV_APP_SECRET);
  return readOrCreateSecretFile(join(dataDirOf(env), DEV_APP_SECRET_FILE), 16);
}

/** File a server writes into the data folder while it holds the PGlite database. */
export const SERVER_PID_FILE = 'server.pid';

/**
 * Marks the PGlite data folder as used by this process (`<data dir>/server.pid`).
 * @returns a function that removes the mark (call it on shutdown).
 */
export async function markDataDirInUse(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, SERVER_PID_FILE);
  await writeFile(file, `${process.pid}\n`);
  return () => rm(file, { force: true });
}

/**
 * The pid of a live server process that holds the PGlite folder of `env`, or undefined (no
 * mark, a stale mark of a dead process, or PostgreSQL via `DATABASE_URL`).
 */
export async function serverUsingDataDir(env: Env): Promise<number | undefined> {
  if (env.DATABASE_URL) return undefined;
  let pid: number;
  try {
    pid = Number((await readFile(join(dataDirOf(env), SERVER_PID_FILE), 'utf8')).trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but not ours; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
