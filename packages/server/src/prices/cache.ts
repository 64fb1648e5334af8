/**
 * The price cache in front of a {@link PriceSource} (issue 20): a price is kept a few seconds per
 * (chain, symbol), and concurrent askers of the same (chain, symbol) share one upstream call
 * (single flight), so 100 clients asking at once cost one RPC or HTTP request.
 */
import { type PriceSource, unsupportedChain } from './source.ts';

/** Default time a price is served from memory: 15 s (ms). */
export const DEFAULT_PRICE_CACHE_TTL_MS = 15_000;

/** Options of {@link cachedPriceSource}. */
export interface PriceCacheOptions {
  /** How long (ms, >= 0) an answered price is served from memory. Default 15 000. 0: no reuse. */
  ttlMs?: number;
  /** Clock in ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/**
 * Wraps `source` with a per-(chain, symbol) cache and single flight. A successful price is kept
 * `ttlMs`; a failure is not kept (the next asker tries again), but everyone who asked while the
 * failed call was in flight gets its error. Unsupported chains are refused before any upstream
 * call (`source.supportsChain`, `unsupported_chain`), so unknown chain ids never reach the cache.
 *
 * @returns a {@link PriceSource} with the same answers and errors as `source`.
 * @throws Error (at once) when `ttlMs` is negative or not a number.
 */
export function cachedPriceSource(
  source: PriceSource,
  options: PriceCacheOptions = {},
): PriceSource {
  const ttlMs = options.ttlMs ?? DEFAULT_PRICE_CACHE_TTL_MS;
  if (!(Number.isFinite(ttlMs) && ttlMs >= 0)) {
    throw new Error(`The price cache TTL must be a number of ms >= 0, got ${ttlMs}`);
  }
  const now = options.now ?? Date.now;
  const prices = new Map<string, { usd: number; expiresAt: number }>();
  const inFlight = new Map<string, Promise<number>>();

  return {
    name: source.name,
    supportsChain: (chainId) => source.supportsChain(chainId),
    usdPrice(chainId, symbol) {
      if (!source.supportsChain(chainId)) return Promise.reject(unsupportedChain(chainId));
      const key = `${chainId}:${symbol}`;
      const cached = prices.get(key);
      if (cached && cached.expiresAt > now()) return Promise.resolve(cached.usd);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const call = (async () => {
        try {
          const usd = await source.usdPrice(chainId, symbol);
          if (ttlMs > 0) prices.set(key, { usd, expiresAt: now() + ttlMs });
          return usd;
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, call);
      return call;
    },
  };
}
