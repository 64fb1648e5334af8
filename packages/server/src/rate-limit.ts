/**
 * Fixed-window rate limits. The security limits (per destination, per code, per user, admin
 * authentication failures) are kept in the database (`rate_limits` table), so they hold across
 * server processes (security catalogue 22, 23). The per-IP flood guards (`initPerIp`,
 * `authenticatePerIp`, `refreshPerIp`, `analyticsPerIp`) are counted in memory per process
 * ({@link MemoryRateLimiter}, issue 13): they only bound how fast one IP can hit one process,
 * so N processes let an IP through at up to N x the rate, and no write per request is needed.
 */
import { MFA_FAILURE_WINDOW_S, MFA_MAX_ATTEMPTS } from '@latchkey/api';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { rateLimits } from './db/schema.ts';
import { ApiError } from './errors.ts';

/** At most `max` events per `windowS` seconds. */
export interface RateLimitRule {
  max: number;
  windowS: number;
}

/**
 * Every limit the server applies (issue 10, item 7: limits that fit real networks).
 *
 * Guessing a login code is stopped by the per-code cap (CODE_MAX_ATTEMPTS = 5 submissions per
 * code) and the per-destination caps: at most `sendsPerDestination` codes per hour, so at most
 * 5 x 20 = 100 guesses per hour at one address, and `failuresPerDestinationIp` wrong codes per
 * hour from one IP. The per-IP limits are only a flood guard, sized so that a few hundred
 * people behind one NAT (an office, a campus, a carrier-grade NAT) can all log in within a few
 * minutes. The per-destination caps are counted per destination and IP first, with a larger
 * global cap per destination above them, so a stranger at one IP cannot spend the owner's
 * allowance: the owner, at another IP, can still ask for a fresh code and use it.
 */
export interface RateLimitConfig {
  /**
   * Login starts per client IP (`POST /passwordless/init`, passkey, SIWE and OAuth init): a
   * flood guard. Default 300 per 60 s.
   */
  initPerIp: RateLimitRule;
  /**
   * Login submissions per client IP (`POST /passwordless/authenticate` and the other methods):
   * a flood guard. Default 300 per 60 s.
   */
  authenticatePerIp: RateLimitRule;
  /** Session refreshes per client IP. Default 600 per 60 s. */
  refreshPerIp: RateLimitRule;
  /**
   * Codes sent to one destination (email address, phone number) from all IPs together; it
   * bounds guessing (each code takes at most 5 submissions). Default 20 per hour.
   */
  sendsPerDestination: RateLimitRule;
  /** Codes sent to one destination at the request of one client IP. Default 5 per hour. */
  sendsPerDestinationIp: RateLimitRule;
  /**
   * Wrong codes for one destination from all IPs together, across codes (a resend does not
   * reset it): a global guard that one IP cannot reach alone under the default
   * `failuresPerDestinationIp`. Default 100 per hour; at most 100 per hour.
   */
  failuresPerDestination: RateLimitRule;
  /**
   * Wrong codes for one destination from one client IP, across codes. Another IP (the owner
   * asking for a fresh code) is not affected. Default 10 per hour; at most 100 per hour.
   */
  failuresPerDestinationIp: RateLimitRule;
  /**
   * Recovery-share fetches per user (`POST /embedded_wallets/recovery_share`): each password
   * guess in the frame fetches the blob again (security catalogue 8). Default 10 per 60 s.
   */
  recoverySharePerUser: RateLimitRule;
  /** Recovery-share fetches per user over a longer window. Default 100 per hour; at most 100 per hour. */
  recoverySharePerUserHourly: RateLimitRule;
  /** Analytics events per client IP. Default 600 per 60 s. */
  analyticsPerIp: RateLimitRule;
  /**
   * Wrong MFA codes per user (issue 15; spec section 9, 4 attempts): past it every code, right
   * or wrong, is refused with `mfa_verification_max_attempts_reached` until the window ends.
   * Default 4 per 300 s.
   */
  mfaFailuresPerUser: RateLimitRule;
  /**
   * Wrong MFA codes per user over a day: with 3 live TOTP codes in 10^6, 20 a day make a
   * guess succeed about once in 16 000 days. Default 20 per 86 400 s; at most 100 per day.
   */
  mfaFailuresPerUserDaily: RateLimitRule;
}

