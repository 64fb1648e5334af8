/**
 * Liveness and readiness probes (issue 12), mounted at the root by `createServer` right after
 * the request log: no app id, no auth, no CORS or body handling.
 *
 * - `GET /healthz`: the process answers. Always 200 `{"status":"ok"}`.
 * - `GET /readyz`: 200 `{"status":"ready"}` when the database answers a trivial query within
 *   the deadline and every migration of this version's journal is applied; else 503
 *   `{"status":"not_ready","checks":{"database":...,"migrations":...}}` (see
 *   {@link ReadinessChecks}). The body names checks only: no error text, host or connection
 *   string (the reason goes to the logger, when one is given).
 *
 * The journal is read once (on the first `/readyz`); each probe then costs two or three small
 * queries.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { type Db, MIGRATIONS_FOLDER } from '../db/index.ts';
import type { Logger } from '../logging/logger.ts';
import { type JournalMigration, migrationStatus, readJournal } from './migrations.ts';

/** The probe paths. */
export const HEALTH_ROUTES = { live: '/healthz', ready: '/readyz' } as const;

/** Default deadline of each readiness query, in ms (below a typical 1-5 s probe timeout). */
export const DEFAULT_READY_TIMEOUT_MS = 2_000;

/**
 * The checks of a 503 `/readyz` answer.
 * - `database`: `ok`; `timeout` (no answer within the deadline); `failed` (the query failed:
 *   refused, lost, closed).
 * - `migrations`: `ok`; `pending` (a journal migration is not applied, or none ever was);
 *   `failed` (the bookkeeping table could not be read, or this version's journal could not be
 *   read); `timeout`; `skipped` (the database check failed first).
 */
export interface ReadinessChecks {
  database: 'ok' | 'failed' | 'timeout';
  migrations: 'ok' | 'pending' | 'failed' | 'timeout' | 'skipped';
}

/** Options of {@link healthRoutes}. */
export interface HealthRoutesOptions {
  /** The server's database. */
  db: Db;
  /** The drizzle-kit folder whose journal must be applied. Default `MIGRATIONS_FOLDER`. */
  migrationsFolder?: string;
  /** Deadline of each readiness query, in ms. Default {@link DEFAULT_READY_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Where a failed readiness check is reported (`warn`, with the reason). Default: nowhere. */
  logger?: Logger;
}

const TIMED_OUT = Symbol('timed out');

/** `promise`'s value, or {@link TIMED_OUT} when it does not settle within `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  const cancel = new AbortController();
  try {
    return await Promise.race([
      promise,
      sleep(ms, TIMED_OUT, { signal: cancel.signal, ref: false }),
    ]);
  } finally {
    cancel.abort();
  }
}

/** Message of a thrown value and of its causes (drizzle wraps driver errors), for the log. */
function reasonOf(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Error && parts.length < 4; e = e.cause) parts.push(e.message);
  return parts.join(': ') || String(error);
}

/**
 * The probe routes as a Hono app, to mount at `/`.
 *
 * @returns `GET /healthz` and `GET /readyz` (see the module header for the answers).
 */
export function healthRoutes(options: HealthRoutesOptions): Hono<AppEnv> {
  const { db, logger } = options;
  const folder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const timeoutMs = options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  let journal: JournalMigration[] | Error | undefined;
  const loadJournal = (): JournalMigration[] | Error => {
    if (journal === undefined) {
      try {
        journal = readJournal(folder);
      } catch (error) {
        journal = error instanceof Error ? error : new Error(String(error));
      }
    }
    return journal;
  };

  const notReady = (checks: ReadinessChecks, reason: string) => {
    logger?.warn({ checks, reason }, 'not ready');
    return { status: 'not_ready' as const, checks };
  };

  const readiness = async (): Promise<
    { status: 'ready' } | { status: 'not_ready'; checks: ReadinessChecks }
  > => {
    try {
      if ((await within(db.execute(sql`select 1`), timeoutMs)) === TIMED_OUT) {
        return notReady(
          { database: 'timeout', migrations: 'skipped' },
          `no answer in ${timeoutMs} ms`,
        );
      }
    } catch (error) {
      return notReady({ database: 'failed', migrations: 'skipped' }, reasonOf(error));
    }
    const expected = loadJournal();
    if (expected instanceof Error) {
      return notReady({ database: 'ok', migrations: 'failed' }, reasonOf(expected));
    }
    try {
      const status = await within(migrationStatus(db, expected), timeoutMs);
      if (status === TIMED_OUT) {
        return notReady({ database: 'ok', migrations: 'timeout' }, `no answer in ${timeoutMs} ms`);
      }
      if (status.pending.length > 0) {
        const tags = status.pending.map((m) => m.tag).join(', ');
        return notReady({ database: 'ok', migrations: 'pending' }, `not applied: ${tags}`);
      }
    } catch (error) {
      return notReady({ database: 'ok', migrations: 'failed' }, reasonOf(error));
    }
    return { status: 'ready' };
  };

  return new Hono<AppEnv>()
    .get(HEALTH_ROUTES.live, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' });
    })
    .get(HEALTH_ROUTES.ready, async (c) => {
      const answer = await readiness();
      c.header('Cache-Control', 'no-store');
      return c.json(answer, answer.status === 'ready' ? 200 : 503);
    });
}
