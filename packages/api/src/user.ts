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

/**
 * A linked account on the wire. Discriminated on `type`; later slices add
 * wallet, passkey, OAuth, Telegram, Farcaster and cross_app members.
 */
export const linkedAccount = z.discriminatedUnion('type', [emailAccount, phoneAccount]);
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
