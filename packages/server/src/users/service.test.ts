/**
 * `findOrCreateUserByAccount` under concurrency (issue 13: a first login in an open app creates
 * the user and its account in one statement; a conflicting account aborts that statement, so
 * the loser logs in to the winner's user and no user is left without an account).
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { linkedAccounts, rateLimits, users } from '../db/schema.ts';
import { type TestServer, testDatabase, testServer } from '../test-utils.ts';
import {
  createUserWithAccount,
  findOrCreateUserByAccount,
  findOrCreateUserByAccountAfter,
  loadUser,
} from './service.ts';

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
});
afterAll(() => database?.close());

const usersOf = async (appId: string) =>
  (await database.db.select({ n: count() }).from(users).where(eq(users.appId, appId)))[0]!.n;
const accountsOf = async (appId: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(linkedAccounts)
      .where(eq(linkedAccounts.appId, appId))
  )[0]!.n;

describe('findOrCreateUserByAccount', () => {
  it('eight concurrent first logins of one account make one user; all get it', async () => {
    const app = await server.createApp();
    const account = { type: 'email', subject: 'race@example.com', details: {} };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        findOrCreateUserByAccount(database.db, app, account, server.clock()),
      ),
    );
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.filter((r) => r.isNewUser)).toHaveLength(1);
    expect(await usersOf(app.id)).toBe(1);
    expect(await accountsOf(app.id)).toBe(1);
    const user = await loadUser(database.db, results[0]!.userId);
    expect(user?.linked_accounts).toMatchObject([{ type: 'email', address: 'race@example.com' }]);
  });

  it('createUserWithAccount writes nothing for an existing account, and gates a closed app', async () => {
    const app = await server.createApp();
    const account = { type: 'email', subject: 'once@example.com', details: {} };
    expect(await createUserWithAccount(database.db, app.id, account, server.clock())).toMatch(
      /^did:latchkey:/,
    );
    expect(await createUserWithAccount(database.db, app.id, account, server.clock())).toBe(
      undefined,
    );
    expect(await usersOf(app.id)).toBe(1);
    expect(await accountsOf(app.id)).toBe(1);
    const closed = await server.createApp({ disableSignups: true });
    await expect(
      createUserWithAccount(database.db, closed.id, account, server.clock()),
    ).rejects.toMatchObject({ code: 'user_does_not_exist' });
    expect(await usersOf(closed.id)).toBe(0);
  });
});

/**
 * A proof that counts its runs under `key` (a `rate_limits` row) and answers `passed`; with
 * `rows: false`, it writes and answers nothing.
 */
const countingProof = (key: string, passed: boolean, rows = true) =>
  sql`INSERT INTO ${rateLimits} (key, window_start, count) SELECT ${key}, now(), 1
    WHERE ${rows}::boolean ON CONFLICT (key) DO UPDATE SET count = ${rateLimits.count} + 1
    RETURNING ${passed}::boolean AS passed`;
