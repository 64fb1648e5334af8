/**
 * The SIWE method's typed API calls (issue 11), part of `ApiClient` through the API registry
 * (`api/methods/index.ts`). Routes: `ROUTES.siwe*` (spec section 7, EIP-4361).
 */
import {
  type AccountUpdateResponse,
  type AuthenticateResponse,
  ROUTES,
  type SiweAuthenticateRequest,
  type SiweInitRequest,
  type SiweInitResponse,
  type SiweLinkResponse,
  type SiweUnlinkRequest,
} from '@latchkey/api';
import type { ApiRoutes, BearerOption } from '../../api/request.ts';

/** The SIWE calls of `ApiClient`. Each may throw `ApiError`, `TimeoutError` or `NetworkError`. */
export type SiweApi = {
  /**
   * `POST /api/v1/siwe/init`: a single-use nonce for `address`. Never retried. With
   * `accessToken` (a link, issue 6) the server skips the login gates (captcha, allowlist).
   */
  siweInit(
    parameters: SiweInitRequest,
    options?: { accessToken?: string | null },
  ): Promise<SiweInitResponse>;
  /** `POST /api/v1/siwe/authenticate`: log in with a signed EIP-4361 message. Never retried. */
  siweAuthenticate(parameters: SiweAuthenticateRequest): Promise<AuthenticateResponse>;
  /** `POST /api/v1/siwe/link` (bearer token): link a wallet to the logged-in user. Never retried. */
  siweLink(parameters: SiweAuthenticateRequest, options?: BearerOption): Promise<SiweLinkResponse>;
  /** `POST /api/v1/siwe/unlink` `{address}` (bearer token). Never retried. */
  siweUnlink(parameters: SiweUnlinkRequest, options?: BearerOption): Promise<AccountUpdateResponse>;
};

/**
 * The route of each call of {@link SiweApi}: a `POST` of the call's body, never retried, with the
 * optional bearer override (`postTo` in `api/request.ts`). `createApiClient` builds the calls.
 */
export const siweApiRoutes = {
  siweInit: ROUTES.siweInit,
  siweAuthenticate: ROUTES.siweAuthenticate,
  siweLink: ROUTES.siweLink,
  siweUnlink: ROUTES.siweUnlink,
} as const satisfies ApiRoutes<SiweApi>;
