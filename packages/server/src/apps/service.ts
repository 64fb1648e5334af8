/**
 * Apps: creating them (with their signing key) and answering their server config
 * (spec section 3, "Server app config").
 */
import { timingSafeEqual } from 'node:crypto';
import {
  type AdminAppConfig,
  type AdminAppUpdate,
  ALLOWLIST_ENTRY_TYPES,
  APP_ID_LENGTH,
  type AllowlistEntryType,
  type AllowlistResponse,
  adminAppUpdate,
  allowlistEntry,
  isEmailAddress,
  type ServerAppConfig,
} from '@latchkey/api';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { exportSPKI, importJWK, type JWK } from 'jose';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { getAddress } from 'viem';
import { deriveServerKeys, randomId, randomToken, sha256Hex } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import {
  allowlistEntries,
  type AppRow,
  appSigningKeys,
  apps,
  type NewAppRow,
  users,
} from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { DEFAULT_PHONE_COUNTRY } from '../methods/sms/phone.ts';
import { createSigningKey } from './keys.ts';
import { walletPolicyOf } from '../wallets/policy.ts';

/** Settings of a new app: a name, optionally an id (25 characters) and any config column. */
export type CreateAppInput = Omit<NewAppRow, 'id' | 'createdAt' | 'updatedAt'> & { id?: string };

/**
 * Creates an app and its ES256 signing keypair.
 *
 * @param db the Drizzle handle.
 * @param secret the server secret (>= 32 characters) that encrypts the private key at rest.
 * @param input `{ name, id?, ...settings }`; `id` defaults to 25 random lower-case characters.
 * @returns the stored app row.
 * @throws Error when `id` is not 25 characters, the secret is too short, or the id exists.
 */
export async function createAppRecord(
  db: Db,
  secret: string,
  input: CreateAppInput,
): Promise<AppRow> {
  const keys = deriveServerKeys(secret);
  const id = input.id ?? randomId(APP_ID_LENGTH);
  if (id.length !== APP_ID_LENGTH) throw new Error(`App ids are ${APP_ID_LENGTH} characters`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apps)
      .values({ ...input, id })
      .returning();
    await createSigningKey(tx as unknown as Db, keys.keyEncryptionKey, id);
    return row!;
  });
}

/**
 * Creates the app `input.id` if it does not exist, else updates its settings to `input`
 * (used to seed the development app on every start). Adds a signing key if it has none.
 *
 * @returns the app row as stored after the call.
 */
export async function ensureApp(
  db: Db,
  secret: string,
  input: CreateAppInput & { id: string },
): Promise<AppRow> {
  const [existing] = await db.select().from(apps).where(eq(apps.id, input.id));
  if (!existing) return createAppRecord(db, secret, input);
  const { id, ...settings } = input;
  const [row] = await db
    .update(apps)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(apps.id, id))
    .returning();
  const [key] = await db
    .select({ kid: appSigningKeys.kid })
    .from(appSigningKeys)
    .where(eq(appSigningKeys.appId, id))
    .limit(1);
  if (!key) await createSigningKey(db, deriveServerKeys(secret).keyEncryptionKey, id);
  return row!;
}

