import { describe, expect, it } from 'vitest';
import { formatTokenAmount } from './format.ts';

describe('formatTokenAmount (issue 14, item 12: numbers through Intl)', () => {
  const ETH = 10n ** 18n;
  it.each([
    ['en', 1234n * ETH + ETH / 2n, '1,234.5 ETH'],
    ['de', 1234n * ETH + ETH / 2n, '1.234,5 ETH'],
    ['fr', ETH / 4n, '0,25 ETH'],
    ['ja', 0n, '0 ETH'],
    ['en', 1n, '<0.000001 ETH'],
    ['de', 1n, '<0,000001 ETH'],
  ])('%s: %s wei -> %s', (locale, wei, expected) => {
    // French groups with a narrow no-break space; compare with plain spaces.
    expect(formatTokenAmount(wei, 18, 'ETH', locale).replace(/\s/g, ' ')).toBe(expected);
  });

  it('keeps 6 decimals of an amount no float can hold', () => {
    expect(formatTokenAmount(123456789012345678901234567n, 18, 'ETH', 'en')).toBe(
      '123,456,789.012345 ETH',
    );
  });
});
