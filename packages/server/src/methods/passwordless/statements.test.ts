/**
 * Issue 13: the email code sign-in in few statements, with every rule of the code engine kept.
 * A send stores the code and counts it under both send caps in one statement (only when the
 * code was written); a submission checks the code, logs in (finds or creates the user) and
 * starts the session in one statement (the account only when the code was consumed, the
 * session only when the user was found or created). Runs on PGlite, and on PostgreSQL under
 * `npm run test:pg`.
 */
import { APP_ID_HEADER, CODE_RESEND_COOLDOWN_S, ROUTES } from '@latchkey/api';
import { and, eq, like } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { sha256Hex } from '../../crypto.ts';
import {
  devOutbox,
  linkedAccounts,
  loginCodes,
  rateLimits,
  sessions,
  users,
} from '../../db/schema.ts';
import {
  type TestClock,
  type TestServer,
  testClock,
  testDatabase,
  testServer,
  uniqueEmail,
} from '../../test-utils.ts';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database, {
    rateLimits: { sendsPerDestinationIp: { max: 2, windowS: 3600 } },
    // The app row stays cached through a test however slow the machine (the default TTL is
    // 1 s of real time: a re-read would count as a statement of the step it fell in).
    server: { appCacheTtlMs: 600_000 },
  });
  appId = (await server.createApp()).id;
});
afterAll(() => database?.close());

const init = (email: string, app = appId) => server.post(app, ROUTES.passwordlessInit, { email });
const authenticate = (email: string, code: string, app = appId) =>
  server.post(app, ROUTES.passwordlessAuthenticate, { email, code });

/** A code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Counts the statements Drizzle sends to the driver (`$client.query`, on either driver). */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
    .$client;
  const original = client.query;
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return statements;
}

/** The send and failure counters of `email` (`rate_limits` rows), by key prefix. */
async function countersOf(email: string) {
  const rows = await database.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(like(rateLimits.key, `%:${email}%`));
  return Object.fromEntries(rows.map((r) => [r.key.split(':')[0]!, r.count]));
}

interface Answer {
  is_new_user?: boolean;
  token?: string;
  refresh_token?: string;
  user?: { id: string; linked_accounts: { latest_verified_at: number }[] };
}

/**
 * The answer's session works as any session: its row holds the refresh token's hash, unbound
 * (no DPoP proof on the login), its access token reads the same user as the answer, and its
 * refresh token rotates.
 */
async function expectWorkingSession(body: Answer) {
  const [session] = await database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, body.refresh_token!.split('.')[0]!));
  expect(session).toMatchObject({
    appId,
    userId: body.user!.id,
    dpopJkt: null,
    refreshHash: sha256Hex(body.refresh_token!),
    revokedAt: null,
  });
  const me = await server.app.request(ROUTES.usersMe, {
    headers: { [APP_ID_HEADER]: appId, authorization: `Bearer ${body.token}` },
  });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { user: unknown }).user).toEqual(body.user);
  const refreshed = await server.post(appId, ROUTES.sessions, {
    refresh_token: body.refresh_token,
  });
  expect(refreshed.status).toBe(200);
}

const usersWith = async (email: string) =>
  database.db
    .select({ userId: linkedAccounts.userId, verifiedAt: linkedAccounts.latestVerifiedAt })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.appId, appId), eq(linkedAccounts.subject, email)));