/** Loads an app by id, or undefined. */
export async function findApp(db: Db, id: string): Promise<AppRow | undefined> {
  if (id.length !== APP_ID_LENGTH) return undefined;
  const [row] = await db.select().from(apps).where(eq(apps.id, id));
  return row;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The wire form of an app's config (`serverAppConfig` in @latchkey/api, spec section 3).
 * @param verificationKey SPKI PEM of the app's current signing key.
 */
export function toServerAppConfig(app: AppRow, verificationKey: string): ServerAppConfig {
  return {
    id: app.id,
    name: app.name,
    verification_key: verificationKey,
    logo_url: app.logoUrl,
    accent_color: app.accentColor,
    show_wallet_login_first: app.showWalletLoginFirst,
    allowlist_config: {
      error_title: app.allowlistErrorTitle,
      error_detail: app.allowlistErrorDetail,
      cta_text: app.allowlistCtaText,
      cta_link: app.allowlistCtaLink,
    },
    wallet_auth: app.walletAuth,
    email_auth: app.emailAuth,
    sms_auth: app.smsAuth,
    google_oauth: app.googleOauth,
    twitter_oauth: app.twitterOauth,
    discord_oauth: app.discordOauth,
    github_oauth: app.githubOauth,
    spotify_oauth: app.spotifyOauth,
    instagram_oauth: app.instagramOauth,
    tiktok_oauth: app.tiktokOauth,
    linkedin_oauth: app.linkedinOauth,
    apple_oauth: app.appleOauth,
    farcaster_auth: app.farcasterAuth,
    passkey_auth: app.passkeyAuth,
    telegram_auth: app.telegramAuth,
    telegram_auth_config: app.telegramAuthConfig ?? null,
    terms_and_conditions_url: app.termsAndConditionsUrl,
    privacy_policy_url: app.privacyPolicyUrl,
    require_users_accept_terms: app.requireUsersAcceptTerms,
    embedded_wallet_config: {
      create_on_login: app.createOnLogin,
      user_owned_recovery_options: app.userOwnedRecoveryOptions,
      require_user_owned_recovery_on_create: app.requireUserOwnedRecoveryOnCreate,
    },
    custom_api_url: app.customApiUrl,
    wallet_connect_cloud_project_id: app.walletConnectCloudProjectId,
    fiat_on_ramp_enabled: app.fiatOnRampEnabled,
    captcha_enabled: app.captchaEnabled,
    captcha_site_key: app.captchaSiteKey,
    twitter_oauth_on_mobile_enabled: app.twitterOauthOnMobileEnabled,
    mfa_methods: app.mfaMethods,
    enforce_wallet_uis: app.enforceWalletUis,
    legacy_wallet_ui_config: app.legacyWalletUiConfig,
    created_at: seconds(app.createdAt),
    updated_at: seconds(app.updatedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// App configuration (issue 6): shared by the admin API, the `latchkey` command line and the
// dev seeding in main.ts, so all three run the same validation and mapping.

type AppColumns = Partial<Omit<NewAppRow, 'id' | 'createdAt'>>;

/** snake_case field of `adminAppUpdate` -> column of `apps` (flat fields only). */
const FLAT_COLUMNS = {
  name: 'name',
  logo_url: 'logoUrl',
  accent_color: 'accentColor',
  show_wallet_login_first: 'showWalletLoginFirst',
  wallet_auth: 'walletAuth',
  email_auth: 'emailAuth',
  sms_auth: 'smsAuth',
  google_oauth: 'googleOauth',
  twitter_oauth: 'twitterOauth',
  discord_oauth: 'discordOauth',
  github_oauth: 'githubOauth',
  spotify_oauth: 'spotifyOauth',
  instagram_oauth: 'instagramOauth',
  tiktok_oauth: 'tiktokOauth',
  linkedin_oauth: 'linkedinOauth',
  apple_oauth: 'appleOauth',
  farcaster_auth: 'farcasterAuth',
  passkey_auth: 'passkeyAuth',
  telegram_auth: 'telegramAuth',
  telegram_auth_config: 'telegramAuthConfig',
  terms_and_conditions_url: 'termsAndConditionsUrl',
  privacy_policy_url: 'privacyPolicyUrl',
  require_users_accept_terms: 'requireUsersAcceptTerms',
  custom_api_url: 'customApiUrl',
  wallet_connect_cloud_project_id: 'walletConnectCloudProjectId',
  fiat_on_ramp_enabled: 'fiatOnRampEnabled',
  captcha_enabled: 'captchaEnabled',
  captcha_site_key: 'captchaSiteKey',
  captcha_secret_key: 'captchaSecretKey',
  twitter_oauth_on_mobile_enabled: 'twitterOauthOnMobileEnabled',
  mfa_methods: 'mfaMethods',
  enforce_wallet_uis: 'enforceWalletUis',
  legacy_wallet_ui_config: 'legacyWalletUiConfig',
  allowed_origins: 'allowedOrigins',
  allowlist_enabled: 'allowlistEnabled',
  max_users: 'maxUsers',
  disable_signups: 'disableSignups',
  wallet_policy: 'walletPolicy',
} as const satisfies Partial<Record<keyof AdminAppUpdate, keyof AppColumns>>;

const ALLOWLIST_CONFIG_COLUMNS = {
  error_title: 'allowlistErrorTitle',
  error_detail: 'allowlistErrorDetail',
  cta_text: 'allowlistCtaText',
  cta_link: 'allowlistCtaLink',
} as const;

const EMBEDDED_WALLET_COLUMNS = {
  create_on_login: 'createOnLogin',
  user_owned_recovery_options: 'userOwnedRecoveryOptions',
  require_user_owned_recovery_on_create: 'requireUserOwnedRecoveryOnCreate',
} as const;

function invalid(message: string, issues?: { path: string; message: string }[]): ApiError {
  return new ApiError('invalid_data', message, issues ? { issues } : {});
}

/**
 * Validates a settings update (`adminAppUpdate` of @latchkey/api, snake_case) and maps it to
 * `apps` columns, nested `allowlist_config` / `embedded_wallet_config` partials included.
 *
 * @param update any value; unknown fields, wrong types, a bad origin or an unsupported captcha
 *   site key ('Unsupported captcha site key') are refused.
 * @returns the column values to set (only the fields present in `update`).
 * @throws ApiError `invalid_data` (400) whose message names every failing field
 *   (`"Invalid app settings: captcha_site_key: Unsupported captcha site key"`) and whose
 *   `issues` list them.
 */
export function appSettingsToColumns(update: unknown): AppColumns {
  const parsed = adminAppUpdate.safeParse(update);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const path = i.path.map(String).join('.');
      const keys = 'keys' in i && Array.isArray(i.keys) ? ` (${i.keys.join(', ')})` : '';
      return { path, message: `${i.message}${keys}` };
    });
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    throw invalid(`Invalid app settings: ${summary}`, issues);
  }
  const data = parsed.data;
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FLAT_COLUMNS)) {
    const value = (data as Record<string, unknown>)[field];
    if (value !== undefined) out[column] = value;
  }
  for (const [field, column] of Object.entries(ALLOWLIST_CONFIG_COLUMNS)) {
    const value = (data.allowlist_config as Record<string, unknown> | undefined)?.[field];
    if (value !== undefined) out[column] = value;
  }
  for (const [field, column] of Object.entries(EMBEDDED_WALLET_COLUMNS)) {
    const value = (data.embedded_wallet_config as Record<string, unknown> | undefined)?.[field];
    if (value !== undefined) out[column] = value;
  }
  if (Array.isArray(out.allowedOrigins)) out.allowedOrigins = [...new Set(out.allowedOrigins)];
  if (Array.isArray(out.mfaMethods)) out.mfaMethods = [...new Set(out.mfaMethods)];
  return out as AppColumns;
}