/** The defaults of {@link RateLimitConfig}. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  initPerIp: { max: 300, windowS: 60 },
  authenticatePerIp: { max: 300, windowS: 60 },
  refreshPerIp: { max: 600, windowS: 60 },
  sendsPerDestination: { max: 20, windowS: 3600 },
  sendsPerDestinationIp: { max: 5, windowS: 3600 },
  failuresPerDestination: { max: 100, windowS: 3600 },
  failuresPerDestinationIp: { max: 10, windowS: 3600 },
  recoverySharePerUser: { max: 10, windowS: 60 },
  recoverySharePerUserHourly: { max: 100, windowS: 3600 },
  analyticsPerIp: { max: 600, windowS: 60 },
  mfaFailuresPerUser: { max: MFA_MAX_ATTEMPTS, windowS: MFA_FAILURE_WINDOW_S },
  mfaFailuresPerUserDaily: { max: 20, windowS: 86_400 },
};

/**
 * Merges overrides into the defaults and checks them.
 * @throws Error when a rule is not two positive integers, or a failure cap
 *   (`failuresPerDestination`, `failuresPerDestinationIp`) allows more than 100 wrong codes per
 *   hour (security catalogue 22), or the recovery-share cap more than 100 fetches per hour
 *   (catalogue 8).
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
  for (const name of ['failuresPerDestination', 'failuresPerDestinationIp'] as const) {
    const f = out[name];
    if (f.max * Math.max(1, 3600 / f.windowS) > 100) {
      throw new Error(`${name} must allow at most 100 failures per hour`);
    }
  }
  const m = out.mfaFailuresPerUserDaily;
  if (m.max * Math.max(1, 86_400 / m.windowS) > 100) {
    throw new Error('mfaFailuresPerUserDaily must allow at most 100 wrong codes per day');
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

/** One database counter: its key and the rule it is counted under. */
export interface RateLimitCheck {
  key: string;
  rule: RateLimitRule;
}

/** `checks` by key, refusing a key named twice (one statement cannot count a row twice). */
function byKey(checks: readonly RateLimitCheck[]): Map<string, RateLimitRule> {
  const rules = new Map(checks.map((c) => [c.key, c.rule]));
  if (rules.size !== checks.length) throw new Error('rate limit keys must be distinct');
  return rules;
}

/**
 * The new `count` and `window_start` of an existing counter hit at `nowMs`: each counter
 * restarts when its own window has passed (the windows differ between the keys of `hits`).
 */
function hitUpdate(hits: readonly RateLimitCheck[], nowMs: number) {
  // Each row's window start cutoff, by its key.
  const cutoff = sql`CASE ${rateLimits.key} ${sql.join(
    hits.map((h) => sql`WHEN ${h.key} THEN ${tsParam(nowMs - h.rule.windowS * 1000)}`),
    sql` `,
  )} END`;
  const expired = sql`${rateLimits.windowStart} <= ${cutoff}`;
  return {
    count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
    windowStart: sql`CASE WHEN ${expired} THEN ${tsParam(nowMs)} ELSE ${rateLimits.windowStart} END`,
  };
}

/**
 * Counts one event under each key atomically, all in one statement (a multi-row upsert; each
 * counter restarts when its own window has passed), and returns their states in the order of
 * `hits` (issue 13: one round trip where a login code send counts two limits).
 *
 * @throws Error when a key is named twice.
 */
export async function hitRateLimits(
  db: Db,
  hits: readonly RateLimitCheck[],
  nowMs: number,
): Promise<RateLimitState[]> {
  if (hits.length === 0) return [];
  const rules = byKey(hits);
  const rows = await db
    .insert(rateLimits)
    .values(hits.map((h) => ({ key: h.key, windowStart: new Date(nowMs), count: 1 })))
    .onConflictDoUpdate({ target: rateLimits.key, set: hitUpdate(hits, nowMs) })
    .returning();
  const found = new Map(rows.map((row) => [row.key, row]));
  return hits.map(({ key }) => {
    const row = found.get(key)!;
    return state(rules.get(key)!, row.count, row.windowStart, nowMs);
  });
}