describe('email code sign-in statements', () => {
  it('takes 2 statements to send a code and 1 to log in, for a new address and a known one', async () => {
    // Warm: the app's signing key is loaded on the first login.
    const warm = uniqueEmail('warm');
    await init(warm);
    expect((await authenticate(warm, await server.lastCode(warm))).status).toBe(200);

    const email = uniqueEmail('count');
    // The code with its send caps counted, then the dev outbox's delivery.
    expect(await statementsOf(async () => expect((await init(email)).status).toBe(200))).toBe(2);
    const code = await server.lastCode(email);
    let body: Answer = {};
    // The code's check with the user's creation and the session, the user read for the answer.
    const signUp = await statementsOf(async () => {
      const res = await authenticate(email, code);
      expect(res.status).toBe(200);
      body = (await res.json()) as typeof body;
    });
    expect(signUp).toBe(1);
    expect(body.is_new_user).toBe(true);
    await expectWorkingSession(body);
    expect(await countersOf(email)).toEqual({ sends: 1, 'sends-ip': 1 });

    // The next login of the same address: the check marks the account verified instead.
    server.clock.advance(31_000);
    const [before] = await usersWith(email);
    expect(await statementsOf(() => init(email))).toBe(2);
    const again = await server.lastCode(email);
    const login = await statementsOf(async () => {
      const res = await authenticate(email, again);
      expect(res.status).toBe(200);
      body = (await res.json()) as typeof body;
    });
    expect(login).toBe(1);
    expect(body.is_new_user).toBe(false);
    await expectWorkingSession(body);
    const [after] = await usersWith(email);
    expect(after!.userId).toBe(before!.userId);
    expect(after!.verifiedAt.getTime()).toBe(before!.verifiedAt.getTime() + 31_000);
  });
});

describe('one statement per step keeps the rules', () => {
  it('a reached send cap refuses with 429, stores no code and counts no send', async () => {
    const email = uniqueEmail('capped');
    for (let i = 0; i < 2; i++) {
      expect((await init(email)).status).toBe(200);
      server.clock.advance(31_000);
    }
    const [stored] = await database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.destination, email));
    const refused = await init(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const [kept] = await database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.destination, email));
    expect(kept).toEqual(stored);
    expect(await database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(
      2,
    );
    expect(await countersOf(email)).toEqual({ sends: 2, 'sends-ip': 2 });
  });

  it('a resend within the cooldown counts no send', async () => {
    const email = uniqueEmail('cooldown');
    expect((await init(email)).status).toBe(200);
    expect((await init(email)).status).toBe(429);
    expect(await countersOf(email)).toEqual({ sends: 1, 'sends-ip': 1 });
  });

  it('a wrong code creates no user, touches no account and counts one failure', async () => {
    const email = uniqueEmail('wrong');
    await init(email);
    const code = await server.lastCode(email);
    expect((await authenticate(email, wrong(code))).status).toBe(422);
    expect(await usersWith(email)).toEqual([]);
    expect(await countersOf(email)).toMatchObject({ failures: 1, 'failures-ip': 1 });

    // A known address: its account keeps its verification time.
    expect((await authenticate(email, code)).status).toBe(200);
    const [known] = await usersWith(email);
    server.clock.advance(31_000);
    await init(email);
    const next = await server.lastCode(email);
    expect((await authenticate(email, wrong(next))).status).toBe(422);
    expect(await usersWith(email)).toEqual([known]);
    expect(await countersOf(email)).toMatchObject({ failures: 2, 'failures-ip': 2 });
    // An unknown code (none stored) for a new address is a failure too, and creates nothing.
    const stranger = uniqueEmail('nocode');
    expect((await authenticate(stranger, '123456')).status).toBe(422);
    expect(await usersWith(stranger)).toEqual([]);
    expect(await countersOf(stranger)).toEqual({ failures: 1, 'failures-ip': 1 });
  });

  it('a right code refused by the sign-up gate is spent, and no user is made', async () => {
    const closed = (await server.createApp({ disableSignups: true })).id;
    const email = uniqueEmail('closed');
    await init(email, closed);
    const code = await server.lastCode(email);
    const refused = await authenticate(email, code, closed);
    expect(refused.status).toBe(404);
    expect((await refused.json()).code).toBe('user_does_not_exist');
    expect((await authenticate(email, code, closed)).status).toBe(422);
    expect(await database.db.select().from(users).where(eq(users.appId, closed))).toEqual([]);
  });
});

