/**
 * The app config's login-method flags come from the contract registry (issue 11): every flag of
 * `LOGIN_METHOD_FLAGS` is a boolean field of `serverAppConfig`, `adminAppConfig` and
 * `adminAppUpdate`, and the inferred types keep their literal keys.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AdminAppConfig,
  type AdminAppUpdate,
  adminAppConfig,
  adminAppUpdate,
  LOGIN_METHOD_FLAGS,
  type LoginMethodFlagName,
  loginMethodFlagFields,
  type ServerAppConfig,
  serverAppConfig,
} from './index.ts';

/** The flag fields as they were listed by hand before issue 11. */
interface MethodFlags {
  wallet_auth: boolean;
  email_auth: boolean;
  sms_auth: boolean;
  google_oauth: boolean;
  twitter_oauth: boolean;
  discord_oauth: boolean;
  github_oauth: boolean;
  spotify_oauth: boolean;
  instagram_oauth: boolean;
  tiktok_oauth: boolean;
  linkedin_oauth: boolean;
  apple_oauth: boolean;
  farcaster_auth: boolean;
  passkey_auth: boolean;
  telegram_auth: boolean;
}

describe('login-method flags of the app config', () => {
  it('keep their literal keys and boolean types', () => {
    expectTypeOf<LoginMethodFlagName>().toEqualTypeOf<keyof MethodFlags>();
    expectTypeOf<Pick<ServerAppConfig, LoginMethodFlagName>>().toEqualTypeOf<MethodFlags>();
    expectTypeOf<Pick<AdminAppConfig, LoginMethodFlagName>>().toEqualTypeOf<MethodFlags>();
    expectTypeOf<Pick<AdminAppUpdate, LoginMethodFlagName>>().toEqualTypeOf<Partial<MethodFlags>>();
  });

  it('are a boolean field for every flag of LOGIN_METHOD_FLAGS', () => {
    const flags = LOGIN_METHOD_FLAGS.map(({ flag }) => flag);
    expect(Object.keys(loginMethodFlagFields())).toEqual(flags);
    for (const flag of flags) {
      expect(Object.keys(serverAppConfig.shape)).toContain(flag);
      expect(Object.keys(adminAppConfig.shape)).toContain(flag);
      expect(adminAppUpdate.safeParse({ [flag]: true }).success).toBe(true);
      expect(adminAppUpdate.safeParse({ [flag]: 'yes' }).success).toBe(false);
    }
  });
});
