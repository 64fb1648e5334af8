/**
 * Shared test helpers of the server suite. `testDatabase()` gives each test file its own
 * database: PGlite in memory by default, or, when `LATCHKEY_TEST_DATABASE_URL` is set, a fresh
 * PostgreSQL database created on that server (dropped again by `close()`).
 */
import { APP_ID_HEADER } from '@latchkey/api';
import { type CreateAppInput, createAppRecord } from './apps/service.ts';
import { randomId } from './crypto.ts';
import { type Database, openDatabase } from './db/index.ts';
import type { AppRow } from './db/schema.ts';
import { devOutboxDelivery } from './delivery/dev-outbox.ts';
import type { Delivery } from './delivery/types.ts';
import type { RateLimitConfig } from './rate-limit.ts';
import { type CreateServerOptions, createServer, type LatchkeyServer } from './server.ts';

/** The secret used by test servers (>= 32 characters). */
export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';
/** The public URL used by test servers. */
export const TEST_PUBLIC_URL = 'http://api.latchkey.test';

/**
 * Opens an isolated, migrated database for one test file.
 * With `LATCHKEY_TEST_DATABASE_URL` (a PostgreSQL URL whose user may CREATE DATABASE), a new
 * database `latchkey_test_<random>` is created there and dropped on `close()`.
 */
export async function testDatabase(): Promise<Database> {
  const url = process.env.LATCHKEY_TEST_DATABASE_URL;
  if (!url) return openDatabase();
  const { default: pg } = await import('pg');
  const name = `latchkey_test_${randomId(12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** A controllable clock in ms. */
export interface TestClock {
  (): number;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
}

/** A clock starting at `start` ms that moves only when told. */
export function testClock(start = Date.UTC(2026, 0, 1)): TestClock {
  let t = start;
  const clock = (() => t) as TestClock;
  clock.advance = (ms) => {
    t += ms;
  };
  return clock;
}

/** Generous per-IP limits so tests that are not about them never hit them. */
export const RELAXED_IP_LIMITS: Partial<RateLimitConfig> = {
  initPerIp: { max: 10_000, windowS: 60 },
  authenticatePerIp: { max: 10_000, windowS: 60 },
  refreshPerIp: { max: 10_000, windowS: 60 },
};

/** A test server plus helpers bound to it. */
export interface TestServer extends LatchkeyServer {
  clock: TestClock;
  /** Creates an app (email login on, origin `https://app.example.com` allowed by default). */
  createApp(input?: Partial<CreateAppInput>): Promise<AppRow>;
  /** `POST path` with a JSON body and the app header. */
  post(
    appId: string,
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** The latest dev-outbox code sent to `to`. */
  lastCode(to: string): Promise<string>;
}

/**
 * Builds a server on `db` with the dev outbox, a test clock and relaxed per-IP limits.
 * @param options overrides passed to `createServer` (rate limits are merged over the relaxed ones).
 */
export function testServer(
  database: Database,
  options: {
    rateLimits?: Partial<RateLimitConfig>;
    delivery?: Delivery;
    trustProxy?: CreateServerOptions['trustProxy'];
    /** Further `createServer` options (wallet funder, frame entry, chains, ...). */
    server?: Partial<CreateServerOptions>;
  } = {},
): TestServer {
  const clock = testClock();
  const server = createServer({
    db: database.db,
    publicUrl: TEST_PUBLIC_URL,
    secret: TEST_SECRET,
    delivery: options.delivery ?? devOutboxDelivery(database.db, clock),
    dev: true,
    now: clock,
    rateLimits: { ...RELAXED_IP_LIMITS, ...options.rateLimits },
    trustProxy: options.trustProxy ?? false,
    ...options.server,
  });
  return {
    ...server,
    clock,
    createApp: (input = {}) =>
      createAppRecord(database.db, TEST_SECRET, {
        name: 'Test App',
        emailAuth: true,
        allowedOrigins: ['https://app.example.com'],
        ...input,
      }),
    post: (appId, path, body, headers = {}) =>
      Promise.resolve(
        server.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [APP_ID_HEADER]: appId, ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    async lastCode(to) {
      const res = await server.app.request(`/dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()) as { code: string | null }[];
      const code = messages.at(-1)?.code;
      if (!code) throw new Error(`No code sent to ${to}`);
      return code;
    },
  };
}

/** A unique email address for one test. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomId(8)}@example.com`;
}
