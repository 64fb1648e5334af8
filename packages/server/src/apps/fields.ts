/**
 * The app field table (issue 11): every field of an app's config is named here once, with its
 * wire name, its `apps` column, its kind, who sees it and its default. The public config
 * (`GET /api/v1/apps/{appId}`, spec section 3), the admin view and the settings update
 * (`adminAppUpdate`: admin API, `latchkey apps set`, dev seeding) all loop over
 * {@link APP_FIELDS}; the login methods' flags come from `LOGIN_METHOD_FLAGS` of
 * `@latchkey/api`, so a new method's flag needs no line here.
 */
import {
  adminAppConfig,
  LOGIN_METHOD_FLAGS,
  LOGIN_METHOD_SETTING_FLAGS,
  LOGIN_METHOD_SETTING_OBJECTS,
} from '@latchkey/api';
import type { AppRow } from '../db/schema.ts';
import { walletPolicyOf } from '../wallets/policy.ts';

/** How a field's value is stored and shown. */
export type AppFieldKind =
  /** Nullable text (URLs, colours, ids, keys). */
  | 'text'
  /** Boolean, `false` by default. */
  | 'flag'
  /** One of a fixed set of strings. */
  | 'enum'
  /** Array of strings. */
  | 'list'
  /** Nullable JSON object. */
  | 'json'
  /** Nullable integer. */
  | 'integer'
  /** Timestamp column, answered as seconds since the epoch. */
  | 'timestamp'
  /** Not a column of its own: computed when the config is answered. */
  | 'computed';

/**
 * Who sees a field: `public` ones are in the server app config (and the admin view),
 * `admin` ones only in the admin view, `secret` ones are written but never answered.
 */
export type AppFieldView = 'public' | 'admin' | 'secret';

/** What a computed field may read besides the row. */
export interface AppFieldExtras {
  /** SPKI PEM of the app's current signing key. */
  verificationKey: string;
  /** Users the app has now (admin view only). */
  userCount?: number;
}

