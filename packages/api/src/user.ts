import { z } from 'zod';

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
 * A linked account on the wire. Discriminated on `type`; later slices add
 * passkey, OAuth, Telegram, Farcaster and cross_app members.
 */
export const linkedAccount = z.discriminatedUnion('type', [
  emailAccount,
  phoneAccount,
  walletAccount,
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
