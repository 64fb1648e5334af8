/**
 * The alternative price source (issue 20): an HTTP price API with CoinGecko's simple-price shape
 * (https://docs.coingecko.com/reference/simple-price):
 *
 * `GET {url}/simple/price?ids={coin id}&vs_currencies=usd` -> `{"<coin id>": {"usd": <number>}}`
 *
 * with the API key, when given, in a header (CoinGecko's demo plan: `x-cg-demo-api-key`; pro:
 * `x-cg-pro-api-key`). Each (chain, symbol) maps to a coin id; a chain with no mapping is
 * unsupported.
 */
import { type PriceSource, priceUnavailable, unsupportedChain } from './source.ts';

/** CoinGecko's public API base. */
export const COINGECKO_API_URL = 'https://api.coingecko.com/api/v3';
/** Default timeout of one price request, ms. */
export const DEFAULT_HTTP_PRICE_TIMEOUT_MS = 5_000;

/**
 * Coin ids this source knows without configuration: ETH and USDC on Ethereum (1), OP Mainnet
 * (10), Base (8453) and Arbitrum One (42161).
 */
export const KNOWN_COIN_IDS: Readonly<Record<number, Record<string, string>>> = {
  1: { ETH: 'ethereum', USDC: 'usd-coin' },
  10: { ETH: 'ethereum', USDC: 'usd-coin' },
  8453: { ETH: 'ethereum', USDC: 'usd-coin' },
  42161: { ETH: 'ethereum', USDC: 'usd-coin' },
};

/** Options of {@link httpPriceSource}. */
export interface HttpPriceSourceOptions {
  /** The API base, without `/simple/price`. Default {@link COINGECKO_API_URL}. */
  url?: string;
  /** The API key, sent in `apiKeyHeader` when set. */
  apiKey?: string;
  /** The header of the API key. Default `x-cg-demo-api-key`. */
  apiKeyHeader?: string;
  /**
   * Coin ids by chain id and symbol (upper case), merged over {@link KNOWN_COIN_IDS} per chain.
   * Default: {@link KNOWN_COIN_IDS} alone.
   */
  coins?: Record<number, Record<string, string>>;
  /** Timeout of one request, ms. Default 5 000. */
  timeoutMs?: number;
  /** `fetch` to use. Default the global one. */
  fetch?: typeof fetch;
}

/**
 * The HTTP price source.
 *
 * @returns a {@link PriceSource} named `'http'`: `usdPrice(chainId, symbol)` makes one GET and
 *   answers `body[coinId].usd`.
 * @throws Error (at once) when `url` is not an http(s) URL. `usdPrice` throws ApiError
 *   `unsupported_chain` (400) for a chain without coin ids, and `token_price_unavailable` (503)
 *   for a symbol without a coin id, a network error or timeout, a non-2xx answer, or an answer
 *   without a positive finite `usd`.
 */
export function httpPriceSource(options: HttpPriceSourceOptions = {}): PriceSource {
  const base = new URL(options.url ?? COINGECKO_API_URL);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`The price API URL must be http(s): ${base.href}`);
  }
  const baseUrl = base.href.replace(/\/+$/, '');
  const coins = new Map<number, Map<string, string>>();
  const chainIds = new Set([
    ...Object.keys(KNOWN_COIN_IDS).map(Number),
    ...Object.keys(options.coins ?? {}).map(Number),
  ]);
  for (const chainId of chainIds) {
    const merged = { ...KNOWN_COIN_IDS[chainId], ...options.coins?.[chainId] };
    coins.set(
      chainId,
      new Map(Object.entries(merged).map(([symbol, id]) => [symbol.toUpperCase(), id])),
    );
  }
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers[options.apiKeyHeader ?? 'x-cg-demo-api-key'] = options.apiKey;

  return {
    name: 'http',
    supportsChain: (chainId) => coins.has(chainId),
    async usdPrice(chainId, symbol) {
      const ids = coins.get(chainId);
      if (!ids) throw unsupportedChain(chainId);
      const coinId = ids.get(symbol);
      if (!coinId) throw priceUnavailable(chainId, `no coin id for ${symbol}`);
      const url = `${baseUrl}/simple/price?ids=${encodeURIComponent(coinId)}&vs_currencies=usd`;
      let body: unknown;
      try {
        const res = await doFetch(url, {
          headers,
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_HTTP_PRICE_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        body = await res.json();
      } catch (error) {
        throw priceUnavailable(chainId, `the price API failed for ${symbol}`, error);
      }
      const usd = (body as Record<string, { usd?: unknown } | undefined> | null)?.[coinId]?.usd;
      if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0) {
        throw priceUnavailable(chainId, `the price API has no USD price for ${symbol}`);
      }
      return usd;
    },
  };
}
