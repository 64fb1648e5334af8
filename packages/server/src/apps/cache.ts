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
import type { Db } from '../db/index.ts';
import type { AppRow } from '../db/schema.ts';
import { findApp } from './records.ts';

/**
 * Default time (ms) an app row is served from memory before it is read again: short, so a
 * change made by another process is seen within a second.
 */
export const DEFAULT_APP_CACHE_TTL_MS = 1_000;

interface Entry {
  /** The row being loaded or loaded; rows are frozen (shared by concurrent requests). */
  row: Promise<Readonly<AppRow> | undefined>;
  /** When the entry stops being served, on {@link AppCacheOptions.clock}'s scale (ms). */
  expiresAt: number;
}

/** Options of {@link AppCache}. */
export interface AppCacheOptions {
  /** How long (ms, >= 0) a row is served from memory; 0 reads the database every time. */
  ttlMs?: number;
  /**
   * A monotonic clock in ms (default `performance.now`). Not the server's `now`: test clocks
   * stand still or jump by hours.
   */
  clock?: () => number;
}

/** App rows by id, read from the database at most once per TTL per process. */
export class AppCache {
  readonly #db: Db;
  readonly #ttlMs: number;
  readonly #clock: () => number;
  readonly #entries = new Map<string, Entry>();

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
    this.#ttlMs = ttlMs;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /**
   * The app `id` (frozen: never modify it), or undefined when there is none. Unknown ids and
   * failed reads are not cached. Concurrent calls for an id share one read.
   *
   * @throws the driver's error when the database cannot be read.
   */
  get(id: string): Promise<Readonly<AppRow> | undefined> {
    if (this.#ttlMs === 0) return findApp(this.#db, id);
    const now = this.#clock();
    const cached = this.#entries.get(id);
    if (cached && cached.expiresAt > now) return cached.row;
    const entry: Entry = {
      row: findApp(this.#db, id).then((row) => (row ? Object.freeze(row) : undefined)),
      expiresAt: now + this.#ttlMs,
    };
    this.#entries.set(id, entry);
    const forget = () => {
      if (this.#entries.get(id) === entry) this.#entries.delete(id);
    };
    entry.row.then((row) => row === undefined && forget(), forget);
    return entry.row;
  }

  /**
   * Drops the row of `id` (every row without an id), so the next {@link get} reads the
   * database. Called after every change made through the admin API.
   */
  invalidate(id?: string): void {
    if (id === undefined) this.#entries.clear();
    else this.#entries.delete(id);
  }
}