/**
 * Applies a settings update to an app (admin `PATCH`, `latchkey apps set`, dev seeding) and
 * bumps `updated_at`.
 *
 * @param update an `adminAppUpdate` object (snake_case, any subset; `null` clears).
 * @returns the app row as stored after the update.
 * @throws ApiError `invalid_data` (400) as {@link appSettingsToColumns}, or when the captcha
 *   would be enabled without a site key (or a Turnstile one without its secret key);
 *   `app_not_found` (404).
 */
export async function applyAppSettings(db: Db, appId: string, update: unknown): Promise<AppRow> {
  const columns = appSettingsToColumns(update);
  // Checked on the row as it would be stored (fields may come from earlier updates); a refused
  // update rolls back and changes nothing.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apps)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(apps.id, appId))
      .returning();
    if (!row) throw new ApiError('app_not_found', 'App not found');
    const problem = captchaSettingsProblem(row);
    if (problem) throw new ApiError('invalid_data', problem);
    return row;
  });
}

/**
 * Why the app's captcha settings cannot work, or null: an enabled captcha needs a site key
 * (`t:<Turnstile site key>` or `a:` for ALTCHA), and Turnstile needs its secret key too.
 * Without this check every logged-out login of the app would fail closed.
 */
function captchaSettingsProblem(
  app: Pick<AppRow, 'captchaEnabled' | 'captchaSiteKey' | 'captchaSecretKey'>,
): string | null {
  if (!app.captchaEnabled) return null;
  if (!app.captchaSiteKey) {
    return 'captcha_enabled needs a captcha_site_key (t:<Turnstile site key>, or a: for ALTCHA)';
  }
  if (app.captchaSiteKey.startsWith('t:') && !app.captchaSecretKey) {
    return 'A Turnstile captcha_site_key (t:...) needs captcha_secret_key';
  }
  return null;
}

