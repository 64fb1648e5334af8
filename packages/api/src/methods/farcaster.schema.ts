/**
 * Farcaster login wire schemas (spec sections 1, 2, 5 and 7; issue 16): open a relay channel,
 * poll it, log in or link with it, unlink by fid. The routes and flag are in `./farcaster.ts`.
 */
import * as z from 'zod';

/** A channel token of the relay (opaque; the relay's are 36-character UUIDs). */
export const farcasterChannelToken = z.string().min(8).max(256);

/**
 * `POST /api/v1/farcaster/init`: open a Sign In With Farcaster channel at the relay for the
 * calling page's domain. `token` is the captcha token when the app has `captcha_enabled` (spec
 * section 4); with a bearer token (linking) no captcha is asked.
 */
export const farcasterInitRequest = z.object({ token: z.string().max(4096).optional() });
export type FarcasterInitRequest = z.input<typeof farcasterInitRequest>;

/**
 * The answer of `init`: the channel token (polled and then spent), the URI the Farcaster app
 * opens (the QR code and the mobile deep link), and when the channel expires (Unix seconds).
 */
export const farcasterInitResponse = z.object({
  channel_token: farcasterChannelToken,
  connect_uri: z.string().url(),
  expires_at: z.number().int(),
});
export type FarcasterInitResponse = z.infer<typeof farcasterInitResponse>;

/** `POST /api/v1/farcaster/status` `{channel_token}`. */
export const farcasterStatusRequest = z.object({ channel_token: farcasterChannelToken });
export type FarcasterStatusRequest = z.input<typeof farcasterStatusRequest>;

/**
 * A channel's state: `pending` until the user approves in the Farcaster app, then `completed`
 * with the fid and profile the relay reports (not yet verified: `authenticate` verifies).
 */
export const farcasterStatusResponse = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending') }),
  z.object({
    state: z.literal('completed'),
    fid: z.number().int().positive(),
    username: z.string().nullable(),
    display_name: z.string().nullable(),
    profile_picture_url: z.string().nullable(),
  }),
]);
export type FarcasterStatusResponse = z.infer<typeof farcasterStatusResponse>;

/**
 * `POST /api/v1/farcaster/authenticate` `{channel_token, token?}`: log in (or sign up) with the
 * channel's signed message, which the server reads from the relay and verifies. A channel is
 * spent by its first successful use.
 */
export const farcasterAuthenticateRequest = z.object({
  channel_token: farcasterChannelToken,
  token: z.string().max(4096).optional(),
});
export type FarcasterAuthenticateRequest = z.input<typeof farcasterAuthenticateRequest>;

/** `POST /api/v1/farcaster/link` `{channel_token}` (bearer token). */
export const farcasterLinkRequest = z.object({ channel_token: farcasterChannelToken });
export type FarcasterLinkRequest = z.input<typeof farcasterLinkRequest>;

/** `POST /api/v1/farcaster/unlink` `{fid}` (bearer token; spec section 7). */
export const farcasterUnlinkRequest = z.object({ fid: z.number().int().positive() });
export type FarcasterUnlinkRequest = z.input<typeof farcasterUnlinkRequest>;

/** An ed25519 public key (32 bytes), lowercase hex with `0x`: a Farcaster signer. */
export const ed25519PublicKey = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/, 'Not an ed25519 public key (0x and 64 lowercase hex digits)');

/**
 * `POST /api/v1/farcaster/signer/init` (wallet frame, DPoP) and `.../signer/status` (bearer
 * token) `{ed25519_public_key}`: the frame's signer key for the user's Farcaster account.
 */
export const farcasterSignerRequest = z.object({ ed25519_public_key: ed25519PublicKey });
export type FarcasterSignerRequest = z.input<typeof farcasterSignerRequest>;

/**
 * A Farcaster signer (spec section 3): its public key; `pending_approval` until the user approves
 * it in their Farcaster app (at `signer_approval_url`, null once decided) and the key is on the
 * Key Registry, then `approved`; `revoked` once removed from the Key Registry.
 */
export const farcasterSigner = z.object({
  public_key: ed25519PublicKey,
  status: z.enum(['pending_approval', 'approved', 'revoked']),
  signer_approval_url: z.string().url().nullable(),
});
export type FarcasterSigner = z.infer<typeof farcasterSigner>;

/**
 * `PUT /api/v1/admin/apps/{appId}/farcaster` (HTTP Basic app secret): the app's own Farcaster
 * account, which requests signers for its users (Farcaster's signed key requests name the
 * requesting fid and are signed, EIP-712, by its custody key). `signer_request_key` is that
 * custody private key (0x and 64 hex digits), a server-side secret sealed at rest and never
 * answered.
 */
export const adminFarcasterRequest = z
  .object({
    signer_request_fid: z.number().int().positive(),
    signer_request_key: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'Not a private key (0x and 64 hex digits)'),
  })
  .strict();
export type AdminFarcasterRequest = z.input<typeof adminFarcasterRequest>;

/** The answer of the admin Farcaster route: the requesting fid and its address, never the key. */
export interface AdminFarcasterResponse {
  signer_request_fid: number;
  /** Checksummed address of `signer_request_key`. */
  signer_request_address: string;
}
