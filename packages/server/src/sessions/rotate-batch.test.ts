/**
 * Issue 13: concurrent refresh rotations share statements (`rotate-batch.ts`), with every
 * condition of a rotation kept per request. Runs on PGlite, and on PostgreSQL under
 * `npm run test:pg`.
 */
import { REFRESH_TOKEN_TTL_S } from '@latchkey/api';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../crypto.ts';
import type { Database } from '../db/index.ts';
import { sessions, users } from '../db/schema.ts';
import { type TestServer, testDatabase, testServer } from '../test-utils.ts';
import { insertLinkedAccount } from '../users/accounts.ts';
import { loadUser, newUserId } from '../users/service.ts';
import {
  isLockConflict,
  RotateBatcher,
  type RotationInput,
  type RotationRow,
  type RotationStatements,
  rotationBatcher,
  rotationStatements,
} from './rotate-batch.ts';
import { createSession, refreshSession, revokeSession } from './service.ts';

let database: Database;
let server: TestServer;
let appId: string;
let otherAppId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp()).id;
  otherAppId = (await server.createApp({ name: 'Other App' })).id;
});
afterAll(() => database?.close());

interface Made {
  userId: string;
  sessionId: string;
  refreshToken: string;
}

/** `count` users of `app`, each with a session (some with a linked account, for the rows). */
async function makeSessions(count: number, app = appId): Promise<Made[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const userId = newUserId();
      const now = new Date(server.clock());
      await database.db.insert(users).values({ id: userId, appId: app, createdAt: now });
      for (let a = 0; a < n % 3; a++) {
        await insertLinkedAccount(
          database.db,
          app,
          userId,
          { type: 'email', subject: `batch-${userId}-${a}@example.com` },
          now,
        );
      }
      const session = await createSession(server.context, app, userId);
      return { userId, sessionId: session.sessionId, refreshToken: session.refreshToken };
    }),
  );
}

/** The input rotating `made`'s token to a fresh successor at the server clock (+ `skewMs`). */
function inputOf(made: Made, app = appId, skewMs = 0): RotationInput {
  const nowMs = server.clock() + skewMs;
  return {
    sessionId: made.sessionId,
    tokenHash: sha256Hex(made.refreshToken),
    successorHash: sha256Hex(`${made.sessionId}.successor-${Math.random()}`),
    appId: app,
    now: new Date(nowMs).toISOString(),
    expires: new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
  };
}

/**
 * Counts the statements Drizzle sends to the driver (`$client.query`, on either driver): all,
 * and those that rotate (their text sets `refresh_hash`).
 */
function countStatements() {
  const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
    .$client;
  const original = client.query;
  const counts = { all: 0, rotations: 0 };
  client.query = function (this: unknown, ...args: unknown[]) {
    const [query] = args;
    const text = typeof query === 'string' ? query : (query as { text?: string }).text;
    counts.all++;
    if (text?.includes('refresh_hash =')) counts.rotations++;
    return original.apply(this, args);
  };
  return {
    counts,
    restore: () => {
      client.query = original;
    },
  };
}

/** Real statements, watched: calls, rotations per call, and the most calls at once. */
function watched(
  inner: RotationStatements,
  many?: (inputs: readonly RotationInput[]) => Promise<RotationRow[]>,
) {
  const seen = { one: 0, many: 0, batchSizes: [] as number[], running: 0, mostRunning: 0 };
  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    seen.running++;
    seen.mostRunning = Math.max(seen.mostRunning, seen.running);
    try {
      return await work();
    } finally {
      seen.running--;
    }
  };
  const statements: RotationStatements = {
    one: (input) => {
      seen.one++;
      return track(() => inner.one(input));
    },
    many: (inputs) => {
      seen.many++;
      seen.batchSizes.push(inputs.length);
      return track(() => (many ?? inner.many)(inputs));
    },
  };
  return { statements, seen };
}

const generationOf = async (sessionId: string) =>
  (await database.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]!;

