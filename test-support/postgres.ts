/**
 * A throwaway PostgreSQL cluster, for `npm run test:pg` (scripts/test-postgres.ts) and
 * `npm run bench:server`: Debian's binaries (`pg_config --bindir`, else the newest
 * `/usr/lib/postgresql/<v>/bin`; `scripts/ensure-system-deps.sh` installs them), initdb into a
 * temp folder, listening on 127.0.0.1 on a free port; initdb refuses to run as root, so as root
 * the cluster belongs to the `postgres` user (run through `runuser`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './anvil.ts';

/** A running throwaway cluster. */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication). */
  url: string;
  /**
   * The same database over the cluster's Unix-domain socket
   * (`postgres://postgres@/postgres?host=<socket folder>&port=<port>`).
   */
  socketUrl: string;
  /** The folder of the PostgreSQL binaries used. */
  binDir: string;
  /**
   * The argv (JSON-ready) that restarts this cluster (`pg_ctl restart`, through `runuser` as
   * root), for tests that restart PostgreSQL under load.
   */
  restartArgv: string[];
  /** Stops the cluster and deletes its folder; never throws. */
  stop(): void;
}

/** The folder holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function findPostgresBin(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config; look where Debian puts the server
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

/**
 * Starts a throwaway cluster (fsync off, 200 connections).
 * @returns the cluster, or null when PostgreSQL is not installed.
 * @throws Error when initdb or pg_ctl fails.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  const binDir = findPostgresBin();
  if (!binDir) return null;
  const asRoot = process.getuid?.() === 0;
  const work = mkdtempSync(path.join(tmpdir(), 'latchkey-pg-'));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  if (asRoot) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chmodSync(work, 0o755);
    chownSync(work, id('-u'), id('-g'));
  }
  const pg = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(binDir, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(binDir, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  let started = false;
  const stop = () => {
    try {
      if (started) pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      console.error(String(error));
    }
    started = false;
    rmSync(work, { recursive: true, force: true });
  };
  try {
    pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    pg('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(work, 'postgres.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const log = path.join(work, 'postgres.log');
  const restart = ['-D', dataDir, '-l', log, '-m', 'fast', '-w', '-t', '60', 'restart'];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(work)}&port=${port}`,
    binDir,
    restartArgv: [
      ...(asRoot ? ['runuser', '-u', 'postgres', '--'] : []),
      path.join(binDir, 'pg_ctl'),
      ...restart,
    ],
    stop,
  };
}
