/**
 * Issue 13: the per-IP flood guards are counted in memory per process (`MemoryRateLimiter`)
 * with the same fixed windows as the database counters; the security limits stay in the
 * database.
 */
import { ROUTES } from '@latchkey/api';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/index.ts';
import { rateLimits } from './db/schema.ts';
import { ApiError } from './errors.ts';
import {
  assertAllAllowed,
  hitRateLimit,
  hitRateLimits,
  hitRateLimitsWithin,
  limitsNotReached,
  MemoryRateLimiter,
  peekRateLimit,
  peekRateLimits,
  type RateLimitCheck,
} from './rate-limit.ts';
import { loginByEmail, testDatabase, testServer } from './test-utils.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

describe('MemoryRateLimiter', () => {
  it('answers like the database counter, window by window', async () => {
    const rule = { max: 3, windowS: 60 };
    const memory = new MemoryRateLimiter();
    const start = Date.UTC(2026, 0, 1);
    const times = [0, 1_000, 2_000, 3_000, 59_999, 60_000, 61_000].map((t) => start + t);
    for (const t of times) {
      const inMemory = memory.hit('k', rule, t);
      const inDb = await hitRateLimit(database.db, 'memory-vs-db', rule, t);
      expect(inMemory).toEqual(inDb);
    }
    // The 4th and 5th hits of the first window were refused; a new window began at 60 s.
    expect(memory.hit('k', rule, start + 61_500)).toEqual({
      count: 3,
      allowed: true,
      retryAfterS: 59,
    });
    expect(memory.hit('other', rule, start).count).toBe(1);
  });

  it('sweeps expired counters once it holds many', () => {
    const memory = new MemoryRateLimiter();
    const rule = { max: 1, windowS: 1 };
    for (let i = 0; i < 10_000; i++) memory.hit(`ip:${i}`, rule, 0);
    expect(memory.size).toBe(10_000);
    memory.hit('ip:late', rule, 5_000);
    expect(memory.size).toBe(1);
  });
});

describe('hitRateLimits / peekRateLimits (several counters in one statement)', () => {
  it('count each key under its own window, exactly as one hitRateLimit per key', async () => {
    const minute = { max: 2, windowS: 60 };
    const hour = { max: 3, windowS: 3600 };
    const start = Date.UTC(2026, 1, 1);
    const batched = [
      { key: 'batch:minute', rule: minute },
      { key: 'batch:hour', rule: hour },
    ];
    const compare = async (t: number) => {
      const together = await hitRateLimits(database.db, batched, t);
      const alone = [
        await hitRateLimit(database.db, 'single:minute', minute, t),
        await hitRateLimit(database.db, 'single:hour', hour, t),
      ];
      expect(together).toEqual(alone);
      const peeked = await peekRateLimits(database.db, batched, t);
      const peekedAlone = [
        await peekRateLimit(database.db, 'single:minute', minute, t),
        await peekRateLimit(database.db, 'single:hour', hour, t),
      ];
      expect(peeked).toEqual(peekedAlone);
    };
    for (const d of [0, 1_000, 2_000, 61_000, 62_000]) await compare(start + d);
    // After 61 s the minute counter restarted while the hour one kept counting (5 > max 3).
    const [m, h] = await peekRateLimits(database.db, batched, start + 62_500);
    expect(m).toMatchObject({ count: 2, allowed: false });
    expect(h).toMatchObject({ count: 5, allowed: false });
    expect(() => assertAllAllowed([m!, h!])).toThrow(ApiError);
    // Past the hour both restart.
    await compare(start + 3_601_000);
    expect(await peekRateLimits(database.db, batched, start + 3_601_500)).toMatchObject([
      { count: 1, allowed: true },
      { count: 1, allowed: true },
    ]);
    // Unknown keys read as empty counters; a key named twice is refused.
    expect(await peekRateLimits(database.db, [{ key: 'batch:none', rule: hour }], start)).toEqual([
      { count: 0, allowed: true, retryAfterS: 0 },
    ]);
    await expect(hitRateLimits(database.db, [batched[0]!, batched[0]!], start)).rejects.toThrow(
      /distinct/,
    );
  });
});