const runsOf = async (key: string) =>
  (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

describe('findOrCreateUserByAccountAfter (the login behind a proof in its statement)', () => {
  it('eight concurrent first logins behind proofs make one user; each proof counts once', async () => {
    const app = await server.createApp();
    const account = { type: 'email', subject: 'proof-race@example.com', details: {} };
    const key = `proof:${app.id}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        findOrCreateUserByAccountAfter(
          database.db,
          app,
          account,
          server.clock(),
          countingProof(key, true),
        ),
      ),
    );
    expect(results.every((r) => r.passed === true)).toBe(true);
    expect(new Set(results.map((r) => r.login!.userId)).size).toBe(1);
    expect(results.filter((r) => r.login!.isNewUser)).toHaveLength(1);
    expect(await usersOf(app.id)).toBe(1);
    expect(await accountsOf(app.id)).toBe(1);
    // A statement that lost the race was undone, its proof too, and the proof ran again alone.
    expect(await runsOf(key)).toBe(8);
  });

  it('writes no user or account unless the proof passed, and gates only a passed proof', async () => {
    const app = await server.createApp();
    const closed = await server.createApp({ disableSignups: true });
    const listed = await server.createApp({ allowlistEnabled: true });
    const account = { type: 'email', subject: 'proof-gate@example.com', details: {} };
    for (const a of [app, closed, listed]) {
      const failed = await findOrCreateUserByAccountAfter(
        database.db,
        a,
        account,
        server.clock(),
        countingProof(`proof-failed:${a.id}`, false),
      );
      expect(failed).toEqual({ passed: false });
      const none = await findOrCreateUserByAccountAfter(
        database.db,
        a,
        account,
        server.clock(),
        countingProof(`proof-none:${a.id}`, true, false),
      );
      expect(none).toEqual({ passed: null });
      expect(await runsOf(`proof-failed:${a.id}`)).toBe(1);
      expect(await usersOf(a.id)).toBe(0);
    }
    await expect(
      findOrCreateUserByAccountAfter(
        database.db,
        closed,
        account,
        server.clock(),
        countingProof(`proof-closed:${closed.id}`, true),
      ),
    ).rejects.toMatchObject({ code: 'user_does_not_exist' });
    await expect(
      findOrCreateUserByAccountAfter(
        database.db,
        listed,
        account,
        server.clock(),
        countingProof(`proof-listed:${listed.id}`, true),
      ),
    ).rejects.toMatchObject({ code: 'allowlist_rejected' });
    // Each refused login spent its proof once.
    expect(await runsOf(`proof-closed:${closed.id}`)).toBe(1);
    expect(await runsOf(`proof-listed:${listed.id}`)).toBe(1);
    expect(await usersOf(closed.id)).toBe(0);
    expect(await usersOf(listed.id)).toBe(0);
  });
});

/** A follow-up that counts, per user, how often it wrote after a login (a `rate_limits` row). */
const countingFollowUp = (prefix: string) =>
  sql`INSERT INTO ${rateLimits} (key, window_start, count)
    SELECT ${prefix} || user_id, now(), 1 FROM login
    ON CONFLICT (key) DO UPDATE SET count = ${rateLimits.count} + 1
    RETURNING key`;
const followUpsOf = async (prefix: string) =>
  database.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} LIKE ${`${prefix}%`}`);

describe('findOrCreateUserByAccountAfter with a follow-up (e.g. the session, in the same statement)', () => {
  it('eight concurrent first logins: the winner follows up in its statement, the others do not', async () => {
    const app = await server.createApp();
    const account = { type: 'email', subject: 'follow-race@example.com', details: {} };
    const prefix = `follow:${app.id}:`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        findOrCreateUserByAccountAfter(
          database.db,
          app,
          account,
          server.clock(),
          countingProof(`follow-proof:${app.id}`, true),
          countingFollowUp(prefix),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.login!.userId)).size).toBe(1);
    expect(await usersOf(app.id)).toBe(1);
    const followed = results.filter((r) => r.followedUp);
    // Every login that followed up in its statement counted once (a statement that lost the
    // race was undone with its follow-up, and reports none: its caller does that write).
    const userId = results[0]!.login!.userId;
    expect(await followUpsOf(prefix)).toEqual(
      followed.length ? [{ key: `${prefix}${userId}`, count: followed.length }] : [],
    );
    // The creator's statement did follow up, and read the user it made.
    const creator = results.find((r) => r.login!.isNewUser)!;
    expect(creator.followedUp?.user).toEqual(await loadUser(database.db, userId));
    expect(await runsOf(`follow-proof:${app.id}`)).toBe(8);
  });

  it('follows up only when it logged in, with the user as the statement left it', async () => {
    const app = await server.createApp();
    const closed = await server.createApp({ disableSignups: true });
    const listed = await server.createApp({ allowlistEnabled: true });
    const account = { type: 'email', subject: 'follow-gate@example.com', details: {} };
    const prefix = `follow-gate:`;
    for (const a of [app, closed, listed]) {
      for (const proof of [
        countingProof(`follow-failed:${a.id}`, false),
        countingProof(`follow-none:${a.id}`, true, false),
      ]) {
        const r = await findOrCreateUserByAccountAfter(
          database.db,
          a,
          account,
          server.clock(),
          proof,
          countingFollowUp(prefix),
        );
        expect(r.followedUp).toBeUndefined();
      }
    }
    // A gated sign-up (closed app) and an allowlist refuse without following up.
    for (const a of [closed, listed]) {
      await expect(
        findOrCreateUserByAccountAfter(
          database.db,
          a,
          account,
          server.clock(),
          countingProof(`follow-refused:${a.id}`, true),
          countingFollowUp(prefix),
        ),
      ).rejects.toBeDefined();
    }
    expect(await followUpsOf(prefix)).toEqual([]);

    // A known user with two accounts: the answer's user has both, in id order, and the one
    // just verified carries this login's time (the statement's own update).
    const first = await findOrCreateUserByAccountAfter(
      database.db,
      app,
      account,
      server.clock(),
      countingProof(`follow-ok:${app.id}`, true),
      countingFollowUp(prefix),
    );
    const userId = first.login!.userId;
    expect(first.followedUp?.user).toEqual(await loadUser(database.db, userId));
    await database.db.insert(linkedAccounts).values({
      appId: app.id,
      userId,
      type: 'phone',
      subject: '+15555550123',
      firstVerifiedAt: new Date(server.clock()),
      latestVerifiedAt: new Date(server.clock()),
    });
    server.clock.advance(61_000);
    const again = await findOrCreateUserByAccountAfter(
      database.db,
      app,
      account,
      server.clock(),
      countingProof(`follow-ok:${app.id}`, true),
      countingFollowUp(prefix),
    );
    expect(again.login).toEqual({ userId, isNewUser: false });
    const user = again.followedUp!.user!;
    expect(user).toEqual(await loadUser(database.db, userId));
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email', 'phone']);
    expect(user.linked_accounts[0]!.latest_verified_at).toBe(Math.floor(server.clock() / 1000));
    expect(user.linked_accounts[0]!.first_verified_at).toBe(Math.floor(server.clock() / 1000) - 61);
    expect(await followUpsOf(prefix)).toEqual([{ key: `${prefix}${userId}`, count: 2 }]);
  });
});