/**
 * The counting of {@link hitRateLimits} as data-modifying CTEs of another statement, race-free
 * against the limits (issue 13: a login code's send caps are counted by the statement that
 * stores the code). One CTE per key of `hits`, in their order, named `${name}_0`, `${name}_1`,
 * ...: each is an upsert that counts one event under its key only while that counter is below
 * its `max` in a live window (or its window has passed, which restarts it at 1), and only when
 * the CTE before it counted (the first: when `when` holds, e.g. `NOT EXISTS (...)`). The
 * check is made on the counter's latest row, under its row lock (`ON CONFLICT ... DO UPDATE
 * ... WHERE`), so concurrent statements counting one key serialise and the later ones see the
 * earlier counts, a new key's first insert included: a counter never passes its `max`, however
 * many statements run at once (a peek under the statement's snapshot cannot promise that).
 *
 * A key refused stops the chain: the keys after it are not counted, the keys before it were.
 * List the narrower limit first (e.g. per destination and IP before per destination), so a
 * client refused by its own cap does not spend the shared one; and guard `when` with
 * {@link limitsNotReached} of all of `hits`, so a cap reached before the statement began
 * counts nothing anywhere.
 *
 * @param name the CTEs' name prefix (an SQL identifier; the caller's statement must not use
 *   the names it makes).
 * @returns `ctes`, the CTE definitions (`name_0 AS (...), name_1 AS (...)`) to place in a WITH
 *   list, and `last`, the last CTE's name: it returns one row (`key`) exactly when every key
 *   was counted, none otherwise.
 * @throws Error when a key is named twice or `hits` is empty.
 */
export function hitRateLimitsWithin(
  hits: readonly RateLimitCheck[],
  nowMs: number,
  when: SQL,
  name: string,
): { ctes: SQL; last: SQL } {
  if (hits.length === 0) throw new Error('hitRateLimitsWithin needs at least one hit');
  byKey(hits);
  const names = hits.map((_, i) => sql`${sql.identifier(`${name}_${i}`)}`);
  const ctes = hits.map((h, i) => {
    const { count, windowStart } = hitUpdate([h], nowMs);
    const expired = sql`${rateLimits.windowStart} <= ${tsParam(nowMs - h.rule.windowS * 1000)}`;
    const source = i === 0 ? sql`WHERE ${when}` : sql`FROM ${names[i - 1]}`;
    return sql`${names[i]} AS (INSERT INTO ${rateLimits} (key, window_start, count)
      SELECT ${h.key}::text, ${tsParam(nowMs)}, 1 ${source}
      ON CONFLICT (key) DO UPDATE SET count = ${count}, window_start = ${windowStart}
      WHERE ${expired} OR ${rateLimits.count} < ${h.rule.max}::integer
      RETURNING key)`;
  });
  return { ctes: sql.join(ctes, sql`, `), last: names[names.length - 1]! };
}

/** Counts one event under `key` atomically (one upsert) and returns the counter's state. */
export async function hitRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  nowMs: number,
): Promise<RateLimitState> {
  const [hit] = await hitRateLimits(db, [{ key, rule }], nowMs);
  return hit!;
}

/**
 * Reads the counters of `checks` without counting, in one statement; states in the order of
 * `checks`. `allowed` is false once a counter reached its `max`.
 *
 * @throws Error when a key is named twice.
 */
export async function peekRateLimits(
  db: Db,
  checks: readonly RateLimitCheck[],
  nowMs: number,
): Promise<RateLimitState[]> {
  if (checks.length === 0) return [];
  byKey(checks);
  const rows = await db
    .select()
    .from(rateLimits)
    .where(
      checks.length === 1
        ? eq(rateLimits.key, checks[0]!.key)
        : inArray(
            rateLimits.key,
            checks.map((c) => c.key),
          ),
    );
  const found = new Map(rows.map((row) => [row.key, row]));
  return checks.map(({ key, rule }) => {
    const row = found.get(key);
    if (!row || row.windowStart.getTime() + rule.windowS * 1000 <= nowMs) {
      return { count: 0, allowed: true, retryAfterS: 0 };
    }
    const s = state(rule, row.count, row.windowStart, nowMs);
    return { ...s, allowed: row.count < rule.max };
  });
}

