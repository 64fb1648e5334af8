/**
 * The admin API and the `latchkey` command line share these shapes (issue 6): every server
 * config field of spec section 3 plus the server-only settings (allowed origins, allowlist,
 * user limit, sign-up switch, captcha secret). snake_case, like `serverAppConfig`.
 *
 * Auth: HTTP Basic with the app id and the app secret (`latchkey apps create` prints it once;
 * `latchkey apps rotate-secret` makes a new one). A wrong or missing secret answers 401
 * `invalid_app_secret`.
 */
import * as z from 'zod';
import {
  CREATE_ON_LOGIN,
  loginMethodFlagFields,
  serverAppConfig,
  USER_OWNED_RECOVERY_OPTIONS,
} from './app-config.ts';
import { MFA_METHODS } from './mfa.ts';
import { OAUTH_PROVIDERS } from './oauth-providers.ts';
import { WALLET_POLICY_OFF, walletPolicy, walletPolicyInput } from './wallet-policy.ts';

/** Kinds of allowlist entries: exact email, phone (E.164), wallet address, or email domain. */
export const ALLOWLIST_ENTRY_TYPES = ['email', 'phone', 'wallet', 'email_domain'] as const;
export type AllowlistEntryType = (typeof ALLOWLIST_ENTRY_TYPES)[number];

const url = z.string().url().max(2048);
const origin = z
  .string()
  .url()
  .refine((v) => {
    try {
      return new URL(v).origin === v.replace(/\/$/, '');
    } catch {
      return false; // Not a URL (z.string().url() reports it; refinements still run).
    }
  }, 'Must be an origin: scheme://host[:port]')
  .transform((v) => new URL(v).origin);

/**
 * `PATCH /api/v1/admin/apps/{appId}` (and `latchkey apps set`): any subset of the settings.
 * `null` clears an optional field. Unknown fields are refused (400 `invalid_data`).
 */
export const adminAppUpdate = z
  .object({
    name: z.string().trim().min(1).max(200),
    logo_url: url.nullable(),
    accent_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'A hex colour like #1f6feb')
      .nullable(),
    show_wallet_login_first: z.boolean(),
    allowlist_config: z
      .object({
        error_title: z.string().max(200).nullable(),
        error_detail: z.string().max(500).nullable(),
        cta_text: z.string().max(100).nullable(),
        cta_link: url.nullable(),
      })
      .partial()
      .strict(),
    ...loginMethodFlagFields(),
    telegram_auth_config: z
      .object({
        bot_id: z.string().min(1),
        bot_name: z.string().min(1),
        link_enabled: z.boolean(),
        seamless_auth_enabled: z.boolean(),
      })
      .strict()
      .nullable(),
    terms_and_conditions_url: url.nullable(),
    privacy_policy_url: url.nullable(),
    require_users_accept_terms: z.boolean(),
    embedded_wallet_config: z
      .object({
        create_on_login: z.enum(CREATE_ON_LOGIN),
        user_owned_recovery_options: z.array(z.enum(USER_OWNED_RECOVERY_OPTIONS)),
        require_user_owned_recovery_on_create: z.boolean(),
      })
      .partial()
      .strict(),
    custom_api_url: url.nullable(),
    wallet_connect_cloud_project_id: z.string().max(200).nullable(),
    fiat_on_ramp_enabled: z.boolean(),
    captcha_enabled: z.boolean(),
    /** `t:<Turnstile site key>` or `a:` (ALTCHA); see `parseCaptchaSiteKey`. */
    captcha_site_key: z
      .string()
      .regex(/^(t:.+|a:.*)$/, 'Unsupported captcha site key')
      .nullable(),
    /** Turnstile secret key (server-only; never answered back, see `captcha_secret_key_set`). */
    captcha_secret_key: z.string().min(1).max(500).nullable(),
    twitter_oauth_on_mobile_enabled: z.boolean(),
    mfa_methods: z.array(z.enum(MFA_METHODS)),
    enforce_wallet_uis: z.boolean(),
    legacy_wallet_ui_config: z.boolean(),
    /** Origins allowed to call the API for this app (CORS) and to frame the wallet. */
    allowed_origins: z.array(origin),
    /** When true, only users matching an allowlist entry may log in (`allowlist_rejected`). */
    allowlist_enabled: z.boolean(),
    /** Most users the app may have; null for no limit (`max_accounts_reached`). */
    max_users: z.number().int().min(0).nullable(),
    /** When true, only existing users may log in; new ones get `user_does_not_exist`. */
    disable_signups: z.boolean(),
    /**
     * The wallet policy for no-prompt signing (issue 24 item 3; wallet-policy.ts). Replaces the
     * stored policy whole (omitted fields take the 'off' values); null clears it (no-prompt off).
     */
    wallet_policy: walletPolicyInput.transform((v) => ({ ...WALLET_POLICY_OFF, ...v })).nullable(),
  })
  .partial()
  .strict();
export type AdminAppUpdate = z.input<typeof adminAppUpdate>;

/** `GET`/`PATCH /api/v1/admin/apps/{appId}`: the public config plus the server-only settings. */
export const adminAppConfig = serverAppConfig.extend({
  allowed_origins: z.array(z.string()),
  allowlist_enabled: z.boolean(),
  max_users: z.number().int().nullable(),
  disable_signups: z.boolean(),
  /** Whether a Turnstile secret key is stored (the key itself is never answered). */
  captcha_secret_key_set: z.boolean(),
  /** Users the app has now. */
  user_count: z.number().int(),
  /** The wallet policy (issue 24 item 3); null: none, no-prompt signing is off. */
  wallet_policy: walletPolicy.nullable(),
});
export type AdminAppConfig = z.infer<typeof adminAppConfig>;

/** One allowlist entry. `value` is normalised: lower-cased email/domain, E.164, EIP-55 address. */
export const allowlistEntry = z.object({
  type: z.enum(ALLOWLIST_ENTRY_TYPES),
  value: z.string().trim().min(1).max(320),
});
export type AllowlistEntry = z.input<typeof allowlistEntry>;

/** `GET /api/v1/admin/apps/{appId}/allowlist`. */
export const allowlistResponse = z.object({
  entries: z.array(
    z.object({
      type: z.enum(ALLOWLIST_ENTRY_TYPES),
      value: z.string(),
      /** Seconds since the epoch. */
      created_at: z.number().int(),
    }),
  ),
});
export type AllowlistResponse = z.infer<typeof allowlistResponse>;

/**
 * `POST .../allowlist` `{type, value}` adds an entry (idempotent); `DELETE .../allowlist`
 * with the same body removes it. Both answer the whole list ({@link allowlistResponse}).
 */
export const allowlistChangeRequest = allowlistEntry;

/**
 * `PUT /api/v1/admin/apps/{appId}/oauth/{provider}`: the app's OAuth client at a provider.
 * `issuer` points at an OpenID provider to discover instead of the provider's built-in endpoints.
 */
export const adminOAuthProviderRequest = z
  .object({
    client_id: z.string().min(1).max(500),
    client_secret: z.string().min(1).max(2000),
    issuer: url.optional(),
  })
  .strict();
export type AdminOAuthProviderRequest = z.input<typeof adminOAuthProviderRequest>;

/** Providers the admin OAuth route accepts (the social providers of spec section 1). */
export const ADMIN_OAUTH_PROVIDERS = OAUTH_PROVIDERS;
