import { TOKEN_PRICE_ROUTE, type TokenPriceResponse } from '@latchkey/api';
import type { ApiClient } from '@latchkey/core';
import { useEffect, useState } from 'react';

/** A token's USD price as the send screen holds it (issue 20). */
export type TokenPrice =
  { state: 'off' } | { state: 'loading' } | { state: 'ready'; usd: number } | { state: 'error' };

/**
 * `GET /api/v1/token_price?chainId=&tokenSymbol=` (spec section 7): US dollars per whole token.
 * Retried like every GET (network errors and 5xx).
 * @throws ApiError `unsupported_chain` (400), `token_price_unavailable` (503), `invalid_data`.
 */
export async function fetchTokenPrice(
  request: ApiClient['request'],
  chainId: number,
  tokenSymbol: string,
): Promise<number> {
  const query = new URLSearchParams({ chainId: String(chainId), tokenSymbol });
  const answer = await request<TokenPriceResponse>({
    method: 'GET',
    path: `${TOKEN_PRICE_ROUTE}?${query.toString()}`,
  });
  if (typeof answer.usd !== 'number' || !(answer.usd > 0)) throw new Error('No price');
  return answer.usd;
}

/**
 * The USD price of `symbol` on `chainId` while `enabled` (the app's
 * `embeddedWallets.priceDisplay.secondary` is `'fiat-currency'`): asked once per chain and
 * symbol; `error` when it cannot be had (the screen says so and the send goes on).
 */
export function useTokenPrice(
  request: ApiClient['request'],
  chainId: number | undefined,
  symbol: string,
  enabled: boolean,
): TokenPrice {
  const [price, setPrice] = useState<TokenPrice>({ state: 'off' });
  useEffect(() => {
    if (!enabled || chainId === undefined) {
      setPrice({ state: 'off' });
      return;
    }
    let live = true;
    setPrice({ state: 'loading' });
    fetchTokenPrice(request, chainId, symbol).then(
      (usd) => live && setPrice({ state: 'ready', usd }),
      () => live && setPrice({ state: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [request, chainId, symbol, enabled]);
  return price;
}

/**
 * A dollar amount as the modal shows it (spec section 9: 2 decimals, '<$0.01' for a tiny
 * non-zero amount), in `locale`'s digits and separators: `formatUsd(1234.5, 'en')` is
 * `'$1,234.50'`, `formatUsd(0.004, 'en')` is `'<$0.01'`, `formatUsd(0, 'en')` is `'$0.00'`.
 */
export function formatUsd(usd: number, locale: string): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  if (usd > 0 && usd < 0.01) return `<${format.format(0.01)}`;
  return format.format(usd);
}

/**
 * The USD value of `amount` of a token's smallest unit (wei for ETH) at `usdPerToken`, for
 * display only (a float: exact enough for two decimals).
 */
export function usdValue(amount: bigint, decimals: number, usdPerToken: number): number {
  return (Number(amount) / 10 ** decimals) * usdPerToken;
}
