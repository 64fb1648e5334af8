/**
 * The OAuth method's typed API calls (issue 11), part of `ApiClient` through the API registry
 * (`api/methods/index.ts`). Routes: `ROUTES.oauth*` (spec section 7; PKCE, RFC 7636).
 */
import {
  type AccountUpdateResponse,
  type AuthenticateResponse,
  type OAuthInitRequest,
  type OAuthInitResponse,
  type OAuthTokensWire,
  type OAuthUnlinkRequest,
  ROUTES,
  type UserResponse,
} from '@latchkey/api';
import type { ApiRoutes, BearerOption } from '../../api/request.ts';

/** Body of `oauth/authenticate` and `oauth/link`: the provider's code and the PKCE verifier. */
export type OAuthCodeBody = {
  provider: string;
  authorization_code: string;
  state_code: string;
  code_verifier: string;
};

/** Answer of `oauth/authenticate`: a session plus the provider's tokens when it sent them. */
export type OAuthLoginResponse = AuthenticateResponse & { oauth_tokens?: OAuthTokensWire };

/** The OAuth calls of `ApiClient`. Each may throw `ApiError`, `TimeoutError` or `NetworkError`. */
export type OAuthApi = {
  /**
   * `POST /api/v1/oauth/init`: the provider's authorization URL for a PKCE flow. Never retried.
   * `token` is a captcha token (logins only).
   */
  oauthInit(
    parameters: OAuthInitRequest & { token?: string },
    options?: BearerOption,
  ): Promise<OAuthInitResponse>;
  /** `POST /api/v1/oauth/authenticate`: log in with the provider's code. Never retried. */
  oauthAuthenticate(parameters: OAuthCodeBody): Promise<OAuthLoginResponse>;
  /** `POST /api/v1/oauth/link` (bearer token): link the provider's account. Never retried. */
  oauthLink(
    parameters: OAuthCodeBody,
    options?: BearerOption,
  ): Promise<{ user: UserResponse['user']; oauth_tokens?: OAuthTokensWire }>;
  /** `POST /api/v1/oauth/unlink` `{provider, subject}` (bearer token). Never retried. */
  oauthUnlink(
    parameters: OAuthUnlinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
};

/**
 * The route of each call of {@link OAuthApi}: a `POST` of the call's body, never retried, with the
 * optional bearer override (`postTo` in `api/request.ts`). `createApiClient` builds the calls.
 */
export const oauthApiRoutes = {
  oauthInit: ROUTES.oauthInit,
  oauthAuthenticate: ROUTES.oauthAuthenticate,
  oauthLink: ROUTES.oauthLink,
  oauthUnlink: ROUTES.oauthUnlink,
} as const satisfies ApiRoutes<OAuthApi>;
