import * as z from 'zod';

/** Fields every linked account carries; times in seconds since the epoch (spec section 3). */
const verification = {
  verified_at: z.number().int(),
  first_verified_at: z.number().int(),
  latest_verified_at: z.number().int(),
};

/** An email address linked to a user. */
export const emailAccount = z.object({
  type: z.literal('email'),
  address: z.string(),
  ...verification,
});
/** A phone number linked to a user, in E.164. */
export const phoneAccount = z.object({
  type: z.literal('phone'),
  number: z.string(),
  ...verification,
});

/** Recovery methods of an embedded wallet (spec section 3; `latchkey` is the automatic one). */
export const RECOVERY_METHODS = ['latchkey', 'user-passcode', 'google-drive', 'icloud'] as const;
export type RecoveryMethod = (typeof RECOVERY_METHODS)[number];

/** `wallet_client_type` of the embedded wallet (design.md, Naming). */
export const EMBEDDED_WALLET_CLIENT_TYPE = 'latchkey';

/**
 * A wallet linked to a user (spec section 3, "Wallet account"): the embedded wallet
 * (`wallet_client_type: 'latchkey'`, `connector_type: 'embedded'`, with a `recovery_method`)
 * or an external wallet that signed in with SIWE (`metamask`, `coinbase_wallet`, ...).
 */
export const walletAccount = z.object({
  type: z.literal('wallet'),
  /** EIP-55 checksummed address. */
  address: z.string(),
  chain_type: z.enum(['ethereum', 'solana']),
  /** CAIP-2 chain id the wallet was linked on, e.g. `eip155:31337`, or null. */
  chain_id: z.string().nullable(),
  wallet_client_type: z.string(),
  connector_type: z.string(),
  /** Set for the embedded wallet only. */
  recovery_method: z.enum(RECOVERY_METHODS).nullable(),
  imported: z.boolean(),
  ...verification,
});

/**
 * A passkey linked to a user (spec section 3, "Passkey account"). `authenticator_name` comes from
 * the authenticator's AAGUID when known; browser and OS from the User-Agent at registration.
 */
export const passkeyAccount = z.object({
  type: z.literal('passkey'),
  /** base64url credential id. */
  credential_id: z.string(),
  authenticator_name: z.string().nullable(),
  created_with_browser: z.string().nullable(),
  created_with_os: z.string().nullable(),
  /** Passkeys enrolled as an MFA method (not built yet: always false). */
  enrolled_in_mfa: z.boolean(),
  ...verification,
});

/**
 * An OAuth account linked to a user (issue 5): `type` is `<provider>_oauth`, `subject` the
 * provider's stable user id; `email`, `name` and `username` as the provider gives them.
 */
const oauthAccountOf = <T extends string>(type: T) =>
  z.object({
    type: z.literal(type),
    subject: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    username: z.string().nullable(),
    ...verification,
  });
export const googleOAuthAccount = oauthAccountOf('google_oauth');
export const twitterOAuthAccount = oauthAccountOf('twitter_oauth');
export const discordOAuthAccount = oauthAccountOf('discord_oauth');
export const githubOAuthAccount = oauthAccountOf('github_oauth');
export const spotifyOAuthAccount = oauthAccountOf('spotify_oauth');
export const instagramOAuthAccount = oauthAccountOf('instagram_oauth');
export const tiktokOAuthAccount = oauthAccountOf('tiktok_oauth');
export const linkedinOAuthAccount = oauthAccountOf('linkedin_oauth');
export const appleOAuthAccount = oauthAccountOf('apple_oauth');

/**
 * A Telegram account linked to a user (issue 16): `telegram_user_id` (decimal) and the profile
 * Telegram gave at the latest login (null when absent).
 */
export const telegramAccount = z.object({
  type: z.literal('telegram'),
  telegram_user_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  photo_url: z.string().nullable(),
  ...verification,
});

/**
 * A Farcaster account linked to a user (issue 16): `fid` (decimal), the custody address
 * (`owner_address`, checksummed) the sign-in message was signed with, the profile the relay gave at
 * the latest login, and the ed25519 public key of an approved signer (hex), all null when absent.
 */
export const farcasterAccount = z.object({
  type: z.literal('farcaster'),
  fid: z.string(),
  owner_address: z.string().nullable(),
  username: z.string().nullable(),
  display_name: z.string().nullable(),
  bio: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  signer_public_key: z.string().nullable(),
  ...verification,
});

/**
 * Another Latchkey app's account (cross-app, issue 21; spec section 3): `subject` is the provider
 * app's user id, `provider_app.id` that app, `embedded_wallets` the provider user's embedded
 * wallets (EIP-55 addresses) as its ID token listed them at the latest login; `smart_wallets` is
 * empty (no smart wallets yet).
 */
export const crossAppAccount = z.object({
  type: z.literal('cross_app'),
  subject: z.string(),
  provider_app: z.object({ id: z.string() }),
  embedded_wallets: z.array(z.object({ address: z.string() })),
  smart_wallets: z.array(z.object({ address: z.string() })),
  ...verification,
});

/** A linked account on the wire. Discriminated on `type`. */
export const linkedAccount = z.discriminatedUnion('type', [
  emailAccount,
  phoneAccount,
  walletAccount,
  passkeyAccount,
  googleOAuthAccount,
  twitterOAuthAccount,
  discordOAuthAccount,
  githubOAuthAccount,
  spotifyOAuthAccount,
  instagramOAuthAccount,
  tiktokOAuthAccount,
  linkedinOAuthAccount,
  appleOAuthAccount,
  telegramAccount,
  farcasterAccount,
  crossAppAccount,
]);
export type LinkedAccountWire = z.infer<typeof linkedAccount>;

/** A user as the API sends it (snake_case; `created_at` in seconds). */
export const user = z.object({
  id: z.string(),
  created_at: z.number().int(),
  linked_accounts: z.array(linkedAccount),
  mfa_methods: z.array(z.object({ type: z.string(), verified_at: z.number().int() })),
  has_accepted_terms: z.boolean(),
  is_guest: z.boolean(),
});
export type UserWire = z.infer<typeof user>;
