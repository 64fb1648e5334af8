/**
 * The Farcaster method's typed API calls (issue 11's recipe; issue 16), part of `ApiClient`
 * through the API registry (`api/methods/index.ts`).
 * Routes: `ROUTES.farcaster*` (spec section 7; Sign In With Farcaster, FIP-11, through a relay).
 */
import {
  type AccountUpdateResponse,
  type AuthenticateResponse,
  FARCASTER_METHOD,
  type FarcasterAuthenticateRequest,
  type FarcasterInitRequest,
  type FarcasterInitResponse,
  type FarcasterLinkRequest,
  type FarcasterSigner,
  type FarcasterSignerRequest,
  type FarcasterStatusRequest,
  type FarcasterStatusResponse,
  type FarcasterUnlinkRequest,
} from '@latchkey/api';
import type { ApiRoutes, BearerOption } from '../../api/request.ts';

/** The Farcaster calls of `ApiClient`. Each may throw `ApiError`, `TimeoutError` or `NetworkError`. */
export type FarcasterApi = {
  /**
   * `POST /api/v1/farcaster/init` `{token?}`: open a relay channel (`token` is the captcha
   * token; a link sends the bearer token) -> `{channel_token, connect_uri, expires_at}`
   * (`expires_at` in Unix seconds). Never retried.
   */
  farcasterInit(
    parameters: FarcasterInitRequest,
    options?: BearerOption,
  ): Promise<FarcasterInitResponse>;
  /**
   * `POST /api/v1/farcaster/status` `{channel_token}`: `{state: 'pending'}` or
   * `{state: 'completed', fid, username, display_name, profile_picture_url}`. Never retried
   * (the poll's next tick is the retry).
   */
  farcasterStatus(
    parameters: FarcasterStatusRequest,
    options?: BearerOption,
  ): Promise<FarcasterStatusResponse>;
  /** `POST /api/v1/farcaster/authenticate` `{channel_token, token?}`: log in. Never retried. */
  farcasterAuthenticate(
    parameters: FarcasterAuthenticateRequest,
    options?: BearerOption,
  ): Promise<AuthenticateResponse>;
  /** `POST /api/v1/farcaster/link` `{channel_token}` (bearer token). Never retried. */
  farcasterLink(
    parameters: FarcasterLinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
  /** `POST /api/v1/farcaster/unlink` `{fid}` (bearer token). Never retried. */
  farcasterUnlink(
    parameters: FarcasterUnlinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
  /**
   * `POST /api/v1/farcaster/signer/status` `{ed25519_public_key}` (bearer token): the state of
   * the user's Farcaster signer with that key (issue 16; spec section 7) -> `{public_key,
   * status: 'pending_approval' | 'approved' | 'revoked', signer_approval_url}`; an `approved`
   * key is set as the user's Farcaster account's `signer_public_key`. `ApiError` `not_found`
   * (404) for a key never requested for this user. Never retried (the watch's next tick is the
   * retry). The signer's `init` is the wallet frame's own call (DPoP), not the host's.
   */
  farcasterSignerStatus(
    parameters: FarcasterSignerRequest,
    options?: BearerOption,
  ): Promise<FarcasterSigner>;
};

/**
 * The route of each call of {@link FarcasterApi} (a `POST` built by `postTo`): the contract's
 * own route table, whose keys are the calls' names (`ROUTES.farcasterInit`, ...), so the paths
 * are not written twice into the eager bundle. It also holds `farcasterSignerInit`, the wallet
 * frame's call, which `ApiClient` then has too, untyped (the table is shared, not copied).
 */
export const farcasterApiRoutes = FARCASTER_METHOD.routes satisfies ApiRoutes<FarcasterApi>;
