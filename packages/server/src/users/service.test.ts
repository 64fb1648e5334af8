/**
 * `findOrCreateUserByAccount` under concurrency (issue 13: a first login in an open app creates
 * the user and its account in one statement; a conflicting account aborts that statement, so
 * the loser logs in to the winner's user and no user is left without an account).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { linkedAccounts, users } from '../db/schema.ts';
import { type TestServer, testDatabase, testServer } from '../test-utils.ts';
import { createUserWithAccount, findOrCreateUserByAccount, loadUser } from './service.ts';

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