describe('concurrent sends to one destination', () => {
  /** Resolves once `n` statements of this database wait for a lock (PostgreSQL). */
  async function lockWaiters(pool: Pool, n: number) {
    for (let tries = 0; ; tries++) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= n) return;
      if (tries > 500) throw new Error(`${rows[0]!.n} statements wait for a lock, not ${n}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * Sends a code to a new `email` from each of `servers` at once, with statements that overlap:
   * on PostgreSQL a used code of `email` (it blocks no send) is held locked while every send's
   * statement starts (takes its snapshot) and waits, queued in the order of `servers`; then
   * they run one after the other. PGlite runs one statement at a time, in the order made.
   * @returns the answers, in the order of `servers`.
   */
  async function sendAtOnce(servers: TestServer[], email: string, startMs: number) {
    // Each server reads the app before the race.
    for (const s of servers) await s.post(appId, ROUTES.passwordlessInit, { email: uniqueEmail() });
    const long = new Date(startMs - 3_600_000);
    await database.db.insert(loginCodes).values({
      appId,
      channel: 'email',
      destination: email,
      codeHash: 'used',
      createdAt: long,
      expiresAt: long,
      consumedAt: long,
    });
    const send = (s: TestServer) => s.post(appId, ROUTES.passwordlessInit, { email });
    const sends: Promise<Response>[] = [];
    if (database.driver === 'postgres') {
      const pool = (database.db as unknown as { $client: Pool }).$client;
      const holder = await pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(
          'SELECT 1 FROM login_codes WHERE app_id = $1 AND destination = $2 FOR UPDATE',
          [appId, email],
        );
        for (const [k, s] of servers.entries()) {
          sends.push(send(s));
          await lockWaiters(pool, k + 1);
        }
        await holder.query('COMMIT');
      } finally {
        holder.release();
      }
    } else {
      for (const s of servers) sends.push(send(s));
    }
    return Promise.all(sends);
  }

  const raceServer = (clock: TestClock) =>
    testServer(database, {
      rateLimits: { sendsPerDestinationIp: { max: 2, windowS: 3600 } },
      server: { appCacheTtlMs: 600_000 },
      clock,
    });

  it('never pass the send cap together, even when each passes the resend cooldown', async () => {
    // 8 sends from 8 server processes whose clocks are each 31 s apart (as a process with a
    // skewed clock, or a request stalled past the cooldown between reading the clock and its
    // statement): the cooldown lets each replace the code before it, so only the send cap (2
    // per destination and IP here) bounds them. Before the count-first statement, each send
    // peeked the caps under its snapshot (none counted yet) and all 8 were sent and counted.
    const email = uniqueEmail('race');
    const start = server.clock() + 3_600_000;
    const servers = Array.from({ length: 8 }, (_, k) => raceServer(testClock(start + k * 31_000)));
    const answers = await sendAtOnce(servers, email, start);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    for (const refused of answers.slice(2)) {
      // The send cap's window, not the cooldown.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(CODE_RESEND_COOLDOWN_S);
    }
    expect(await database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(
      2,
    );
    expect(await countersOf(email)).toEqual({ sends: 2, 'sends-ip': 2 });
  });

  it('at one clock send one code, and the cooldown refusals count nothing', async () => {
    // Queued behind the first send, each later one reads its code (under the row lock) and is
    // refused by the cooldown before it counts.
    const email = uniqueEmail('race-cooldown');
    const start = server.clock() + 7_200_000;
    const servers = Array.from({ length: 8 }, () => raceServer(testClock(start)));
    const answers = await sendAtOnce(servers, email, start);
    expect(answers.map((a) => a.status)).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    for (const refused of answers.slice(1)) {
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(
        CODE_RESEND_COOLDOWN_S,
      );
    }
    expect(await database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(
      1,
    );
    expect(await countersOf(email)).toEqual({ sends: 1, 'sends-ip': 1 });
  });
});
