/**
 * The default price source (issue 20): each chain's Chainlink USD price feeds, read with viem
 * (`latestRoundData` and `decimals` of AggregatorV3Interface) from the chain's own JSON-RPC, so a
 * self-hoster needs no price vendor beyond the RPC they already run.
 *
 * An answer is accepted only when it passes Chainlink's documented consumer checks
 * (https://docs.chain.link/data-feeds#check-the-timestamp-of-the-latest-answer):
 * - the round exists (`roundId` and `updatedAt` > 0) and is not carried over from an earlier round
 *   (`answeredInRound` >= `roundId`);
 * - it is fresh: `updatedAt` no older than the feed's `maxAgeS` (its heartbeat plus a margin) by the
 *   server's clock, and not more than {@link FUTURE_SKEW_S} ahead of it;
 * - `decimals()` is an integer 0-36 and, when the feed's configuration names one, equals it;
 * - the answer is > 0.
 * L2 sequencer-uptime feeds are not consulted.
 */
import { createPublicClient, formatUnits, http, type PublicClient } from 'viem';
import { type PriceSource, priceUnavailable, unsupportedChain } from './source.ts';

/** The part of AggregatorV3Interface the source reads. */
export const aggregatorV3Abi = [
  {
    inputs: [],
    name: 'decimals',
    outputs: [{ internalType: 'uint8', name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'latestRoundData',
    outputs: [
      { internalType: 'uint80', name: 'roundId', type: 'uint80' },
      { internalType: 'int256', name: 'answer', type: 'int256' },
      { internalType: 'uint256', name: 'startedAt', type: 'uint256' },
      { internalType: 'uint256', name: 'updatedAt', type: 'uint256' },
      { internalType: 'uint80', name: 'answeredInRound', type: 'uint80' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

/** Default oldest accepted round: 1 hour (a 1 h heartbeat) plus 15 minutes, in seconds. */
export const DEFAULT_FEED_MAX_AGE_S = 4_500;
/** Seconds a round's `updatedAt` may be ahead of the server's clock. */
export const FUTURE_SKEW_S = 300;
/** Default timeout of one RPC read, in ms. */
export const DEFAULT_RPC_TIMEOUT_MS = 5_000;

/** One USD feed: its aggregator (proxy) address and acceptance limits. */
export interface ChainlinkFeed {
  /** The feed's proxy address, 0x-prefixed. */
  address: `0x${string}`;
  /** Oldest accepted round, in seconds. Default the source's `defaultMaxAgeS`. */
  maxAgeS?: number;
  /** The decimals the feed must report; a different `decimals()` is refused. Default: any 0-36. */
  decimals?: number;
}

/** One chain's RPC and feeds (symbol, upper case, -> feed). */
export interface ChainlinkChainConfig {
  /** The chain's JSON-RPC URL (http or https). */
  rpcUrl: string;
  /**
   * USD feeds by token symbol, merged over {@link KNOWN_CHAINLINK_USD_FEEDS} of the chain (an
   * entry here replaces the known one). An address alone takes the default limits.
   */
  feeds?: Record<string, `0x${string}` | ChainlinkFeed>;
}

/**
 * Chainlink's published USD feeds this source knows without configuration (from
 * https://docs.chain.link/data-feeds/price-feeds/addresses), with `maxAgeS` = heartbeat + 25 %:
 * Ethereum mainnet ETH/USD (1 h), BTC/USD (1 h), USDC/USD (24 h); Sepolia ETH/USD (1 h). A chain
 * still needs its `rpcUrl` configured to be supported.
 */
export const KNOWN_CHAINLINK_USD_FEEDS: Readonly<Record<number, Record<string, ChainlinkFeed>>> = {
  1: {
    ETH: { address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419', maxAgeS: 4_500, decimals: 8 },
    BTC: { address: '0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c', maxAgeS: 4_500, decimals: 8 },
    USDC: { address: '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6', maxAgeS: 108_000, decimals: 8 },
  },
  11155111: {
    ETH: { address: '0x694AA1769357215DE4FAC081bf1f309aDC325306', maxAgeS: 4_500, decimals: 8 },
  },
};

/** Options of {@link chainlinkPriceSource}. */
export interface ChainlinkPriceSourceOptions {
  /** The supported chains by EIP-155 id; any other chain is `unsupported_chain`. */
  chains: Record<number, ChainlinkChainConfig>;
  /** Oldest accepted round for feeds without their own `maxAgeS`, seconds. Default 4 500. */
  defaultMaxAgeS?: number;
  /** Clock in ms since the epoch, for the staleness check. Default `Date.now`. */
  now?: () => number;
  /** Timeout of one RPC request, ms. Default 5 000. */
  timeoutMs?: number;
}

/**
 * The Chainlink price source (see the module header for the checks).
 *
 * @returns a {@link PriceSource} named `'chainlink'`. `usdPrice(chainId, symbol)` makes one
 *   batched JSON-RPC request (`latestRoundData` and `decimals`) and answers dollars per token.
 * @throws Error (at once) for a chain id that is not a positive integer, an `rpcUrl` that is not
 *   an http(s) URL, or a feed address that is not 20 bytes of hex. `usdPrice` throws ApiError
 *   `unsupported_chain` (400) for a chain not in `chains`, and `token_price_unavailable` (503)
 *   for a symbol without a feed, an RPC failure, or an answer the checks refuse.
 */
export function chainlinkPriceSource(options: ChainlinkPriceSourceOptions): PriceSource {
  const now = options.now ?? Date.now;
  const defaultMaxAgeS = options.defaultMaxAgeS ?? DEFAULT_FEED_MAX_AGE_S;
  const chains = new Map<number, { client: PublicClient; feeds: Map<string, ChainlinkFeed> }>();
  for (const [id, config] of Object.entries(options.chains)) {
    const chainId = Number(id);
    if (!Number.isInteger(chainId) || chainId < 1) throw new Error(`Not a chain id: ${id}`);
    const url = new URL(config.rpcUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`The RPC URL of chain ${chainId} must be http(s): ${config.rpcUrl}`);
    }
    const feeds = new Map<string, ChainlinkFeed>();
    const merged = { ...KNOWN_CHAINLINK_USD_FEEDS[chainId], ...config.feeds };
    for (const [symbol, feed] of Object.entries(merged)) {
      const value = typeof feed === 'string' ? { address: feed } : feed;
      if (!/^0x[0-9a-fA-F]{40}$/.test(value.address)) {
        throw new Error(
          `The ${symbol} feed of chain ${chainId} is not an address: ${value.address}`,
        );
      }
      feeds.set(symbol.toUpperCase(), value);
    }
    const client = createPublicClient({
      transport: http(config.rpcUrl, {
        batch: true,
        timeout: options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
        retryCount: 0,
      }),
    });
    chains.set(chainId, { client, feeds });
  }

  return {
    name: 'chainlink',
    supportsChain: (chainId) => chains.has(chainId),
    async usdPrice(chainId, symbol) {
      const chain = chains.get(chainId);
      if (!chain) throw unsupportedChain(chainId);
      const feed = chain.feeds.get(symbol);
      if (!feed) throw priceUnavailable(chainId, `no Chainlink USD feed for ${symbol}`);
      let round: readonly [bigint, bigint, bigint, bigint, bigint];
      let decimals: number;
      try {
        [round, decimals] = await Promise.all([
          chain.client.readContract({
            address: feed.address,
            abi: aggregatorV3Abi,
            functionName: 'latestRoundData',
          }),
          chain.client.readContract({
            address: feed.address,
            abi: aggregatorV3Abi,
            functionName: 'decimals',
          }),
        ]);
      } catch (error) {
        throw priceUnavailable(chainId, `the ${symbol} feed could not be read`, error);
      }
      return checkedRoundPrice(chainId, symbol, feed, round, decimals, {
        nowS: Math.floor(now() / 1000),
        maxAgeS: feed.maxAgeS ?? defaultMaxAgeS,
      });
    },
  };
}

/**
 * Applies the consumer checks to one `latestRoundData` answer.
 * @returns the price in dollars per token.
 * @throws ApiError `token_price_unavailable` naming the failed check.
 */
export function checkedRoundPrice(
  chainId: number,
  symbol: string,
  feed: Pick<ChainlinkFeed, 'decimals'>,
  round: readonly [bigint, bigint, bigint, bigint, bigint],
  decimals: number,
  limits: { nowS: number; maxAgeS: number },
): number {
  const [roundId, answer, , updatedAt, answeredInRound] = round;
  const refuse = (why: string) => priceUnavailable(chainId, `the ${symbol} feed ${why}`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw refuse(`reports ${decimals} decimals`);
  }
  if (feed.decimals !== undefined && decimals !== feed.decimals) {
    throw refuse(`reports ${decimals} decimals, expected ${feed.decimals}`);
  }
  if (roundId === 0n || updatedAt === 0n) throw refuse('has no complete round');
  if (answeredInRound < roundId) throw refuse('answer is carried over from an earlier round');
  const ageS = limits.nowS - Number(updatedAt);
  if (ageS > limits.maxAgeS) {
    throw refuse(`round is stale (updated ${ageS} s ago, at most ${limits.maxAgeS} s allowed)`);
  }
  if (-ageS > FUTURE_SKEW_S) throw refuse(`round is dated ${-ageS} s in the future`);
  if (answer <= 0n) throw refuse(`answer is not positive (${answer})`);
  const usd = Number(formatUnits(answer, decimals));
  if (!Number.isFinite(usd) || usd <= 0) throw refuse('answer is out of range');
  return usd;
}