describe('refreshSession through the batcher', () => {
  it('rotates 50 concurrent refreshes of 50 sessions, each answered with its own user, in far fewer than 50 statements', async () => {
    const made = await makeSessions(50);
    // Warm: the app's signing key and the prepared statements.
    const [warm] = await makeSessions(1);
    await refreshSession(server.context, appId, warm!.refreshToken);
    const counter = countStatements();
    let answers;
    try {
      answers = await Promise.all(
        made.map((m) => refreshSession(server.context, appId, m.refreshToken)),
      );
    } finally {
      counter.restore();
    }
    for (const [i, answer] of answers.entries()) {
      expect(answer.sessionId).toBe(made[i]!.sessionId);
      expect(answer.userId).toBe(made[i]!.userId);
      expect(answer.user).toEqual(await loadUser(database.db, made[i]!.userId));
      expect(answer.refreshToken).not.toBe(made[i]!.refreshToken);
    }
    expect(answers.map((a) => a.user?.linked_accounts.length)).toEqual(made.map((_, n) => n % 3));
    const rows = await database.db
      .select()
      .from(sessions)
      .where(
        inArray(
          sessions.id,
          made.map((m) => m.sessionId),
        ),
      );
    for (const row of rows) {
      expect(row.refreshGeneration).toBe(1);
      expect(row.revokedAt).toBeNull();
      const answer = answers.find((a) => a.sessionId === row.id)!;
      expect(row.refreshHash).toBe(sha256Hex(answer.refreshToken));
    }
    // The first alone, the 49 others together: 2 (one rotation each would be 50).
    expect(counter.counts.rotations).toBe(2);
    expect(counter.counts.all).toBeLessThanOrEqual(4);
  });

  it('two concurrent refreshes with the same token: exactly one rotates, the other gets the grace answer', async () => {
    const made = await makeSessions(6);
    const answers = await Promise.all(
      made.flatMap((m) => [
        refreshSession(server.context, appId, m.refreshToken),
        refreshSession(server.context, appId, m.refreshToken),
      ]),
    );
    for (const [i, m] of made.entries()) {
      const pair = [answers[2 * i]!, answers[2 * i + 1]!];
      // The rotation answers the user it loaded; the grace answer has none (the route loads it).
      expect(pair.filter((a) => a.user !== undefined)).toHaveLength(1);
      expect(pair[0]!.refreshToken).toBe(pair[1]!.refreshToken);
      const row = await generationOf(m.sessionId);
      expect(row.refreshGeneration).toBe(1);
      expect(row.revokedAt).toBeNull();
    }
  });

  it('uses one batcher per database handle', () => {
    expect(rotationBatcher(database.db)).toBe(rotationBatcher(database.db));
  });
});

describe('the batch statement', () => {
  it("keeps each rotation's conditions: live token, unexpired at its own clock, its app, a live session", async () => {
    const [good1, good2, wrongToken, expired, otherApp, revoked] = await makeSessions(6);
    await revokeSession(server.context, revoked!.sessionId);
    const inputs = [
      inputOf(good1!),
      inputOf(good2!, appId, 5_000),
      { ...inputOf(wrongToken!), tokenHash: sha256Hex(`${wrongToken!.sessionId}.forged`) },
      // Its own clock is past the token's expiry (the others' is not).
      inputOf(expired!, appId, (REFRESH_TOKEN_TTL_S + 1) * 1000),
      inputOf(otherApp!, otherAppId),
      inputOf(revoked!),
    ].sort((a, b) => (a.sessionId < b.sessionId ? -1 : 1));
    const rows = await rotationStatements(database.db).many(inputs);
    const rotated = new Set(rows.map((r) => r.sessionId));
    expect([...rotated].sort()).toEqual([good1!.sessionId, good2!.sessionId].sort());
    for (const m of [wrongToken, expired, otherApp, revoked]) {
      expect((await generationOf(m!.sessionId)).refreshGeneration).toBe(0);
    }
    const second = await generationOf(good2!.sessionId);
    const input2 = inputs.find((i) => i.sessionId === good2!.sessionId)!;
    expect(second.refreshHash).toBe(input2.successorHash);
    expect(second.refreshRotatedAt?.getTime()).toBe(Date.parse(input2.now));
    expect(second.refreshExpiresAt?.getTime()).toBe(Date.parse(input2.expires));
    // Rows of one session are together, accounts in order.
    expect(rows.map((r) => r.sessionId)).toEqual([...rows.map((r) => r.sessionId)].sort());
  });
});

