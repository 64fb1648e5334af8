import { formatUnits } from '@latchkey/core';

/**
 * A token amount as the modal shows it (spec section 9: at most 6 decimals, '<0.000001' for a
 * tiny non-zero amount), with digits, decimal separator and grouping of `locale` through
 * `Intl.NumberFormat` (issue 14, item 12), then the symbol: `formatTokenAmount(1234500000000000000000n,
 * 18, 'ETH', 'de')` is `'1.234,5 ETH'`. Exact: the decimal string goes to `Intl.NumberFormat`
 * as a string, never through a float.
 *
 * @param wei the amount in the token's smallest unit (wei for ETH).
 * @param decimals the token's decimals (18 for ETH).
 * @param locale a BCP 47 tag (`config.intl.locale`).
 */
export function formatTokenAmount(
  wei: bigint,
  decimals: number,
  symbol: string,
  locale: string,
): string {
  const decimal = formatUnits(wei, decimals);
  const tiny = decimal.startsWith('<');
  const digits = (tiny ? decimal.slice(1) : decimal) as Intl.StringNumericLiteral;
  const formatted = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(digits);
  return `${tiny ? '<' : ''}${formatted} ${symbol}`;
}
