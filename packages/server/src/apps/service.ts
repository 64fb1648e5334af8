/**
 * Apps: creating them (with their signing key) and answering their server config
 * (spec section 3, "Server app config").
 */
import { APP_ID_LENGTH, type ServerAppConfig } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { deriveServerKeys, randomId } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { type AppRow, appSigningKeys, apps, type NewAppRow } from '../db/schema.ts';
import { createSigningKey } from './keys.ts';

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
