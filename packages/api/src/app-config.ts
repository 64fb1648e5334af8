import * as z from 'zod';
import { MFA_METHODS } from './mfa.ts';
import { LOGIN_METHOD_FLAGS, type LoginMethodFlagName } from './methods/index.ts';

/** `embedded_wallet_config.create_on_login` values (spec section 3, issue 3). */
export const CREATE_ON_LOGIN = ['off', 'users-without-wallets', 'all-users'] as const;
/** Recovery methods a user may own (spec section 3). */
export const USER_OWNED_RECOVERY_OPTIONS = ['user-passcode', 'google-drive', 'icloud'] as const;

/**
 * One boolean field per login-method flag of the contract registry (`LOGIN_METHOD_FLAGS`:
 * `email_auth`, `google_oauth`, ..., spec section 3), in the registry's order: the flags of
 * {@link serverAppConfig} and of the admin update, so a new method's flag needs no line here.
 * @returns a fresh zod shape, `{[flag]: z.boolean()}`.
 */
export function loginMethodFlagFields(): { [Flag in LoginMethodFlagName]: z.ZodBoolean } {
  return Object.fromEntries(LOGIN_METHOD_FLAGS.map(({ flag }) => [flag, z.boolean()])) as {
    [Flag in LoginMethodFlagName]: z.ZodBoolean;
  };
}

/**
 * The server app config, as `GET /api/v1/apps/{appId}` answers it (spec section 3,
 * "Server app config"). snake_case on the wire; timestamps in seconds.
 * Social login flags are named `<provider>_oauth`, like the other `*_auth` flags.
 */
export const serverAppConfig = z.object({
  id: z.string(),
  name: z.string(),
  /** PEM (SPKI) of the ES256 key that signs this app's access tokens. */
  verification_key: z.string(),
  logo_url: z.string().nullable(),
  accent_color: z.string().nullable(),
  show_wallet_login_first: z.boolean(),
  allowlist_config: z.object({
    error_title: z.string().nullable(),
    error_detail: z.string().nullable(),
    cta_text: z.string().nullable(),
    cta_link: z.string().nullable(),
  }),
  ...loginMethodFlagFields(),
  telegram_auth_config: z
    .object({
      bot_id: z.string(),
      bot_name: z.string(),
      link_enabled: z.boolean(),
      seamless_auth_enabled: z.boolean(),
    })
    .nullable(),
  terms_and_conditions_url: z.string().nullable(),
  privacy_policy_url: z.string().nullable(),
  require_users_accept_terms: z.boolean(),
  embedded_wallet_config: z.object({
    create_on_login: z.enum(CREATE_ON_LOGIN),
    user_owned_recovery_options: z.array(z.enum(USER_OWNED_RECOVERY_OPTIONS)),
    require_user_owned_recovery_on_create: z.boolean(),
  }),
  custom_api_url: z.string().nullable(),
  wallet_connect_cloud_project_id: z.string().nullable(),
  fiat_on_ramp_enabled: z.boolean(),
  captcha_enabled: z.boolean(),
  captcha_site_key: z.string().nullable(),
  twitter_oauth_on_mobile_enabled: z.boolean(),
  mfa_methods: z.array(z.enum(MFA_METHODS)),
  enforce_wallet_uis: z.boolean(),
  legacy_wallet_ui_config: z.boolean(),
  /** Seconds since the epoch. */
  created_at: z.number().int(),
  /** Seconds since the epoch. */
  updated_at: z.number().int(),
});
export type ServerAppConfig = z.infer<typeof serverAppConfig>;

/** A JSON Web Key Set (RFC 7517) as served at `/api/v1/apps/{appId}/jwks.json`. */
export const jwks = z.object({
  keys: z.array(z.record(z.string(), z.unknown())),
});
export type Jwks = z.infer<typeof jwks>;