/** How many users an app has now. */
export async function countAppUsers(db: Db, appId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.appId, appId));
  return Number(row?.n ?? 0);
}

/**
 * The admin view of an app (`adminAppConfig` of @latchkey/api): the public config plus the
 * server-only settings. Never contains the captcha secret or the app secret (only
 * `captcha_secret_key_set`).
 *
 * @param verificationKey SPKI PEM of the app's current signing key.
 * @param userCount users the app has now ({@link countAppUsers}).
 */
export function toAdminAppConfig(
  app: AppRow,
  verificationKey: string,
  userCount: number,
): AdminAppConfig {
  return {
    ...toServerAppConfig(app, verificationKey),
    allowed_origins: app.allowedOrigins,
    allowlist_enabled: app.allowlistEnabled,
    max_users: app.maxUsers,
    disable_signups: app.disableSignups,
    captcha_secret_key_set: Boolean(app.captchaSecretKey),
    user_count: userCount,
    wallet_policy: walletPolicyOf(app),
  };
}

/**
 * Stores `secret` as the app secret that guards the admin API (its SHA-256 hex; the plaintext
 * is not kept). Used by dev seeding with a known secret.
 *
 * @throws ApiError `app_not_found` (404); Error when `secret` is shorter than 16 characters.
 */
export async function setAppSecret(db: Db, appId: string, secret: string): Promise<void> {
  if (secret.length < 16) throw new Error('An app secret must be at least 16 characters');
  const rows = await db
    .update(apps)
    .set({ appSecretHash: sha256Hex(secret), updatedAt: new Date() })
    .where(eq(apps.id, appId))
    .returning({ id: apps.id });
  if (rows.length === 0) throw new ApiError('app_not_found', 'App not found');
}

/**
 * Issues a new app secret (32 random bytes, base64url, 43 characters), replacing any previous
 * one (which stops working at once).
 *
 * @returns the plaintext secret: shown once, only its SHA-256 hex is stored.
 * @throws ApiError `app_not_found` (404).
 */
export async function issueAppSecret(db: Db, appId: string): Promise<string> {
  const secret = randomToken(32);
  await setAppSecret(db, appId, secret);
  return secret;
}

/**
 * Checks a presented app secret against the stored hash in constant time.
 * @returns false when the app has no secret issued or `presented` does not match.
 */
