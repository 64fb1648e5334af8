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
  hitRateLimitsWhen,
  limitsNotReached,
  MemoryRateLimiter,
  peekRateLimit,
  peekRateLimits,
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

describe('hitRateLimitsWhen (counting inside another statement)', () => {
  it('counts exactly as hitRateLimits when its condition holds, and nothing when not', async () => {
    const minute = { max: 2, windowS: 60 };
    const hour = { max: 3, windowS: 3600 };
    const start = Date.UTC(2026, 3, 1);
    const keys = (prefix: string) => [
      { key: `${prefix}:minute`, rule: minute },
      { key: `${prefix}:hour`, rule: hour },
    ];
    const when = keys('when');
    const plain = keys('plain');
    const countWhen = async (t: number, holds: boolean) => {
      const result = await database.db.execute(
        sql`WITH counted AS (${hitRateLimitsWhen(when, t, holds ? sql`true` : sql`false`)})
          SELECT key FROM counted ORDER BY key`,
      );
      return (result as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
    };
    const compare = async (t: number) => {
      // A false condition counts nothing, at any time.
      expect(await countWhen(t, false)).toEqual([]);
      expect(await countWhen(t, true)).toEqual(['when:hour', 'when:minute']);
      await hitRateLimits(database.db, plain, t);
      const counted = await peekRateLimits(database.db, when, t);
      expect(counted).toEqual(await peekRateLimits(database.db, plain, t));
      return counted;
    };
    for (const d of [0, 1_000, 2_000, 61_000]) await compare(start + d);
    // Each window restarts on its own: 2 hits in the minute since 61 s, 5 in the hour.
    expect(await compare(start + 62_000)).toMatchObject([
      { count: 2, allowed: false },
      { count: 5, allowed: false },
    ]);
    expect(await compare(start + 3_601_000)).toMatchObject([
      { count: 1, allowed: true },
      { count: 1, allowed: true },
    ]);
    expect(() => hitRateLimitsWhen([when[0]!, when[0]!], start, sql`true`)).toThrow(/distinct/);
    expect(() => hitRateLimitsWhen([], start, sql`true`)).toThrow();
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