describe('hitRateLimitsWithin (counting inside another statement, within the caps)', () => {
  /** Runs the CTEs of `hits` with `when`; the keys counted and whether the chain completed. */
  const countWithin = async (hits: RateLimitCheck[], t: number, when = sql`true`) => {
    const { ctes, last } = hitRateLimitsWithin(hits, t, when, 'counted');
    const counted = hits.map((_, i) => sql`SELECT key FROM ${sql.identifier(`counted_${i}`)}`);
    const result = await database.db.execute(
      sql`WITH ${ctes} SELECT key, EXISTS (SELECT 1 FROM ${last}) AS done
        FROM (${sql.join(counted, sql` UNION ALL `)}) AS c ORDER BY key`,
    );
    const rows = (result as unknown as { rows: { key: string; done: boolean }[] }).rows;
    return { keys: rows.map((r) => r.key), done: rows[0]?.done ?? false };
  };

  it('counts exactly as hitRateLimits while below the caps, and nothing when its condition fails', async () => {
    const minute = { max: 2, windowS: 60 };
    const hour = { max: 3, windowS: 3600 };
    const start = Date.UTC(2026, 3, 1);
    const keys = (prefix: string) => [
      { key: `${prefix}:minute`, rule: minute },
      { key: `${prefix}:hour`, rule: hour },
    ];
    const within = keys('within');
    const plain = keys('plain');
    // A false condition counts nothing; below both caps both keys count, as hitRateLimits.
    for (const d of [0, 1_000]) {
      const t = start + d;
      expect(await countWithin(within, t, sql`false`)).toEqual({ keys: [], done: false });
      expect(await countWithin(within, t)).toEqual({
        keys: ['within:hour', 'within:minute'],
        done: true,
      });
      await hitRateLimits(database.db, plain, t);
      expect(await peekRateLimits(database.db, within, t)).toEqual(
        await peekRateLimits(database.db, plain, t),
      );
    }
    // The minute cap is reached: nothing is counted, neither that key nor the one after it.
    expect(await countWithin(within, start + 2_000)).toEqual({ keys: [], done: false });
    expect(await peekRateLimits(database.db, within, start + 2_000)).toMatchObject([
      { count: 2, allowed: false },
      { count: 2, allowed: true },
    ]);
    // At 61 s the minute window restarts (at 1) and the hour counts its 3rd, its cap.
    expect(await countWithin(within, start + 61_000)).toMatchObject({ done: true });
    expect(await peekRateLimits(database.db, within, start + 61_000)).toMatchObject([
      { count: 1, allowed: true },
      { count: 3, allowed: false },
    ]);
    // The hour cap refuses: the minute key before it counted, the chain stopped there.
    expect(await countWithin(within, start + 62_000)).toEqual({
      keys: ['within:minute'],
      done: false,
    });
    expect(await peekRateLimits(database.db, within, start + 62_000)).toMatchObject([
      { count: 2 },
      { count: 3 },
    ]);
    // After the hour both windows restart.
    expect(await countWithin(within, start + 3_601_000)).toMatchObject({ done: true });
    expect(await peekRateLimits(database.db, within, start + 3_601_000)).toMatchObject([
      { count: 1, allowed: true },
      { count: 1, allowed: true },
    ]);
    expect(() => hitRateLimitsWithin([within[0]!, within[0]!], start, sql`true`, 'c')).toThrow(
      /distinct/,
    );
    expect(() => hitRateLimitsWithin([], start, sql`true`, 'c')).toThrow();
  });
});

describe('limitsNotReached (a write guarded by the caps in its own statement)', () => {
  it('holds exactly when peekRateLimits allows every counter, window by window', async () => {
    const minute = { max: 2, windowS: 60 };
    const hour = { max: 3, windowS: 3600 };
    const start = Date.UTC(2026, 2, 1);
    const checks = [
      { key: 'guard:minute', rule: minute },
      { key: 'guard:hour', rule: hour },
    ];
    const guard = async (t: number) => {
      const result = await database.db.execute(sql`SELECT ${limitsNotReached(checks, t)} AS ok`);
      return (result as unknown as { rows: { ok: boolean }[] }).rows[0]!.ok;
    };
    const peekAllows = async (t: number) =>
      (await peekRateLimits(database.db, checks, t)).every((s) => s.allowed);
    const seen: boolean[] = [];
    // Empty counters, then hits: the minute cap is reached at its 2nd hit; at 61 s the minute
    // window restarted but the hour cap (reached at its 3rd hit) still refuses until the hour
    // has passed.
    for (const d of [0, 1_000, 2_000, 30_000, 61_000, 62_000, 63_000, 3_601_000]) {
      const t = start + d;
      const allowed = await peekAllows(t);
      expect(await guard(t)).toBe(allowed);
      seen.push(allowed);
      await hitRateLimits(database.db, checks, t);
    }
    // Both answers occurred, so the comparison covered a reached cap and a free one.
    expect(seen).toEqual([true, true, false, false, false, false, false, true]);
    expect(() => limitsNotReached([checks[0]!, checks[0]!], start)).toThrow(/distinct/);
    expect(() => limitsNotReached([], start)).toThrow();
  });
});

describe('the refresh flood guard', () => {
  it('still answers 429 with Retry-After past refreshPerIp, and writes no database row', async () => {
    const server = testServer(database, { rateLimits: { refreshPerIp: { max: 2, windowS: 60 } } });
    const app = await server.createApp();
    const session = await loginByEmail(server, app.id);
    let token = session.refreshToken;
    for (let i = 0; i < 2; i++) {
      const res = await server.post(app.id, ROUTES.sessions, { refresh_token: token });
      expect(res.status).toBe(200);
      token = ((await res.json()) as { refresh_token: string }).refresh_token;
    }
    const refused = await server.post(app.id, ROUTES.sessions, { refresh_token: token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    const rows = await database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'refresh:ip:%'));
    expect(rows).toEqual([]);
    server.clock.advance(60_000);
    expect((await server.post(app.id, ROUTES.sessions, { refresh_token: token })).status).toBe(200);
  });
});