export function verifyAppSecret(app: AppRow, presented: string): boolean {
  if (!app.appSecretHash) return false;
  const expected = Buffer.from(app.appSecretHash, 'hex');
  const actual = Buffer.from(sha256Hex(presented), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Normalises an allowlist entry: email lower-cased (and valid), email domain lower-cased without
 * a leading '@', phone in E.164 (libphonenumber-js, default country US), wallet checked with
 * viem's `getAddress` and stored lower-case.
 *
 * @param input `{type, value}` (validated with `allowlistEntry` of @latchkey/api).
 * @returns `{type, value}` with the normalised value.
 * @throws ApiError `invalid_data` (400) naming what is wrong ('Invalid email address', ...).
 */
export function normaliseAllowlistEntry(input: unknown): {
  type: AllowlistEntryType;
  value: string;
} {
  const parsed = allowlistEntry.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    throw invalid(
      `Invalid allowlist entry: give a type (${ALLOWLIST_ENTRY_TYPES.join(', ')}) and a value`,
      issues,
    );
  }
  const { type } = parsed.data;
  const raw = parsed.data.value.trim();
  const bad = (message: string) => invalid(message, [{ path: 'value', message }]);
  switch (type) {
    case 'email': {
      const value = raw.toLowerCase();
      if (!isEmailAddress(value)) throw bad(`Invalid email address: ${raw}`);
      return { type, value };
    }
    case 'email_domain': {
      const value = raw.replace(/^@/, '').toLowerCase();
      if (!isEmailAddress(`user@${value}`)) throw bad(`Invalid email domain: ${raw}`);
      return { type, value };
    }
    case 'phone': {
      const phone = parsePhoneNumberFromString(raw, DEFAULT_PHONE_COUNTRY);
      if (!phone || !phone.isValid()) throw bad(`Invalid phone number: ${raw}`);
      return { type, value: phone.number };
    }
    case 'wallet': {
      try {
        return { type, value: getAddress(raw).toLowerCase() };
      } catch {
        throw bad(`Invalid wallet address: ${raw}`);
      }
    }
  }
}

/** An app's allowlist, oldest first (`allowlistResponse` of @latchkey/api). */
export async function listAllowlist(db: Db, appId: string): Promise<AllowlistResponse> {
  const rows = await db
    .select()
    .from(allowlistEntries)
    .where(eq(allowlistEntries.appId, appId))
    .orderBy(asc(allowlistEntries.id));
  return {
    entries: rows.map((r) => ({ type: r.type, value: r.value, created_at: seconds(r.createdAt) })),
  };
}

/**
 * Adds an entry to an app's allowlist (idempotent) after {@link normaliseAllowlistEntry}.
 * @returns the whole list after the change.
 * @throws ApiError `invalid_data` (400) for a bad entry.
 */
export async function addAllowlistEntry(
  db: Db,
  appId: string,
  input: unknown,
): Promise<AllowlistResponse> {
  const entry = normaliseAllowlistEntry(input);
  await db
    .insert(allowlistEntries)
    .values({ appId, ...entry })
    .onConflictDoNothing();
  return listAllowlist(db, appId);
}

/**
 * Removes an entry from an app's allowlist (no error when it is absent); the value is
 * normalised first, so any spelling of it matches.
 * @returns the whole list after the change.
 * @throws ApiError `invalid_data` (400) for a bad entry.
 */
export async function removeAllowlistEntry(
  db: Db,
  appId: string,
  input: unknown,
): Promise<AllowlistResponse> {
  const entry = normaliseAllowlistEntry(input);
  await db
    .delete(allowlistEntries)
    .where(
      and(
        eq(allowlistEntries.appId, appId),
        eq(allowlistEntries.type, entry.type),
        eq(allowlistEntries.value, entry.value),
      ),
    );
  return listAllowlist(db, appId);
}

/**
 * SPKI PEM of the app's newest signing key, from its public JWK (no server secret needed;
 * tools such as `latchkey apps show` use it).
 * @throws ApiError `app_not_found` (404) when the app has no signing key.
 */
export async function verificationKeyPem(db: Db, appId: string): Promise<string> {
  const [row] = await db
    .select({ publicJwk: appSigningKeys.publicJwk })
    .from(appSigningKeys)
    .where(eq(appSigningKeys.appId, appId))
    .orderBy(desc(appSigningKeys.createdAt))
    .limit(1);
  if (!row) throw new ApiError('app_not_found', 'App not found');
  const key = await importJWK(row.publicJwk as JWK, 'ES256', { extractable: true });
  return exportSPKI(key as CryptoKey);
}

/**
 * The admin view of app `appId` ({@link toAdminAppConfig}) read straight from the database.
 * @throws ApiError `app_not_found` (404).
 */
export async function loadAdminAppConfig(db: Db, appId: string): Promise<AdminAppConfig> {
  const app = await findApp(db, appId);
  if (!app) throw new ApiError('app_not_found', `App not found: ${appId}`);
  return toAdminAppConfig(app, await verificationKeyPem(db, appId), await countAppUsers(db, appId));
}
