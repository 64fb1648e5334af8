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
import { type ApiRequest, type BearerOption, postTo } from '../../api/request.ts';

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
 * Builds the SIWE calls on the client's request primitive.
 * @param request - `ApiClient.request`.
 * @returns A {@link SiweApi}.
 */
export function siweApi(request: ApiRequest): SiweApi {
  return {
    siweInit: postTo(request, ROUTES.siweInit),
    siweAuthenticate: postTo(request, ROUTES.siweAuthenticate),
    siweLink: postTo(request, ROUTES.siweLink),
    siweUnlink: postTo(request, ROUTES.siweUnlink),
  };
}