describe('RotateBatcher', () => {
  it('runs a rotation at once when no batch is in flight, by the single-row statement', async () => {
    const { statements, seen } = watched(rotationStatements(database.db));
    const batcher = new RotateBatcher(statements);
    const [made] = await makeSessions(1);
    const pending = batcher.rotate(inputOf(made!));
    expect(seen.one).toBe(1); // Called synchronously: no wait for a batch to fill.
    expect(batcher.busy).toBe(true);
    expect((await pending)?.userId).toBe(made!.userId);
    expect(seen.many).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batcher.busy).toBe(false);
  });

  it('has at most one batch in flight and caps its size', async () => {
    const made = await makeSessions(60);
    const { statements, seen } = watched(rotationStatements(database.db));
    const batcher = new RotateBatcher(statements, { maxBatch: 16 });
    const answers = await Promise.all(made.map((m) => batcher.rotate(inputOf(m))));
    expect(answers.map((a) => a?.userId)).toEqual(made.map((m) => m.userId));
    expect(seen.mostRunning).toBe(1);
    expect(Math.max(...seen.batchSizes)).toBeLessThanOrEqual(16);
    expect(seen.one + seen.batchSizes.reduce((n, size) => n + size, 0)).toBe(60);
    expect(seen.one + seen.many).toBeLessThanOrEqual(1 + Math.ceil(59 / 16) + 1);
  });

  it('puts a session once in a batch: a second rotation of it waits for the next batch', async () => {
    const [a, b] = await makeSessions(2);
    const { statements, seen } = watched(rotationStatements(database.db));
    const batcher = new RotateBatcher(statements);
    const [blocker] = await makeSessions(1);
    const first = batcher.rotate(inputOf(blocker!)); // In flight; the others queue.
    const same = inputOf(a!);
    const answers = await Promise.all([
      first,
      batcher.rotate(same),
      batcher.rotate({ ...same, successorHash: sha256Hex('another successor') }),
      batcher.rotate(inputOf(b!)),
    ]);
    expect(answers.map((r) => r?.sessionId)).toEqual([
      blocker!.sessionId,
      a!.sessionId,
      undefined, // Its token is no longer the live one when its batch runs.
      b!.sessionId,
    ]);
    expect(seen.batchSizes).toEqual([2]);
    expect(seen.one).toBe(2);
    expect((await generationOf(a!.sessionId)).refreshHash).toBe(same.successorHash);
  });

  it('runs each rotation of a batch alone again when the batch is refused as a deadlock', async () => {
    const made = await makeSessions(10);
    const deadlock = Object.assign(new Error('Failed query: ...'), {
      cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    });
    expect(isLockConflict(deadlock)).toBe(true);
    const { statements, seen } = watched(rotationStatements(database.db), () =>
      Promise.reject(deadlock),
    );
    const batcher = new RotateBatcher(statements);
    const answers = await Promise.all(made.map((m) => batcher.rotate(inputOf(m))));
    expect(answers.map((a) => a?.userId)).toEqual(made.map((m) => m.userId));
    expect(seen.many).toBe(1);
    expect(seen.one).toBe(10); // The first alone, then the 9 of the refused batch.
    for (const m of made) expect((await generationOf(m.sessionId)).refreshGeneration).toBe(1);
  });

  it('fails every rotation of a batch on another error (a lost connection), and goes on after', async () => {
    const made = await makeSessions(5);
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    expect(isLockConflict(lost)).toBe(false);
    let fail = true;
    const real = rotationStatements(database.db);
    const { statements, seen } = watched(real, (inputs) =>
      fail ? Promise.reject(lost) : real.many(inputs),
    );
    const batcher = new RotateBatcher(statements);
    const results = await Promise.allSettled(made.map((m) => batcher.rotate(inputOf(m))));
    expect(results[0]).toMatchObject({ status: 'fulfilled' });
    for (const result of results.slice(1)) {
      expect(result).toMatchObject({ status: 'rejected', reason: lost });
    }
    expect(seen.one).toBe(1);
    fail = false;
    const again = await Promise.all(made.slice(1).map((m) => batcher.rotate(inputOf(m))));
    expect(again.map((a) => a?.userId)).toEqual(made.slice(1).map((m) => m.userId));
  });

  it('refuses a batch size that is not a positive integer', () => {
    const statements = rotationStatements(database.db);
    expect(() => new RotateBatcher(statements, { maxBatch: 0 })).toThrow(/maxBatch/);
    expect(() => new RotateBatcher(statements, { maxBatch: 1.5 })).toThrow(/maxBatch/);
  });
});
