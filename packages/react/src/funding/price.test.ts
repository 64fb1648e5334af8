import { describe, expect, it, vi } from 'vitest';
import { fetchTokenPrice, formatUsd, usdValue } from './price.ts';

describe('formatUsd (spec section 9: 2 decimals, <$0.01)', () => {
  it('rounds to cents, marks tiny amounts, and follows the locale', () => {
    expect(formatUsd(1234.5, 'en')).toBe('$1,234.50');
    expect(formatUsd(0.004, 'en')).toBe('<$0.01');
    expect(formatUsd(0.0099, 'en')).toBe('<$0.01');
    expect(formatUsd(0.01, 'en')).toBe('$0.01');
    expect(formatUsd(0, 'en')).toBe('$0.00');
    expect(formatUsd(1234.5, 'de').replace(/\s/g, ' ')).toBe('1.234,50 $');
  });

  it('usdValue converts the smallest unit at the price', () => {
    expect(usdValue(10n ** 18n, 18, 2000)).toBe(2000);
    expect(usdValue(1_500_000n, 6, 1)).toBeCloseTo(1.5, 12);
  });
});

describe('fetchTokenPrice', () => {
  it('asks GET /api/v1/token_price with the chain and symbol and refuses a non-positive answer', async () => {
    const request = vi.fn(async () => ({ usd: 3012.5 }));
    await expect(fetchTokenPrice(request as never, 8453, 'ETH')).resolves.toBe(3012.5);
    expect(request).toHaveBeenCalledWith({
      method: 'GET',
      path: '/api/v1/token_price?chainId=8453&tokenSymbol=ETH',
    });
    const zero = vi.fn(async () => ({ usd: 0 }));
    await expect(fetchTokenPrice(zero as never, 1, 'ETH')).rejects.toThrow('No price');
  });
});