/**
 * A SQL condition that holds while none of `checks` has reached its `max` in a live window:
 * exactly what {@link peekRateLimits} calls allowed, for all of them at once. It guards a write
 * in the same statement (issue 13: a code is stored or consumed in one statement instead of a
 * peek and then the write). When the guarded write matches nothing, the caller peeks to tell
 * a reached limit (429 with its Retry-After) from its own refusal.
 *
 * @throws Error when a key is named twice or `checks` is empty.
 */
export function limitsNotReached(checks: readonly RateLimitCheck[], nowMs: number): SQL {
  if (checks.length === 0) throw new Error('limitsNotReached needs at least one check');
  byKey(checks);
  const reached = checks.map(
    (c) =>
      sql`(${rateLimits.key} = ${c.key} AND ${rateLimits.windowStart} > ${tsParam(
        nowMs - c.rule.windowS * 1000,
      )} AND ${rateLimits.count} >= ${c.rule.max})`,
  );
  return sql`NOT EXISTS (SELECT 1 FROM ${rateLimits} WHERE ${sql.join(reached, sql` OR `)})`;
}

/** Reads the counter under `key` without counting; `allowed` is false once `max` is reached. */
export async function peekRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  nowMs: number,
): Promise<RateLimitState> {
  const [peeked] = await peekRateLimits(db, [{ key, rule }], nowMs);
  return peeked!;
}

/**
 * Throws for the first of `states` that is not allowed (see {@link assertAllowed}); checks
 * several limits read in one statement, in the order they were listed.
 */
export function assertAllAllowed(states: readonly RateLimitState[]): void {
  for (const s of states) assertAllowed(s);
}

/** Throws a 429 `too_many_requests` ApiError with Retry-After when `s` is not allowed. */
export function assertAllowed(s: RateLimitState): void {
  if (!s.allowed) {
    throw new ApiError('too_many_requests', 'Too many attempts.', { retryAfterS: s.retryAfterS });
  }
}

interface MemoryCounter {
  count: number;
  windowStart: number;
  /** `windowStart` + the rule's window, ms. */
  endsAt: number;
}

/** Counters kept before expired ones are swept (grows with the live ones). */
const MEMORY_SWEEP_AT = 10_000;

/**
 * Fixed-window counters in this process's memory, with the same windows and answers as
 * {@link hitRateLimit} (a window starts at the first hit after the previous one ended). For the
 * per-IP flood guards only: they are not shared between processes and are lost on restart.
 * Expired counters are swept when the map grows past 10 000 entries (then past twice the live
 * count), so memory follows the number of IPs seen within one window.
 */
export class MemoryRateLimiter {
  readonly #counters = new Map<string, MemoryCounter>();
  #sweepAt = MEMORY_SWEEP_AT;

  /**
   * Counts one event under `key` and returns the counter's state.
   * @param nowMs the server clock (`ctx.now()`), ms since the epoch.
   */
  hit(key: string, rule: RateLimitRule, nowMs: number): RateLimitState {
    let counter = this.#counters.get(key);
    if (!counter || counter.endsAt <= nowMs) {
      if (!counter && this.#counters.size >= this.#sweepAt) this.#sweep(nowMs);
      counter = { count: 0, windowStart: nowMs, endsAt: nowMs + rule.windowS * 1000 };
      this.#counters.set(key, counter);
    }
    counter.count++;
    return state(rule, counter.count, new Date(counter.windowStart), nowMs);
  }

  /** How many counters are held (live or not yet swept). */
  get size(): number {
    return this.#counters.size;
  }

  #sweep(nowMs: number): void {
    for (const [key, counter] of this.#counters) {
      if (counter.endsAt <= nowMs) this.#counters.delete(key);
    }
    this.#sweepAt = Math.max(MEMORY_SWEEP_AT, this.#counters.size * 2);
  }
}
