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
};

/**
 * The route of each call of {@link FarcasterApi} (a `POST` built by `postTo`): the contract's
 * own route table, whose keys are the calls' names (`ROUTES.farcasterInit`, ...), so the paths
 * are not written twice into the eager bundle.
 */
export const farcasterApiRoutes = FARCASTER_METHOD.routes satisfies ApiRoutes<FarcasterApi>;
