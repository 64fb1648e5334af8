/**
 * The price source's settings (issue 20) from the environment, and the source they make:
 *
 * - `LATCHKEY_PRICE_SOURCE`: `chainlink` (default) or `http`.
 * - `LATCHKEY_PRICE_CHAINS` (chainlink): JSON `{"<chain id>": {"rpcUrl": "https://...",
 *   "feeds": {"ETH": "0x..." | {"address": "0x...", "maxAgeS": 4500, "decimals": 8}}}}`. Known
 *   feeds (`KNOWN_CHAINLINK_USD_FEEDS`: Ethereum mainnet ETH, BTC, USDC; Sepolia ETH) need only
 *   the `rpcUrl`. The server's own chain (`LATCHKEY_RPC_URL`) is added with its RPC and no feeds.
 * - `LATCHKEY_PRICE_API_URL` (http; default CoinGecko's), `LATCHKEY_PRICE_API_KEY`,
 *   `LATCHKEY_PRICE_API_KEY_HEADER` (default `x-cg-demo-api-key`), `LATCHKEY_PRICE_COINS`: JSON
 *   `{"<chain id>": {"ETH": "ethereum"}}` merged over `KNOWN_COIN_IDS`.
 * - `LATCHKEY_PRICE_CACHE_TTL_S`: seconds a price is reused (default 15).
 */
import { type ChainlinkChainConfig, chainlinkPriceSource } from './chainlink.ts';
import { httpPriceSource } from './http.ts';
import type { PriceSource } from './source.ts';

/** The parsed price settings (see the module header). */
export interface PriceSettings {
  source: 'chainlink' | 'http';
  /** Chainlink: chains by id. */
  chains?: Record<number, ChainlinkChainConfig>;
  /** HTTP: the API. */
  http?: {
    url?: string;
    apiKey?: string;
    apiKeyHeader?: string;
    coins?: Record<number, Record<string, string>>;
  };
  /** Cache TTL in ms. */
  cacheTtlMs?: number;
}

type Env = Record<string, string | undefined>;

function json(env: Env, name: string): unknown {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new Error(`${name} is not valid JSON`);
  }
}

function object(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${name} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

/**
 * Parses the price settings from the environment (nothing is contacted).
 * @throws Error naming the variable: an unknown `LATCHKEY_PRICE_SOURCE`, JSON that is not an
 *   object of the documented shape, or a TTL that is not a number of seconds >= 0.
 */
export function parsePriceEnv(env: Env): PriceSettings {
  const source = env.LATCHKEY_PRICE_SOURCE?.trim() || 'chainlink';
  if (source !== 'chainlink' && source !== 'http') {
    throw new Error(`LATCHKEY_PRICE_SOURCE must be chainlink or http: ${source}`);
  }
  const settings: PriceSettings = { source };
  const ttl = env.LATCHKEY_PRICE_CACHE_TTL_S?.trim();
  if (ttl) {
    const seconds = Number(ttl);
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new Error(`LATCHKEY_PRICE_CACHE_TTL_S must be a number of seconds >= 0: ${ttl}`);
    }
    settings.cacheTtlMs = seconds * 1000;
  }
  const chains = json(env, 'LATCHKEY_PRICE_CHAINS');
  if (chains !== undefined) {
    settings.chains = {};
    for (const [id, value] of Object.entries(object(chains, 'LATCHKEY_PRICE_CHAINS'))) {
      const chain = object(value, `LATCHKEY_PRICE_CHAINS.${id}`);
      if (typeof chain.rpcUrl !== 'string') {
        throw new Error(`LATCHKEY_PRICE_CHAINS.${id}.rpcUrl must be a URL string`);
      }
      const feeds =
        chain.feeds === undefined
          ? undefined
          : (object(
              chain.feeds,
              `LATCHKEY_PRICE_CHAINS.${id}.feeds`,
            ) as ChainlinkChainConfig['feeds']);
      settings.chains[Number(id)] = { rpcUrl: chain.rpcUrl, feeds };
    }
  }
  if (source === 'http') {
    const coins = json(env, 'LATCHKEY_PRICE_COINS');
    settings.http = {
      url: env.LATCHKEY_PRICE_API_URL?.trim() || undefined,
      apiKey: env.LATCHKEY_PRICE_API_KEY || undefined,
      apiKeyHeader: env.LATCHKEY_PRICE_API_KEY_HEADER?.trim() || undefined,
      coins:
        coins === undefined
          ? undefined
          : (object(coins, 'LATCHKEY_PRICE_COINS') as Record<number, Record<string, string>>),
    };
  }
  return settings;
}

/**
 * The price source the settings name (not yet cached: `createServer` wraps it).
 * @param serverChains the server's published chains (`CreateServerOptions.chains`): each is a
 *   Chainlink chain with its RPC unless the settings configure it.
 * @throws Error from {@link chainlinkPriceSource} or {@link httpPriceSource} for bad URLs or
 *   addresses.
 */
export function priceSourceOf(
  settings: Omit<PriceSettings, 'cacheTtlMs'>,
  serverChains: readonly { id: number; rpc_url: string }[] = [],
): PriceSource {
  if (settings.source === 'http') return httpPriceSource(settings.http);
  const chains: Record<number, ChainlinkChainConfig> = {};
  for (const chain of serverChains) chains[chain.id] = { rpcUrl: chain.rpc_url };
  Object.assign(chains, settings.chains);
  return chainlinkPriceSource({ chains });
}
