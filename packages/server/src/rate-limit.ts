/**
 * Fixed-window rate limits kept in the database (`rate_limits` table), so they hold across
 * server processes (security catalogue 22, 23).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { rateLimits } from './db/schema.ts';
import { ApiError } from './errors.ts';

/** At most `max` events per `windowS` seconds. */
export interface RateLimitRule {
  max: number;
  windowS: number;
}

/** Every limit the server applies. */
export interface RateLimitConfig {
  /** Code sends per client IP (`POST /passwordless/init`). Default 10 per 60 s. */
  initPerIp: RateLimitRule;
  /** Code submissions per client IP (`POST /passwordless/authenticate`). Default 10 per 60 s. */
  authenticatePerIp: RateLimitRule;
  /** Session refreshes per client IP. Default 60 per 60 s. */
  refreshPerIp: RateLimitRule;
  /** Codes sent to one destination (email address). Default 10 per hour. */
  sendsPerDestination: RateLimitRule;
  /** Wrong codes for one destination, across codes (a resend does not reset it). Default 20 per hour; at most 100 per hour. */
  failuresPerDestination: RateLimitRule;
  /**
   * Recovery-share fetches per user (`POST /embedded_wallets/recovery_share`): each password
   * guess in the frame fetches the blob again (security catalogue 8). Default 10 per 60 s.
   */
  recoverySharePerUser: RateLimitRule;
  /** Recovery-share fetches per user over a longer window. Default 100 per hour; at most 100 per hour. */
  recoverySharePerUserHourly: RateLimitRule;
  /** Analytics events per client IP. Default 60 per 60 s. */
  analyticsPerIp: RateLimitRule;
}

/** The defaults of {@link RateLimitConfig}. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  initPerIp: { max: 10, windowS: 60 },
  authenticatePerIp: { max: 10, windowS: 60 },
  refreshPerIp: { max: 60, windowS: 60 },
  sendsPerDestination: { max: 10, windowS: 3600 },
  failuresPerDestination: { max: 20, windowS: 3600 },
  recoverySharePerUser: { max: 10, windowS: 60 },
  recoverySharePerUserHourly: { max: 100, windowS: 3600 },
  analyticsPerIp: { max: 60, windowS: 60 },
};

/**
 * Merges overrides into the defaults and checks them.
 * @throws Error when a rule is not two positive integers, or the failure cap allows more than
 *   100 wrong codes per hour (security catalogue 22), or the recovery-share cap more than 100
 *   fetches per hour (catalogue 8).
 */
export function resolveRateLimits(overrides: Partial<RateLimitConfig> = {}): RateLimitConfig {
  const out = { ...DEFAULT_RATE_LIMITS };
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as (keyof RateLimitConfig)[]) {
    const rule = { ...DEFAULT_RATE_LIMITS[name], ...(overrides[name] ?? {}) };
    if (
      !Number.isInteger(rule.max) ||
      rule.max < 1 ||
      !Number.isInteger(rule.windowS) ||
      rule.windowS < 1
    ) {
      throw new Error(`Rate limit ${name} needs positive integers max and windowS`);
    }
    out[name] = rule;
  }
  const f = out.failuresPerDestination;
  if (f.max * Math.max(1, 3600 / f.windowS) > 100) {
    throw new Error('failuresPerDestination must allow at most 100 failures per hour');
  }
  const r = out.recoverySharePerUserHourly;
  if (r.max * Math.max(1, 3600 / r.windowS) > 100) {
    throw new Error('recoverySharePerUserHourly must allow at most 100 fetches per hour');
  }
  return out;
}

/** State of one counter after a hit or a peek. */
export interface RateLimitState {
  /** Events counted in the current window (including this hit). */
  count: number;
  /** True while `count` is within the rule's `max`. */
  allowed: boolean;
  /** Seconds until the window ends (>= 1). */
  retryAfterS: number;
}

const tsParam = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function state(
  rule: RateLimitRule,
  count: number,
  windowStart: Date,
  nowMs: number,
): RateLimitState {
  const endsMs = windowStart.getTime() + rule.windowS * 1000;
  return {
    count,
    allowed: count <= rule.max,
    retryAfterS: Math.max(1, Math.ceil((endsMs - nowMs) / 1000)),
  };
}

/** Counts one event under `key` atomically (one upsert) and returns the counter's state. */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  nowMs: number,
): Promise<RateLimitState> {
  const expired = sql`${rateLimits.windowStart} <= ${tsParam(nowMs - rule.windowS * 1000)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(nowMs), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${tsParam(nowMs)} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning();
  return state(rule, row!.count, row!.windowStart, nowMs);
}

/** Reads the counter under `key` without counting; `allowed` is false once `max` is reached. */
export async function peekRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  nowMs: number,
): Promise<RateLimitState> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.windowStart.getTime() + rule.windowS * 1000 <= nowMs) {
    return { count: 0, allowed: true, retryAfterS: 0 };
  }
  const s = state(rule, row.count, row.windowStart, nowMs);
  return { ...s, allowed: row.count < rule.max };
}

/** Throws a 429 `too_many_requests` ApiError with Retry-After when `s` is not allowed. */
export function assertAllowed(s: RateLimitState): void {
  if (!s.allowed) {
    throw new ApiError('too_many_requests', 'Too many attempts.', { retryAfterS: s.retryAfterS });
  }
}
