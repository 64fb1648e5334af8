import { describe, expect, it } from 'vitest';
import { isInAppBrowser, walletClickAllowed } from './inAppBrowser.ts';

describe('in-app browser rule (spec section 5)', () => {
  it.each([
    'Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]',
    'Mozilla/5.0 Instagram 300.0',
    'Mozilla/5.0 Snapchat/12',
    'Mozilla/5.0 LinkedInApp',
    'Mozilla/5.0 React Native',
  ])('detects %s', (ua) => {
    expect(isInAppBrowser(ua)).toBe(true);
    expect(walletClickAllowed({ userAgent: ua, isTrusted: false })).toBe(false);
    expect(walletClickAllowed({ userAgent: ua, isTrusted: true })).toBe(true);
  });

  it('lets every click through in an ordinary browser', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130 Safari/537.36';
    expect(isInAppBrowser(chrome)).toBe(false);
    expect(walletClickAllowed({ userAgent: chrome, isTrusted: false })).toBe(true);
  });
});
