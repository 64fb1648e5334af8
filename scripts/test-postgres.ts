/**
 * `npm run test:pg`: runs the server test suite against a real PostgreSQL.
 *
 * With LATCHKEY_TEST_DATABASE_URL (or DATABASE_URL) set, that server is used as it is.
 * Otherwise a throwaway cluster is made with the machine's PostgreSQL binaries
 * (`test-support/postgres.ts`), stopped and deleted afterwards.
 * The tests get `LATCHKEY_TEST_PG_RESTART`, the JSON argv of `pg_ctl restart` for that cluster
 * (the refresh failover test restarts PostgreSQL under load; it skips that without it).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from '../test-support/postgres.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The test that restarts PostgreSQL under load: it runs alone, after the others. */
const FAILOVER_TEST = 'packages/server/src/sessions/refresh-failover.test.ts';

function vitest(url: string, extraEnv: Record<string, string>, args: string[]): number {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--project', 'server', ...args],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv, LATCHKEY_TEST_DATABASE_URL: url },
    },
  );
  return result.status ?? 1;
}

/**
 * The server suite on `url`. Each test file has a database of its own, so files run in
 * parallel (as on PGlite), except the failover test, which restarts the whole server and so
 * runs alone afterwards. Extra arguments pick test files and run them one at a time:
 * npm run test:pg -- packages/server/src/logging
 */
function runVitest(url: string, extraEnv: Record<string, string> = {}): number {
  const picked = process.argv.slice(2);
  if (picked.length > 0) return vitest(url, extraEnv, ['--no-file-parallelism', ...picked]);
  const rest = vitest(url, extraEnv, ['--exclude', FAILOVER_TEST]);
  const failover = vitest(url, extraEnv, [FAILOVER_TEST]);
  return rest !== 0 ? rest : failover;
}

async function main(): Promise<number> {
  const given = process.env.LATCHKEY_TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) {
    console.log('test:pg: running the server suite on the PostgreSQL named by the environment');
    return runVitest(given);
  }

  const cluster = await startThrowawayPostgres();
  if (!cluster) {
    console.error(
      'test:pg: PostgreSQL is not installed. Run `sudo bash scripts/ensure-system-deps.sh` (Debian: apt-get install postgresql), or set DATABASE_URL.',
    );
    return 1;
  }
  try {
    console.log(`test:pg: PostgreSQL from ${cluster.binDir} at ${cluster.url}`);
    // The command that restarts this throwaway cluster (JSON argv), for the failover test
    // (packages/server/src/sessions/refresh-failover.test.ts).
    return runVitest(cluster.url, {
      LATCHKEY_TEST_PG_RESTART: JSON.stringify(cluster.restartArgv),
    });
  } finally {
    cluster.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
