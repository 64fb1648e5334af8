import { describe, expect, it } from 'vitest';
import { METHOD_CONFIGS } from '../methods/links.ts';
import { resolveMethodConfigs } from './methodConfig.ts';
import { resolveConfig } from './resolveConfig.ts';

describe("METHOD_CONFIGS: the methods' slices of the config (issue 11)", () => {
  it("merges every method's resolved fields into ResolvedConfig", () => {
    const resolved = resolveConfig('app', undefined, null);
    for (const method of METHOD_CONFIGS) {
      const own = method.resolve(undefined, null);
      expect(Object.keys(own).length).toBeGreaterThan(0);
      expect(resolved).toMatchObject(own);
      expect(resolveMethodConfigs(undefined, null)).toMatchObject(own);
    }
  });

  it('reads client config over the server app config (OAuth: Twitter on mobile)', () => {
    expect(resolveConfig('app', undefined, null).twitterOAuthOnMobileEnabled).toBe(false);
    expect(
      resolveConfig('app', undefined, { twitter_oauth_on_mobile_enabled: true })
        .twitterOAuthOnMobileEnabled,
    ).toBe(true);
    expect(
      resolveConfig(
        'app',
        { loginConfig: { twitterOAuthOnMobileEnabled: false } },
        { twitter_oauth_on_mobile_enabled: true },
      ).twitterOAuthOnMobileEnabled,
    ).toBe(false);
  });
});
