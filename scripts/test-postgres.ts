/**
 * `npm run test:pg`: runs the server test suite against a real PostgreSQL.
 *
 * With LATCHKEY_TEST_DATABASE_URL (or DATABASE_URL) set, that server is used as it is.
 * Otherwise a throwaway cluster is made with the machine's PostgreSQL binaries
 * (Debian's `postgresql` package; `scripts/ensure-system-deps.sh` installs it): initdb into
 * a temp folder, listening on 127.0.0.1 on a free port, stopped and deleted afterwards.
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
 * The tests get `LATCHKEY_TEST_PG_RESTART`, the JSON argv of `pg_ctl restart` for that cluster
 * (the refresh failover test restarts PostgreSQL under load; it skips that without it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test-support/anvil.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runVitest(url: string, extraEnv: Record<string, string> = {}): number {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'vitest'),
    // Extra arguments pick test files: npm run test:pg -- packages/server/src/logging
    ['run', '--project', 'server', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv, LATCHKEY_TEST_DATABASE_URL: url },
    },
  );
  return result.status ?? 1;
}

/** The folder holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
function findPostgresBin(): string | null {
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

async function main(): Promise<number> {
  const given = process.env.LATCHKEY_TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) {
    console.log('test:pg: running the server suite on the PostgreSQL named by the environment');
    return runVitest(given);
  }

  const binDir = findPostgresBin();
  if (!binDir) {
    console.error(
      'test:pg: PostgreSQL is not installed. Run `sudo bash scripts/ensure-system-deps.sh` (Debian: apt-get install postgresql), or set DATABASE_URL.',
    );
    return 1;
  }

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
    console.log(`test:pg: PostgreSQL from ${binDir} on 127.0.0.1:${port}`);
    // The command that restarts this throwaway cluster (JSON argv), for the failover test
    // (packages/server/src/sessions/refresh-failover.test.ts).
    const pgCtl = path.join(binDir, 'pg_ctl');
    const restart = ['-D', dataDir, '-l', path.join(work, 'postgres.log'), '-m', 'fast', '-w'];
    const restartArgv = [...(asRoot ? ['runuser', '-u', 'postgres', '--'] : []), pgCtl];
    return runVitest(`postgres://postgres@127.0.0.1:${port}/postgres`, {
      LATCHKEY_TEST_PG_RESTART: JSON.stringify([...restartArgv, ...restart, '-t', '60', 'restart']),
    });
  } finally {
    try {
      pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      console.error(String(error));
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
