import type { Address } from 'viem';

/** Default idle window of the frame's key cache, in ms: the key is dropped after 60 s unused. */
export const DEFAULT_KEY_IDLE_MS = 60_000;

/** One rebuilt wallet key, held in the wallet frame's memory only (never posted out). */
export interface CachedKey {
  userId: string;
  address: Address;
  /**
   * The access token the server last accepted for this wallet's auth share. A request with
   * another token misses, so the server checks every new token before the key is used again.
   */
  token: string;
  /**
   * The wallet's secret (for a reshare): 16 bytes of entropy, or an imported wallet's 32-byte key
   * (issue 22 item 4). Zeroed on eviction.
   */
  entropy: Uint8Array;
  /** The 32-byte EVM private key (at `m/44'/60'/0'/0/0` of the entropy). Zeroed on eviction. */
  privateKey: Uint8Array;
  /**
   * Issue 15: when the key must go whatever its use (ms, the cache's clock): the end of the
   * session's MFA verification for a user with a second factor, so a key rebuilt inside the
   * window is not used after it. Absent: only the idle window applies.
   */
  expiresAtMs?: number | null | undefined;
}

/** Options of {@link createKeyCache}. */
export interface KeyCacheOptions {
  /**
   * Idle window in ms: the key is zeroed this long after its last use. Default
   * {@link DEFAULT_KEY_IDLE_MS}; 0 disables the cache (every request rebuilds the key).
   */
  idleMs?: number;
  /** Clock in ms for {@link CachedKey.expiresAtMs} (tests). Default `Date.now`. */
  now?: () => number;
  /** Timers (tests). Default the global `setTimeout` / `clearTimeout`. */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/**
 * The wallet frame's key cache (issue 13 item 3): ONE rebuilt key at a time, so repeated
 * signatures skip the auth-share fetch, the Shamir combine and the BIP-39/BIP-32 derivation.
 */
export interface KeyCache {
  /** Idle window in ms (0: disabled). */
  readonly idleMs: number;
  /**
   * Copies of the cached key of `userId`/`address` when it was stored with `token`, and restarts
   * the idle window; otherwise null, and a key held for another user, wallet or token is
   * zeroed. The caller zeroes the copies after use.
   */
  get(
    userId: string,
    address: Address,
    token: string,
  ): { entropy: Uint8Array; privateKey: Uint8Array } | null;
  /**
   * Keeps copies of `entropy` and `privateKey` for `userId`/`address`/`token`, zeroing whatever
   * was cached before (another user or wallet included). No-op when disabled.
   */
  set(entry: CachedKey): void;
  /** Zeroes and drops the key when it belongs to `userId` (any user when omitted). */
  clear(userId?: string): void;
  /** Whether a key is held (tests, bench). */
  readonly size: number;
}

/**
 * A {@link KeyCache}. The key is zeroed (`fill(0)`) on idle expiry, at its `expiresAtMs` (the
 * end of an MFA verification), on `clear` (logout, the frame's `clear` message, `pagehide`), and
 * when a key of another user or wallet replaces it.
 */
export function createKeyCache(options: KeyCacheOptions = {}): KeyCache {
  const idleMs = Math.max(0, options.idleMs ?? DEFAULT_KEY_IDLE_MS);
  const arm = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const disarm =
    options.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const now = options.now ?? (() => Date.now());
  let entry: CachedKey | null = null;
  let timer: unknown = null;

  function drop() {
    if (timer !== null) disarm(timer);
    timer = null;
    if (entry) {
      entry.entropy.fill(0);
      entry.privateKey.fill(0);
    }
    entry = null;
  }

  function restart() {
    if (timer !== null) disarm(timer);
    const left = entry?.expiresAtMs == null ? idleMs : Math.min(idleMs, entry.expiresAtMs - now());
    timer = arm(drop, Math.max(0, left));
    // Node: do not keep a test or server process alive for the idle window.
    (timer as { unref?: () => void } | null)?.unref?.();
  }

  return {
    idleMs,
    get(userId, address, token) {
      if (!entry) return null;
      if (
        entry.userId !== userId ||
        entry.address.toLowerCase() !== address.toLowerCase() ||
        entry.token !== token ||
        (entry.expiresAtMs != null && now() >= entry.expiresAtMs)
      ) {
        // Another user, wallet or token: the old key is not reused, and not kept either.
        drop();
        return null;
      }
      restart();
      return { entropy: entry.entropy.slice(), privateKey: entry.privateKey.slice() };
    },
    set(next) {
      drop();
      if (idleMs === 0) return;
      if (next.expiresAtMs != null && now() >= next.expiresAtMs) return;
      entry = {
        expiresAtMs: next.expiresAtMs ?? null,
        userId: next.userId,
        address: next.address,
        token: next.token,
        entropy: next.entropy.slice(),
        privateKey: next.privateKey.slice(),
      };
      restart();
    },
    clear(userId) {
      if (entry && (userId === undefined || entry.userId === userId)) drop();
    },
    get size() {
      return entry ? 1 : 0;
    },
  };
}
