/**
 * Farcaster login: Sign In With Farcaster (FIP-11) through a relay channel (spec sections 1, 2
 * AWAITING_FARCASTER_CONNECTION, 3, 4, 7 and 8), link and unlink. Zod-free; the schemas are in
 * `./farcaster.schema.ts`.
 *
 * Issue 16: the server opens the relay channel (its nonce and domain), the modal shows the
 * channel's connect URI as a QR code and polls `status` every 2 s (120 s at most), and
 * `authenticate` has the server read the channel's signed message from the relay and verify it
 * (domain, nonce single use, expiry, the fid's custody address on the Id Registry).
 */
import { defineLoginMethod, type LinkedAccountRule } from './types.ts';

const routes = {
  /** `POST {token?}`: open a relay channel -> `{channel_token, connect_uri, expires_at}`. */
  farcasterInit: '/api/v1/farcaster/init',
  /** `POST {channel_token}`: the channel's state -> `pending` or `completed` (with the profile). */
  farcasterStatus: '/api/v1/farcaster/status',
  farcasterAuthenticate: '/api/v1/farcaster/authenticate',
  farcasterLink: '/api/v1/farcaster/link',
  farcasterUnlink: '/api/v1/farcaster/unlink',
  /**
   * `POST {ed25519_public_key}` by the wallet frame (DPoP): ask the user's Farcaster app to approve
   * the frame's signer key -> `farcasterSigner` (`pending_approval` with `signer_approval_url`).
   */
  farcasterSignerInit: '/api/v1/farcaster/signer/init',
  /** `POST {ed25519_public_key}` (bearer token): the signer's state -> `farcasterSigner`. */
  farcasterSignerStatus: '/api/v1/farcaster/signer/status',
} as const;

/** Farcaster's public Connect relay (FIP-11), the default of `LATCHKEY_FARCASTER_RELAY_URL`. */
export const FARCASTER_RELAY_URL = 'https://relay.farcaster.xyz';

/** The Id Registry on OP Mainnet (`idOf(address)`, `custodyOf(uint256)`), as `@farcaster/auth-client` reads it. */
export const FARCASTER_ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';

/** Milliseconds between two polls of a channel's status (spec sections 4 and 9). */
export const FARCASTER_POLL_INTERVAL_MS = 2_000;

/** Milliseconds the modal waits for the Farcaster app's answer (spec sections 4 and 9). */
export const FARCASTER_CONNECT_TIMEOUT_MS = 120_000;

/** Milliseconds the modal waits for a signer's approval (spec sections 4 and 9). */
export const FARCASTER_SIGNER_TIMEOUT_MS = 300_000;

/** Farcaster's API for signed key requests (`/v2/signed-key-requests`), the default of `LATCHKEY_FARCASTER_API_URL`. */
export const FARCASTER_API_URL = 'https://api.farcaster.xyz';

/** Seconds a channel (and its nonce) stays usable on this server. */
export const FARCASTER_CHANNEL_TTL_S = 300;

/** `PUT` (admin API, HTTP Basic app secret): the app's Farcaster account that requests signers. */
export const farcasterAdminRoute = (appId: string) =>
  `/api/v1/admin/apps/${encodeURIComponent(appId)}/farcaster`;
/** Hono pattern of {@link farcasterAdminRoute}. */
export const FARCASTER_ADMIN_ROUTE_PATTERN = '/api/v1/admin/apps/:appId/farcaster';

/** The Farcaster method's contract. Its login-list entry is `farcaster`. */
export const FARCASTER_METHOD = defineLoginMethod({
  id: 'farcaster',
  flags: [{ flag: 'farcaster_auth', loginItem: 'farcaster' }],
  accountTypes: ['farcaster'],
  routes,
  sessionRoutes: [routes.farcasterAuthenticate],
  captchaGatedRoutes: [routes.farcasterInit],
});

/**
 * The Farcaster method's account rules (server-only): one Farcaster account per user, keyed by
 * its fid (decimal, `fid` on the wire), with the custody address and the profile the relay gave
 * at the latest login.
 */
export const FARCASTER_ACCOUNTS: readonly LinkedAccountRule[] = [
  {
    type: 'farcaster',
    subjectField: 'fid',
    detailFields: {
      owner_address: 'string',
      username: 'text',
      display_name: 'text',
      bio: 'text',
      profile_picture_url: 'text',
      signer_public_key: 'text',
    },
  },
];
