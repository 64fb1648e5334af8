/**
 * Token prices in USD (issue 20; spec sections 5, 7 and 9): what a price source is, and the two
 * refusals every source and the route share, by stable code.
 *
 * A source answers the USD price of one token symbol on one chain (`usdPrice`), or refuses:
 * - `unsupported_chain` (400) 'Unsupported chain: {id}' for a chain it has no configuration for
 *   (spec section 5, "Token price chain unsupported");
 * - `token_price_unavailable` (503) when the chain is configured but the price cannot be had: no
 *   feed or coin for the symbol, the upstream (RPC, HTTP API) failed, or its answer is refused
 *   (stale round, bad decimals, a non-positive price). The client shows 'Unable to fetch token
 *   price on chain id' without blocking the send (spec section 8).
 */
import { ApiError } from '../errors.ts';

/** A source of USD prices: the Chainlink feeds (default) or an HTTP API (CoinGecko's shape). */
export interface PriceSource {
  /** A short name for logs and errors (`'chainlink'`, `'http'`). */
  readonly name: string;
  /** Whether the source has any configuration for `chainId` (EIP-155). */
  supportsChain(chainId: number): boolean;
  /**
   * The USD price of one whole token (`symbol`, upper case, e.g. `'ETH'`) on `chainId`.
   * @returns dollars per token, a finite number > 0.
   * @throws ApiError `unsupported_chain` or `token_price_unavailable` (see the module header).
   */
  usdPrice(chainId: number, symbol: string): Promise<number>;
}

/** The spec's message for an unconfigured chain (spec section 5): 'Unsupported chain: {id}'. */
export const unsupportedChainMessage = (chainId: number): string => `Unsupported chain: ${chainId}`;

/** ApiError `unsupported_chain` (400) with {@link unsupportedChainMessage}. */
export function unsupportedChain(chainId: number): ApiError {
  return new ApiError('unsupported_chain', unsupportedChainMessage(chainId));
}

/**
 * ApiError `token_price_unavailable` (503): 'Unable to fetch token price on chain {id}' plus the
 * reason (`detail`, for logs and operators; it names no secret).
 */
export function priceUnavailable(chainId: number, detail: string, cause?: unknown): ApiError {
  return new ApiError(
    'token_price_unavailable',
    `Unable to fetch token price on chain ${chainId}: ${detail}`,
    { cause },
  );
}
