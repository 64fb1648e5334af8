/**
 * The Latchkey database schema (Drizzle, PostgreSQL dialect; the same SQL runs on PGlite and
 * on PostgreSQL). Migrations are generated from this file by drizzle-kit into `drizzle/`
 * (`npm run db:generate -w @latchkey/server`). All times are `timestamptz`.
 *
 * All short-lived state (login codes, rate counters, sessions) lives here so that any number
 * of stateless server processes can serve one app (design.md, Sessions).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const flag = (name: string) => boolean(name).notNull().default(false);

/** One enrolled MFA method of `users.mfa_methods` (the user answer's wire form; seconds). */
export interface MfaMethodColumn {
  type: 'sms' | 'totp' | 'passkey';
  verified_at: number;
}

/** `telegram_auth_config` of the server app config (spec section 3). */
export interface TelegramAuthConfigColumn {
  bot_id: string;
  bot_name: string;
  link_enabled: boolean;
  seamless_auth_enabled: boolean;
}

/**
 * One row per app: every field of the server app config (spec section 3, `serverAppConfig`
 * in @latchkey/api) plus the origins allowed to call the API for this app.
 */
export const apps = pgTable('apps', {
  id: varchar('id', { length: 25 }).primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  accentColor: text('accent_color'),
  showWalletLoginFirst: flag('show_wallet_login_first'),
  allowlistErrorTitle: text('allowlist_error_title'),
  allowlistErrorDetail: text('allowlist_error_detail'),
  allowlistCtaText: text('allowlist_cta_text'),
  allowlistCtaLink: text('allowlist_cta_link'),
  walletAuth: flag('wallet_auth'),
  emailAuth: flag('email_auth'),
  smsAuth: flag('sms_auth'),
  googleOauth: flag('google_oauth'),
  twitterOauth: flag('twitter_oauth'),
  discordOauth: flag('discord_oauth'),
  githubOauth: flag('github_oauth'),
  spotifyOauth: flag('spotify_oauth'),
  instagramOauth: flag('instagram_oauth'),
  tiktokOauth: flag('tiktok_oauth'),
  linkedinOauth: flag('linkedin_oauth'),
  appleOauth: flag('apple_oauth'),
  farcasterAuth: flag('farcaster_auth'),
  passkeyAuth: flag('passkey_auth'),
  telegramAuth: flag('telegram_auth'),
  telegramAuthConfig: jsonb('telegram_auth_config').$type<TelegramAuthConfigColumn>(),
  termsAndConditionsUrl: text('terms_and_conditions_url'),
  privacyPolicyUrl: text('privacy_policy_url'),
  requireUsersAcceptTerms: flag('require_users_accept_terms'),
  createOnLogin: text('create_on_login', { enum: ['off', 'users-without-wallets', 'all-users'] })
    .notNull()
    .default('off'),
  userOwnedRecoveryOptions: text('user_owned_recovery_options', {
    enum: ['user-passcode', 'google-drive', 'icloud'],
  })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  requireUserOwnedRecoveryOnCreate: flag('require_user_owned_recovery_on_create'),
  customApiUrl: text('custom_api_url'),
  walletConnectCloudProjectId: text('wallet_connect_cloud_project_id'),
  fiatOnRampEnabled: flag('fiat_on_ramp_enabled'),
  captchaEnabled: flag('captcha_enabled'),
  captchaSiteKey: text('captcha_site_key'),
  twitterOauthOnMobileEnabled: flag('twitter_oauth_on_mobile_enabled'),
  mfaMethods: text('mfa_methods', { enum: ['sms', 'totp', 'passkey'] })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enforceWalletUis: flag('enforce_wallet_uis'),
  legacyWalletUiConfig: flag('legacy_wallet_ui_config'),
  /** When true, only users matching an `allowlist_entries` row may log in (issue 6). */
  allowlistEnabled: flag('allowlist_enabled'),
  /** Most users the app may have; null for no limit (`max_accounts_reached`). */
  maxUsers: integer('max_users'),
  /** When true, logins that would create a user answer `user_does_not_exist`. */
  disableSignups: flag('disable_signups'),
  /** Turnstile secret key (server-only; never in the public config). */
  captchaSecretKey: text('captcha_secret_key'),
  /** SHA-256 hex of the app secret that guards the admin API; null until one is issued. */
  appSecretHash: text('app_secret_hash'),
  /** Exact origins (`scheme://host[:port]`) allowed to call the API for this app (CORS). */
  allowedOrigins: text('allowed_origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * The wallet policy the frame enforces for no-prompt signing (issue 24 item 3), set by the CLI
   * and the admin API only; null: no-prompt signing is off whatever the host page asks.
   */
  walletPolicy: jsonb('wallet_policy').$type<Record<string, unknown>>(),
  /**
   * The app's OPAQUE server setup (RFC 9807; issue 24 item 5), a JWE under a key derived from the
   * server secret; created on first use. It holds the OPRF seed: without it no password guess.
   */
  opaqueServerSetup: text('opaque_server_setup'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AppRow = typeof apps.$inferSelect;
export type NewAppRow = typeof apps.$inferInsert;

/**
 * ES256 signing keys of an app's access tokens. The private key is a JWE (`dir`, A256GCM)
 * under a key derived from the server secret; the public key is a plain JWK.
 */
export const appSigningKeys = pgTable(
  'app_signing_keys',
  {
    kid: text('kid').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    privateJwe: text('private_jwe').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('app_signing_keys_app_idx').on(t.appId)],
);
export type AppSigningKeyRow = typeof appSigningKeys.$inferSelect;

/** Users, one set per app. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    hasAcceptedTerms: flag('has_accepted_terms'),
    /** When the user accepted the terms (`POST /api/v1/users/me/accept_terms`). */
    acceptedTermsAt: ts('accepted_terms_at'),
    isGuest: flag('is_guest'),
    createdAt: ts('created_at').notNull(),
    /**
     * The user's enrolled MFA methods in wire form (`mfa_methods` of the user answer, issue 15):
     * kept beside the user row so the user answer stays one statement. Written only together
     * with `mfa_enrolments`, in one transaction.
     */
    mfaMethods: jsonb('mfa_methods')
      .$type<MfaMethodColumn[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index('users_app_idx').on(t.appId)],
);
export type UserRow = typeof users.$inferSelect;

/**
 * Accounts linked to a user: `type` (email, phone, ...) and `subject` (the address, number,
 * provider subject). One subject belongs to at most one user of an app.
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    firstVerifiedAt: ts('first_verified_at').notNull(),
    latestVerifiedAt: ts('latest_verified_at').notNull(),
  },
  (t) => [
    uniqueIndex('linked_accounts_subject_uq').on(t.appId, t.type, t.subject),
    index('linked_accounts_user_idx').on(t.userId),
  ],
);
export type LinkedAccountRow = typeof linkedAccounts.$inferSelect;

/**
 * The live login code of one destination (email address or phone number) of an app.
 * Only an HMAC-SHA256 of the code is stored, bound to app, channel and destination.
 * A new code replaces the row (the old code dies with it).
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms', 'sms-mfa'] }).notNull(),
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [uniqueIndex('login_codes_destination_uq').on(t.appId, t.channel, t.destination)],
);
export type LoginCodeRow = typeof loginCodes.$inferSelect;

/** A login session (`sid` of the access tokens). Revoking it kills every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
    /**
     * RFC 7638 thumbprint of the wallet frame's public key, from the DPoP proof sent with the
     * login (issue 10). Only that key can obtain wallet shares in this session; null = unbound.
     */
    dpopJkt: text('dpop_jkt'),
    /**
     * The session's one live refresh token, as SHA-256 hex of the whole token
     * (`<session id>.<secret>`); null for a session from before migration 0009 (it cannot be
     * refreshed). Rotated on every use; each successor is HMAC-derived from its predecessor,
     * so earlier tokens are recognised without being stored (sessions/service.ts). Not indexed
     * (the token names its session), so a rotation is a heap-only (HOT) update of this row.
     */
    refreshHash: text('refresh_hash'),
    /** When the live refresh token expires (30 days after it was issued). */
    refreshExpiresAt: ts('refresh_expires_at'),
    /** When the live refresh token was issued by a rotation; null while it is the first. */
    refreshRotatedAt: ts('refresh_rotated_at'),
    /** How many rotations the session has had (bounds the walk back to an earlier token). */
    refreshGeneration: integer('refresh_generation').notNull().default(0),
    /**
     * When this session last passed MFA (issue 15): a verification or an enrolment made by the
     * session's own frame key (DPoP). Wallet shares of an enrolled user are released only within
     * `MFA_VERIFICATION_TTL_S` of it; null: never.
     */
    mfaVerifiedAt: ts('mfa_verified_at'),
    /**
     * The session this one was forked from (`POST /api/v1/sessions/fork`, issue 21); null for a
     * session started by a login. A refresh token reuse in a session (a theft signal) revokes
     * the sessions forked from it too; a logout revokes only the one session.
     */
    forkedFrom: text('forked_from'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_forked_from_idx')
      .on(t.forkedFrom)
      .where(sql`${t.forkedFrom} IS NOT NULL`),
  ],
);
export type SessionRow = typeof sessions.$inferSelect;

/** Fixed-window rate-limit counters, keyed by purpose and subject (IP, destination). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Messages delivered by the development outbox (`GET /dev/outbox`). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    code: text('code'),
    sentAt: ts('sent_at').notNull(),
  },
  // `GET /dev/outbox?to=` (e2e specs, bench) reads one recipient's messages in order.
  (t) => [index('dev_outbox_to_idx').on(t.to, t.id)],
);

/**
 * Embedded wallets (design.md, Keys; issue 3), one per user. The server holds two of the three
 * Shamir shares, both sealed at rest as JWE (`dir`, A256GCM) under different keys derived from
 * the server secret: the auth share under the auth-share key, and the recovery share
 * (`latchkey` and cloud methods) or the password-encrypted recovery blob (`user-passcode`)
 * under the recovery key. Plaintext shares are never stored.
 */
export const embeddedWallets = pgTable(
  'embedded_wallets',
  {
    id: text('id').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The address: EIP-55 checksummed for `ethereum`, base58 of the 32-byte ed25519 public key
     * for `solana` (issue 22).
     */
    address: text('address').notNull(),
    chainType: text('chain_type', { enum: ['ethereum', 'solana'] }).notNull(),
    /**
     * Issue 22 (one entropy per user, an address per chain family): set when this row's key is
     * derived from the entropy whose shares another row of the same user holds (that row's id;
     * it holds its own shares). Such a row has no auth share and no recovery material; its share
     * calls answer the holding row's shares, and its `recovery_method` mirrors the holding
     * row's. Null for a row holding its own shares (fresh entropy or an imported key).
     */
    sharesWalletId: text('shares_wallet_id').references((): AnyPgColumn => embeddedWallets.id, {
      onDelete: 'cascade',
    }),
    recoveryMethod: text('recovery_method', {
      enum: ['latchkey', 'user-passcode', 'google-drive', 'icloud'],
    }).notNull(),
    /**
     * JWE of the auth share under the auth-share key; null exactly when `shares_wallet_id` is
     * set (CHECK `embedded_wallets_shares_ck`).
     */
    authShare: text('auth_share'),
    /** JWE of the recovery share under the recovery key (methods other than `user-passcode`). */
    recoveryShare: text('recovery_share'),
    /**
     * JWE of the legacy PBKDF2 password-encrypted recovery blob (JSON) under the recovery key.
     * Replaced by the OPAQUE fields below at the wallet's next password unlock (issue 24).
     */
    recoveryBlob: text('recovery_blob'),
    /** JWE of the OPAQUE registration record of the recovery password (issue 24 item 5). */
    recoveryOpaqueRecord: text('recovery_opaque_record'),
    /**
     * JWE of the recovery share sealed (AES-GCM) under a key derived from the OPAQUE export key;
     * released only after an OPAQUE login finishes.
     */
    recoverySealedShare: text('recovery_sealed_share'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // One embedded wallet per user and chain family (spec section 5; issue 22).
    uniqueIndex('embedded_wallets_user_uq').on(t.appId, t.userId, t.chainType),
    uniqueIndex('embedded_wallets_address_uq').on(t.appId, t.address),
    // A row holds its own auth share or points at the row that does (issue 22), never both;
    // a derived row has no recovery material of its own.
    check(
      'embedded_wallets_shares_ck',
      sql`(${t.authShare} is null) <> (${t.sharesWalletId} is null) and (${t.sharesWalletId} is null or (${t.recoveryShare} is null and ${t.recoveryBlob} is null and ${t.recoveryOpaqueRecord} is null and ${t.recoverySealedShare} is null))`,
    ),
  ],
);
export type EmbeddedWalletRow = typeof embeddedWallets.$inferSelect;

/** Client analytics events (spec section 7, "Analytics event post"). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    clientId: text('client_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('analytics_events_app_idx').on(t.appId, t.createdAt)],
);

/**
 * SIWE nonces (spec section 7; security catalogue 33): issued by `POST /api/v1/siwe/init` for
 * one address of one app, valid until `expires_at`, consumed by the first message that uses it.
 */
export const siweNonces = pgTable(
  'siwe_nonces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** Lower-case address the nonce was issued for. */
    address: text('address').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    uniqueIndex('siwe_nonces_nonce_uq').on(t.appId, t.nonce),
    index('siwe_nonces_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * WebAuthn challenges (security catalogue 36): 32 random bytes (base64url), issued by a passkey
 * init call for one app and one flow (`registration` or `authentication`), valid 60 s, consumed
 * by the first response that carries it. A registration challenge also holds the user it was
 * issued for: the user to create (sign-up) or the logged-in user (link, `for_link`).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    flow: text('flow', { enum: ['registration', 'authentication', 'mfa'] }).notNull(),
    challenge: text('challenge').notNull(),
    /** Registration: the user id the credential is for (new on sign-up, existing on link). */
    userId: text('user_id'),
    forLink: flag('for_link'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    uniqueIndex('passkey_challenges_challenge_uq').on(t.appId, t.challenge),
    index('passkey_challenges_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * Per-app OAuth provider credentials (issue 5): the client id, and the client secret sealed
 * (JWE `dir`, A256GCM under the signing-key encryption key). `issuer`, when set, replaces the
 * provider's built-in endpoints by OpenID Connect discovery (the dev app's local provider).
 */
export const oauthProviderConfigs = pgTable(
  'oauth_provider_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed'),
    issuer: text('issuer'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_provider_configs_uq').on(t.appId, t.provider)],
);
export type OAuthProviderConfigRow = typeof oauthProviderConfigs.$inferSelect;

/**
 * OAuth flows in progress (spec section 5, state code; security catalogue 26, 27, 29): one row
 * per `POST /api/v1/oauth/init`, single use, 10 minutes. Keeps the client's state code and
 * PKCE challenge, the exact `redirect_to`, and the server's own PKCE verifier, state and nonce
 * towards the provider. `code_hash` records the provider code once the flow completed, so a
 * replayed code is refused.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    stateCode: text('state_code').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    redirectTo: text('redirect_to').notNull(),
    providerState: text('provider_state').notNull(),
    providerVerifier: text('provider_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    codeHash: text('code_hash'),
  },
  (t) => [
    uniqueIndex('oauth_states_state_uq').on(t.appId, t.stateCode),
    uniqueIndex('oauth_states_provider_state_uq').on(t.providerState),
    index('oauth_states_code_idx').on(t.codeHash),
    index('oauth_states_expiry_idx').on(t.expiresAt),
  ],
);
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * The app's allowlist (issue 6): who may log in when `apps.allowlist_enabled` is set.
 * `value` is normalised: lower-cased email or domain, E.164 phone, lower-cased 0x address.
 */
export const allowlistEntries = pgTable(
  'allowlist_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['email', 'phone', 'wallet', 'email_domain'] }).notNull(),
    value: text('value').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('allowlist_entries_uq').on(t.appId, t.type, t.value)],
);
export type AllowlistEntryRow = typeof allowlistEntries.$inferSelect;

/**
 * Captcha tokens already accepted (issue 6), so a token (an ALTCHA solution, which is
 * stateless) is single-use. `token_hash` is SHA-256 hex; rows may be deleted after `expires_at`.
 */
export const usedCaptchaTokens = pgTable('used_captcha_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  appId: varchar('app_id', { length: 25 })
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * `jti` values of accepted DPoP proofs (RFC 9449 section 11.1), kept until the proof could no
 * longer pass the `iat` window, so a proof is accepted once. `jti` is stored as SHA-256 of
 * (thumbprint, jti) so one key cannot burn another key's identifiers.
 */
export const dpopProofs = pgTable(
  'dpop_proofs',
  {
    jtiHash: text('jti_hash').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('dpop_proofs_expiry_idx').on(t.expiresAt)],
);

/**
 * Nonces that the wallet key signs to prove possession when a wallet is created or its shares are
 * replaced (issue 10): issued to one user's session, valid `WALLET_NONCE_TTL_S`, single use.
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('wallet_nonces_expiry_idx').on(t.expiresAt)],
);

/**
 * Values of transactions the frame signed without a prompt under the app's wallet policy
 * (issue 24 item 3), for the rolling 24-hour cap per wallet. `valueWei` is a decimal string.
 */
export const walletSpends = pgTable(
  'wallet_spends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    walletId: text('wallet_id')
      .notNull()
      .references(() => embeddedWallets.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    valueWei: numeric('value_wei', { precision: 78, scale: 0 }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('wallet_spends_wallet_time_idx').on(t.walletId, t.createdAt)],
);

/**
 * OPAQUE logins in progress (issue 24 item 5): the server's login state between start and
 * finish, sealed, single use, short-lived. `deviceJkt` is the frame key that started it.
 */
export const opaqueLogins = pgTable(
  'opaque_logins',
  {
    id: text('id').primaryKey(),
    walletId: text('wallet_id')
      .notNull()
      .references(() => embeddedWallets.id, { onDelete: 'cascade' }),
    deviceJkt: text('device_jkt').notNull(),
    state: text('state').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('opaque_logins_expiry_idx').on(t.expiresAt)],
);

/**
 * Failed recovery-password attempts (issue 24 item 6), keyed per wallet and per (wallet, device
 * key): `failures` in the current window, and when the next attempt is allowed (backoff).
 */
export const recoveryAttempts = pgTable('recovery_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  lockedUntil: ts('locked_until'),
});

/**
 * A user's MFA enrolments (issue 15), one row per TOTP or SMS method (a passkey's enrolment is
 * `enrolled_in_mfa` in its linked account's details). A TOTP row holds the secret sealed
 * (JWE under the server's MFA key); `enrolled_at` is null while the enrolment waits for its first
 * code (it expires `MFA_ENROLLMENT_TTL_S` after `created_at`). `totp_last_step` is the last time
 * step (unix seconds / 30) whose code was accepted: a code is accepted only for a later step, so
 * each code works once, even under concurrent submissions.
 */
export const mfaEnrolments = pgTable(
  'mfa_enrolments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['sms', 'totp', 'passkey'] }).notNull(),
    /** TOTP: the base32 secret as a compact JWE (`dir`, A256GCM); null for other methods. */
    secretSealed: text('secret_sealed'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** SMS: the enrolled number (E.164); null for other methods. */
    phoneNumber: text('phone_number'),
    createdAt: ts('created_at').notNull(),
    enrolledAt: ts('enrolled_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.method] })],
);
export type MfaEnrolmentRow = typeof mfaEnrolments.$inferSelect;

/**
 * The app's Telegram bot (issue 16): its token from @BotFather, sealed (JWE `dir`, A256GCM under
 * the signing-key encryption key) and never answered by any route, and how old (`auth_date`) a
 * Login Widget answer or Mini App init data may be. The public half (bot id, bot name, link and
 * seamless flags) is `apps.telegram_auth_config`. `widget_url` replaces Telegram's popup origin
 * (the development stand-in), as `oauth_provider_configs.issuer` does for OAuth.
 */
export const telegramBots = pgTable('telegram_bots', {
  appId: varchar('app_id', { length: 25 })
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  botTokenSealed: text('bot_token_sealed').notNull(),
  authMaxAgeS: integer('auth_max_age_s').notNull().default(300),
  /** Where the Login Widget's popup runs; null: Telegram's `https://oauth.telegram.org`. */
  widgetUrl: text('widget_url'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type TelegramBotRow = typeof telegramBots.$inferSelect;

/**
 * Telegram proofs already accepted (issue 16), so a widget answer or init data logs in once:
 * `proof_hash` is SHA-256 hex of the app id and the proof's `hash`; a row may be deleted after
 * `expires_at` (the proof is stale by then).
 */
export const usedTelegramProofs = pgTable(
  'used_telegram_proofs',
  {
    proofHash: text('proof_hash').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('used_telegram_proofs_expiry_idx').on(t.expiresAt)],
);

/**
 * What the Farcaster relay reported for a completed Sign In With Farcaster channel (issue 16),
 * kept because the relay answers a completed channel once and then forgets it. Not trusted until
 * `authenticate` has verified `message` and `signature`.
 */
export interface FarcasterChannelAnswer {
  message: string;
  signature: string;
  fid: number;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  pfp_url: string | null;
}

/**
 * Sign In With Farcaster channels this server opened at the relay (issue 16): the channel
 * token's SHA-256 (hex; the token is the caller's capability), the app, the nonce and domain the
 * signed message must carry, and, once the relay reports it, its answer. A channel is spent (the
 * row deleted) by its first successful login or link, so its nonce is used once; a row may be
 * deleted after `expires_at`.
 */
export const farcasterChannels = pgTable(
  'farcaster_channels',
  {
    tokenHash: text('token_hash').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    domain: text('domain').notNull(),
    answer: jsonb('answer').$type<FarcasterChannelAnswer>(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('farcaster_channels_expiry_idx').on(t.expiresAt)],
);
export type FarcasterChannelRow = typeof farcasterChannels.$inferSelect;

/**
 * An app's own Farcaster account, which requests signers for its users (issue 16): the fid and
 * its custody private key (sealed with the key-encryption key), which signs each signed key
 * request (EIP-712). Set by the admin API and `latchkey farcaster set`.
 */
export const farcasterSignerApps = pgTable('farcaster_signer_apps', {
  appId: varchar('app_id', { length: 25 })
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  requestFid: integer('request_fid').notNull(),
  requestKeySealed: text('request_key_sealed').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Farcaster signers requested for users (issue 16): the wallet frame's ed25519 public key (hex),
 * the user's fid it was requested for, the signed key request's token and approval URL, and the
 * last state seen (`pending_approval`, `approved`, `revoked`).
 */
export const farcasterSigners = pgTable(
  'farcaster_signers',
  {
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fid: integer('fid').notNull(),
    requestToken: text('request_token').notNull(),
    approvalUrl: text('approval_url').notNull(),
    status: text('status').notNull().default('pending_approval'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.publicKey] })],
);
export type FarcasterSignerRow = typeof farcasterSigners.$inferSelect;

/**
 * An app's MoonPay keys (issue 20; spec section 5: the on-ramp's only provider), one pair per
 * environment: the publishable key (`pk_test_...` sandbox, `pk_live_...` live) in clear, and the
 * secret key (`sk_...`), which signs the buy widget's URL, sealed (JWE `dir`, A256GCM under the
 * signing-key encryption key, bound to the app and environment) and never answered by any route.
 * Set by the admin API and `latchkey moonpay set`.
 */
export const moonpayKeys = pgTable('moonpay_keys', {
  appId: varchar('app_id', { length: 25 })
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  sandboxPublishableKey: text('sandbox_publishable_key'),
  sandboxSecretKeySealed: text('sandbox_secret_key_sealed'),
  livePublishableKey: text('live_publishable_key'),
  liveSecretKeySealed: text('live_secret_key_sealed'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type MoonpayKeysRow = typeof moonpayKeys.$inferSelect;

/**
 * Card on-ramp purchases a user started (issue 20): the random `external_transaction_id` the
 * signed widget URL carries (MoonPay files the purchase under it), with the user and the wallet
 * address it funds, and the MoonPay environment whose key reads its status. Only that user may
 * read the status.
 */
export const fiatOnRampTransactions = pgTable(
  'fiat_on_ramp_transactions',
  {
    externalTransactionId: text('external_transaction_id').primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** EIP-55 checksummed address of the funded wallet (one of the user's). */
    address: text('address').notNull(),
    provider: text('provider', { enum: ['moonpay'] }).notNull(),
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    /** MoonPay's currency code asked for (`eth`, `usdc`, ...). */
    currencyCode: text('currency_code').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('fiat_on_ramp_transactions_user_idx').on(t.userId, t.createdAt)],
);
export type FiatOnRampTransactionRow = typeof fiatOnRampTransactions.$inferSelect;

/**
 * The cross-app client registry (issue 21): the clients a provider app lets connect to it
 * ("log in to app B with app A's account"), set by the provider app's admin API and
 * `latchkey cross-app allow`. `client_id` is a requester Latchkey app's id or an outside
 * OpenID Connect relying party's id; `redirect_uris` are compared as exact strings. The client
 * secret of a confidential client is sealed (JWE `dir`, A256GCM under the signing-key
 * encryption key, bound to the provider app and client id); null means a public client (PKCE
 * only). The public listing (`GET /api/v1/apps/{requesterAppId}/cross-app/connections`) looks
 * rows up by `client_id`.
 */
export const crossAppClients = pgTable(
  'cross_app_clients',
  {
    providerAppId: varchar('provider_app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    redirectUris: text('redirect_uris').array().notNull(),
    readOnly: flag('read_only'),
    clientSecretSealed: text('client_secret_sealed'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerAppId, t.clientId] }),
    index('cross_app_clients_client_idx').on(t.clientId),
  ],
);
export type CrossAppClientRow = typeof crossAppClients.$inferSelect;

/**
 * The ES256 key with which a provider app's OpenID Connect provider signs ID tokens (issue 21,
 * item 1): one per app, made on first use (`crossapp/oidc/keys.ts`; the unique app id makes two
 * processes that race agree on one key). Kept apart from `app_signing_keys`, which sign the
 * app's own access tokens: an ID token for a requester is never a token of the provider app.
 * The private JWK is a JWE (`dir`, A256GCM) under the server's signing-key encryption key.
 */
export const crossAppOidcKeys = pgTable('cross_app_oidc_keys', {
  appId: varchar('app_id', { length: 25 })
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  kid: text('kid').notNull(),
  privateJwe: text('private_jwe').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The state of the provider apps' OpenID Connect providers (`oidc-provider`'s adapter,
 * `crossapp/oidc/adapter.ts`): interactions, sessions, grants, authorization codes and access
 * tokens, per provider app, so any number of server processes serve one flow. `payload` is the
 * library's JSON as given; `expires_at` null means no expiry; expired rows are never answered
 * and are deleted now and then.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** The library's model name (`Session`, `Interaction`, `Grant`, `AuthorizationCode`, ...). */
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: ts('expires_at'),
    /** Set once, when an authorization code is exchanged (its single use). */
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.appId, t.grantId),
    index('oidc_payloads_uid_idx').on(t.appId, t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * An app's cloud recovery settings (issue 23 item 2; spec section 3 `userOwnedRecoveryOptions`
 * names which methods are offered, this row how they are reached), set by the admin API, the
 * CLI and the dev seed:
 * - Google Drive: the OAuth client (id, and its secret sealed: JWE `dir`, A256GCM under the
 *   signing-key encryption key), the authorization server's issuer (OpenID discovery; Google's
 *   by default) and the Drive REST API base (Google's by default; the local stand-in in dev).
 * - iCloud: the CloudKit container, its environment, its web API token (public by design: CloudKit
 *   JS pages carry it) and the CloudKit Web Services base (Apple's by default).
 */
export const recoveryCloudConfigs = pgTable('recovery_cloud_configs', {
  appId: varchar('app_id', { length: 25 })
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  googleClientId: text('google_client_id'),
  googleClientSecretSealed: text('google_client_secret_sealed'),
  googleIssuer: text('google_issuer'),
  googleDriveApiUrl: text('google_drive_api_url'),
  cloudkitContainer: text('cloudkit_container'),
  cloudkitEnvironment: text('cloudkit_environment', { enum: ['development', 'production'] }),
  cloudkitApiToken: text('cloudkit_api_token'),
  cloudkitApiUrl: text('cloudkit_api_url'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type RecoveryCloudConfigRow = typeof recoveryCloudConfigs.$inferSelect;

/**
 * Recovery OAuth flows in progress (issue 23 item 2; spec section 5): one row per
 * `POST /api/v1/recovery/oauth/init`, for one user, single use, `RECOVERY_OAUTH_STATE_TTL_S`.
 * The frame's state code is kept only as its SHA-256 (it travels to the provider and back as
 * the `state`); the frame's PKCE challenge went to the provider, which checks the verifier.
 * `code_hash` records the code once redeemed, so a replayed code is refused.
 */
export const recoveryOAuthStates = pgTable(
  'recovery_oauth_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: varchar('app_id', { length: 25 })
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google-drive'] }).notNull(),
    stateHash: text('state_hash').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    redirectTo: text('redirect_to').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    codeHash: text('code_hash'),
  },
  (t) => [
    uniqueIndex('recovery_oauth_states_state_uq').on(t.stateHash),
    index('recovery_oauth_states_code_idx').on(t.codeHash),
    index('recovery_oauth_states_expiry_idx').on(t.expiresAt),
  ],
);
export type RecoveryOAuthStateRow = typeof recoveryOAuthStates.$inferSelect;
