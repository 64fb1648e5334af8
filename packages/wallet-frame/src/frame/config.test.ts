import { describe, expect, it } from 'vitest';
import { parentOriginOf, parseFrameConfig, readFrameConfig } from './config.ts';

const ALLOWED = ['https://app.example'];

describe('frame config', () => {
  it('reads the meta tag', () => {
    const doc = {
      querySelector: () => ({
        getAttribute: () =>
          JSON.stringify({
            appId: 'app',
            apiUrl: 'https://api.example/',
            allowedOrigins: ALLOWED,
            mode: 'export',
          }),
      }),
    } as unknown as Document;
    expect(readFrameConfig(doc)).toEqual({
      appId: 'app',
      apiUrl: 'https://api.example',
      allowedOrigins: ALLOWED,
      mode: 'export',
    });
  });

  it('rejects malformed configs', () => {
    expect(() => parseFrameConfig({ apiUrl: 'https://a', allowedOrigins: [] })).toThrow();
    expect(() => parseFrameConfig({ appId: 'a', apiUrl: 'nope', allowedOrigins: [] })).toThrow();
    expect(() =>
      parseFrameConfig({ appId: 'a', apiUrl: 'https://a', allowedOrigins: 'https://a' }),
    ).toThrow();
    expect(() =>
      parseFrameConfig({ appId: 'a', apiUrl: 'https://a', allowedOrigins: [], mode: 'x' }),
    ).toThrow();
  });

  it('finds the parent origin from ancestorOrigins, else the referrer, only when allowed', () => {
    const win = (ancestors?: string[]) => ({
      location: { ancestorOrigins: ancestors as unknown as { length: number } | undefined },
    });
    expect(parentOriginOf(win(['https://app.example']), { referrer: '' }, ALLOWED)).toBe(
      'https://app.example',
    );
    expect(
      parentOriginOf(win(['https://evil.example']), { referrer: 'https://app.example/' }, ALLOWED),
    ).toBeNull();
    expect(parentOriginOf(win(), { referrer: 'https://app.example/page?x=1' }, ALLOWED)).toBe(
      'https://app.example',
    );
    expect(parentOriginOf(win([]), { referrer: 'https://evil.example/' }, ALLOWED)).toBeNull();
    expect(parentOriginOf(win(), { referrer: '' }, ALLOWED)).toBeNull();
  });
});