/** One field of an app's config. */
export interface AppField {
  /** snake_case wire name; a nested field is `<group>.<field>` (`allowlist_config.cta_text`). */
  readonly wire: string;
  /** The `apps` column it is stored in (absent for a computed field). */
  readonly column?: keyof AppRow;
  readonly kind: AppFieldKind;
  readonly view: AppFieldView;
  /** Whether the settings update (`adminAppUpdate`) may change it. */
  readonly writable: boolean;
  /** A list whose duplicates an update drops (`allowed_origins`, `mfa_methods`). */
  readonly unique?: boolean;
  /** Answered when the stored value is null or undefined (also the column's default). */
  readonly default?: unknown;
  /** Reads the answered value; default: the column's value, else {@link AppField.default}. */
  readonly read?: (app: AppRow, extras: AppFieldExtras) => unknown;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** `email_auth` -> `emailAuth`: a flag's column, by the schema's naming rule. */
const camelCase = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const text = (wire: string, column: keyof AppRow, view: AppFieldView = 'public'): AppField => ({
  wire,
  column,
  kind: 'text',
  view,
  writable: true,
  default: null,
});
const flag = (wire: string, column: keyof AppRow, view: AppFieldView = 'public'): AppField => ({
  wire,
  column,
  kind: 'flag',
  view,
  writable: true,
  default: false,
});

/** Fields other than the login methods' flags, in no particular order (see {@link APP_FIELDS}). */
const OTHER_FIELDS: readonly AppField[] = [
  { wire: 'id', column: 'id', kind: 'text', view: 'public', writable: false },
  { wire: 'name', column: 'name', kind: 'text', view: 'public', writable: true },
  {
    wire: 'verification_key',
    kind: 'computed',
    view: 'public',
    writable: false,
    read: (_, extras) => extras.verificationKey,
  },
  text('logo_url', 'logoUrl'),
  text('accent_color', 'accentColor'),
  flag('show_wallet_login_first', 'showWalletLoginFirst'),
  text('allowlist_config.error_title', 'allowlistErrorTitle'),
  text('allowlist_config.error_detail', 'allowlistErrorDetail'),
  text('allowlist_config.cta_text', 'allowlistCtaText'),
  text('allowlist_config.cta_link', 'allowlistCtaLink'),
  text('terms_and_conditions_url', 'termsAndConditionsUrl'),
  text('privacy_policy_url', 'privacyPolicyUrl'),
  flag('require_users_accept_terms', 'requireUsersAcceptTerms'),
  {
    wire: 'embedded_wallet_config.create_on_login',
    column: 'createOnLogin',
    kind: 'enum',
    view: 'public',
    writable: true,
    default: 'off',
  },
  {
    wire: 'embedded_wallet_config.user_owned_recovery_options',
    column: 'userOwnedRecoveryOptions',
    kind: 'list',
    view: 'public',
    writable: true,
    default: [],
  },
  flag(
    'embedded_wallet_config.require_user_owned_recovery_on_create',
    'requireUserOwnedRecoveryOnCreate',
  ),
  text('custom_api_url', 'customApiUrl'),
  text('wallet_connect_cloud_project_id', 'walletConnectCloudProjectId'),
  flag('fiat_on_ramp_enabled', 'fiatOnRampEnabled'),
  flag('captcha_enabled', 'captchaEnabled'),
  text('captcha_site_key', 'captchaSiteKey'),
  text('captcha_secret_key', 'captchaSecretKey', 'secret'),
  {
    wire: 'mfa_methods',
    column: 'mfaMethods',
    kind: 'list',
    view: 'public',
    writable: true,
    unique: true,
    default: [],
  },
  flag('enforce_wallet_uis', 'enforceWalletUis'),
  flag('legacy_wallet_ui_config', 'legacyWalletUiConfig'),
  {
    wire: 'created_at',
    column: 'createdAt',
    kind: 'timestamp',
    view: 'public',
    writable: false,
    read: (app) => seconds(app.createdAt),
  },
  {
    wire: 'updated_at',
    column: 'updatedAt',
    kind: 'timestamp',
    view: 'public',
    writable: false,
    read: (app) => seconds(app.updatedAt),
  },
  {
    wire: 'allowed_origins',
    column: 'allowedOrigins',
    kind: 'list',
    view: 'admin',
    writable: true,
    unique: true,
    default: [],
  },
  flag('allowlist_enabled', 'allowlistEnabled', 'admin'),
  {
    wire: 'max_users',
    column: 'maxUsers',
    kind: 'integer',
    view: 'admin',
    writable: true,
    default: null,
  },
  flag('disable_signups', 'disableSignups', 'admin'),
  {
    wire: 'captcha_secret_key_set',
    kind: 'computed',
    view: 'admin',
    writable: false,
    read: (app) => Boolean(app.captchaSecretKey),
  },
  {
    wire: 'user_count',
    kind: 'computed',
    view: 'admin',
    writable: false,
    read: (_, extras) => extras.userCount ?? 0,
  },
  {
    wire: 'wallet_policy',
    column: 'walletPolicy',
    kind: 'json',
    view: 'admin',
    writable: true,
    default: null,
    read: (app) => walletPolicyOf(app),
  },
];

/**
 * The login methods' flags (`email_auth`, `google_oauth`, ...) and further boolean settings
 * (`twitter_oauth_on_mobile_enabled`), from the contract registry.
 */
const METHOD_FLAG_FIELDS: readonly AppField[] = [
  ...LOGIN_METHOD_FLAGS.map(({ flag }) => flag),
  ...LOGIN_METHOD_SETTING_FLAGS,
].map((wire) => flag(wire, camelCase(wire) as keyof AppRow));

/** The login methods' JSON-object settings (`telegram_auth_config`), from the contract registry. */
const METHOD_OBJECT_FIELDS: readonly AppField[] = LOGIN_METHOD_SETTING_OBJECTS.map((wire) => ({
  wire,
  column: camelCase(wire) as keyof AppRow,
  kind: 'json',
  view: 'public',
  writable: true,
  default: null,
}));

/** Top-level key of a wire name (`allowlist_config.cta_text` -> `allowlist_config`). */
export const topKeyOf = (wire: string): string => wire.split('.')[0]!;

/** Wire order: the key order of `adminAppConfig` (the spec's order), then write-only fields. */
const WIRE_ORDER = Object.keys(adminAppConfig.shape);
const rank = (field: AppField) => {
  const i = WIRE_ORDER.indexOf(topKeyOf(field.wire));
  return i < 0 ? WIRE_ORDER.length : i;
};

/**
 * Every field of an app's config, each once, in the wire order (answers keep the spec's key
 * order). Tests check it against `serverAppConfig`, `adminAppConfig` and `adminAppUpdate`.
 */
export const APP_FIELDS: readonly AppField[] = [
  ...OTHER_FIELDS,
  ...METHOD_FLAG_FIELDS,
  ...METHOD_OBJECT_FIELDS,
]
  .map((field, index) => ({ field, index }))
  .sort((a, b) => rank(a.field) - rank(b.field) || a.index - b.index)
  .map(({ field }) => field);

/** The answered value of `field` for `app`. */
function readField(field: AppField, app: AppRow, extras: AppFieldExtras): unknown {
  if (field.read) return field.read(app, extras);
  const value = field.column === undefined ? undefined : app[field.column];
  return value ?? field.default ?? null;
}

/**
 * The fields of `app` the given views see, as a wire object (nested groups built from dotted
 * names), in {@link APP_FIELDS} order.
 */
export function readAppFields(
  app: AppRow,
  views: readonly AppFieldView[],
  extras: AppFieldExtras,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    if (!views.includes(field.view)) continue;
    setPath(out, field.wire, readField(field, app, extras));
  }
  return out;
}

/** The value at dotted `wire` in a (parsed) wire object, or undefined. */
export function getPath(object: Record<string, unknown>, wire: string): unknown {
  let value: unknown = object;
  for (const part of wire.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function setPath(object: Record<string, unknown>, wire: string, value: unknown): void {
  const parts = wire.split('.');
  let target = object;
  for (const part of parts.slice(0, -1)) {
    target[part] ??= {};
    target = target[part] as Record<string, unknown>;
  }
  target[parts.at(-1)!] = value;
}
