/**
 * `AppCache`: app rows kept in memory per process for a short time (issue 13). Every request
 * of an app resolves its row (`requireApp`, the app config route, the captcha gate); the row
 * changes rarely (an admin change), so reading it once per TTL instead of once per request
 * removes a statement from every call.
 *
 * Freshness: a change made through this process (the admin API, which calls
 * {@link AppCache.invalidate}) is seen by the next request; a change made by another process
 * (another server replica, `latchkey apps set` on PostgreSQL, a direct SQL update) within
 * `ttlMs`. The admin API's own secret check never reads through the cache.
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/index.ts';
import type { AppRow } from '../db/schema.ts';
import { findApp } from './records.ts';

/**
 * Default time (ms) an app row is served from memory before it is read again: short, so a
 * change made by another process is seen within a second.
 */
export const DEFAULT_APP_CACHE_TTL_MS = 1_000;

/** Options of {@link AppCache}. */
export interface AppCacheOptions {
  /** How long (ms, >= 0) a row is served from memory; 0 reads the database every time. */
  ttlMs?: number;
  /**
   * A monotonic clock in ms (default `performance.now`). Not the server's `now`: test clocks
   * stand still or jump by hours.
   */
  clock?: () => number;
  /** At most this many app rows are kept (least recently used go first). Default 10,000. */
  max?: number;
}

/**
 * App rows by id, read from the database at most once per TTL per process. The reads (promises,
 * so concurrent calls share one) are kept in an `lru-cache` (expiry, size bound); unknown ids
 * and failed reads are dropped. Not `lru-cache`'s own `fetch`: it rejects the callers of a read
 * that {@link invalidate} overtook, where here they get the row and only the cache forgets it.
 */
export class AppCache {
  readonly #db: Db;
  readonly #rows: LRUCache<string, Promise<Readonly<AppRow> | undefined>> | undefined;

  /**
   * @param db the Drizzle handle the rows are read from.
   * @throws Error when `ttlMs` is negative or not a finite number.
   */
  constructor(db: Db, options: AppCacheOptions = {}) {
    const ttlMs = options.ttlMs ?? DEFAULT_APP_CACHE_TTL_MS;
    if (!Number.isFinite(ttlMs) || ttlMs < 0) {
      throw new Error(`appCacheTtlMs must be a number of ms >= 0, got ${ttlMs}`);
    }
    this.#db = db;
    if (ttlMs === 0) return;
    this.#rows = new LRUCache({
      max: options.max ?? 10_000,
      ttl: ttlMs,
      // Expiry is checked against the clock on each read (no cached time, no timers).
      ttlResolution: 0,
      perf: { now: options.clock ?? (() => performance.now()) },
    });
  }

  /**
   * The app `id` (frozen: never modify it), or undefined when there is none. Unknown ids and
   * failed reads are not cached. Concurrent calls for an id share one read.
   *
   * @throws the driver's error when the database cannot be read.
   */
  get(id: string): Promise<Readonly<AppRow> | undefined> {
    const rows = this.#rows;
    if (!rows) return findApp(this.#db, id);
    const cached = rows.get(id);
    if (cached) return cached;
    const read = findApp(this.#db, id).then((row) => (row ? Object.freeze(row) : undefined));
    rows.set(id, read);
    const forget = () => {
      if (rows.peek(id) === read) rows.delete(id);
    };
    read.then((row) => row === undefined && forget(), forget);
    return read;
  }

  /**
   * Drops the row of `id` (every row without an id), so the next {@link get} reads the
   * database. Called after every change made through the admin API.
   */
  invalidate(id?: string): void {
    if (id === undefined) this.#rows?.clear();
    else this.#rows?.delete(id);
  }
}
