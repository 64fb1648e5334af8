import { describe, expect, it } from 'vitest';
import { APP_ID, jwt } from '../test/fakes.ts';
import { audienceMatches, decodeJwtPayload, isExpiring } from './jwt.ts';

describe('decodeJwtPayload', () => {
  it('reads the claims of a base64url payload, UTF-8 included', () => {
    expect(decodeJwtPayload(jwt({ aud: APP_ID, exp: 100, name: 'Zoë ✓' }))).toEqual({
      aud: APP_ID,
      exp: 100,
      name: 'Zoë ✓',
    });
  });
  it.each(['', 'abc', 'a.!!!.c', `a.${Buffer.from('"str"').toString('base64url')}.c`])(
    'answers null for %j',
    (token) => {
      expect(decodeJwtPayload(token)).toBeNull();
    },
  );
});

describe('audienceMatches', () => {
  it('matches a string or an array audience, not a missing one', () => {
    expect(audienceMatches({ aud: APP_ID }, APP_ID)).toBe(true);
    expect(audienceMatches({ aud: ['x', APP_ID] }, APP_ID)).toBe(true);
    expect(audienceMatches({ aud: 'other' }, APP_ID)).toBe(false);
    expect(audienceMatches({}, APP_ID)).toBe(false);
  });
});

describe('isExpiring', () => {
  it('is true within the margin and without exp', () => {
    const now = 1_000_000_000;
    expect(isExpiring({ exp: now / 1000 + 61 }, now, 60)).toBe(false);
    expect(isExpiring({ exp: now / 1000 + 60 }, now, 60)).toBe(true);
    expect(isExpiring({ exp: now / 1000 - 1 }, now, 60)).toBe(true);
    expect(isExpiring({}, now, 60)).toBe(true);
  });
});
