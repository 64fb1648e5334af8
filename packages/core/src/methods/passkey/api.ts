/**
 * The passkey method's typed API calls (issue 11), part of `ApiClient` through the API registry
 * (`api/methods/index.ts`). Routes: `ROUTES.passkey*` (spec section 7, WebAuthn Level 3).
 */
import {
  type AccountUpdateResponse,
  type AuthenticateResponse,
  type PasskeyOptionsResponse,
  type PasskeyUnlinkRequest,
  ROUTES,
} from '@latchkey/api';
import { type ApiRequest, type BearerOption, postTo } from '../../api/request.ts';

/** The passkey calls of `ApiClient`. Each may throw `ApiError`, `TimeoutError` or `NetworkError`. */
export type PasskeyApi = {
  /**
   * `POST /api/v1/passkeys/register/init`: WebAuthn registration options (sign-up, or a link
   * with the bearer token). `token` is a captcha token. Never retried.
   */
  passkeyRegisterInit(
    parameters: { token?: string },
    options?: BearerOption,
  ): Promise<PasskeyOptionsResponse>;
  /** `POST /api/v1/passkeys/register/authenticate`: sign up with a new passkey. Never retried. */
  passkeyRegister(
    parameters: { response: unknown },
    options?: BearerOption,
  ): Promise<AuthenticateResponse>;
  /** `POST /api/v1/passkeys/register/link` (bearer token): add a passkey. Never retried. */
  passkeyLink(
    parameters: { response: unknown },
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
  /** `POST /api/v1/passkeys/authenticate/init`: WebAuthn authentication options. Never retried. */
  passkeyAuthenticateInit(
    parameters: { token?: string },
    options?: BearerOption,
  ): Promise<PasskeyOptionsResponse>;
  /** `POST /api/v1/passkeys/authenticate`: log in with a passkey. Never retried. */
  passkeyAuthenticate(
    parameters: { response: unknown },
    options?: BearerOption,
  ): Promise<AuthenticateResponse>;
  /** `POST /api/v1/passkeys/unlink` `{credential_id}` (bearer token). Never retried. */
  passkeyUnlink(
    parameters: PasskeyUnlinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
};

/**
 * Builds the passkey calls on the client's request primitive.
 * @param request - `ApiClient.request`.
 * @returns A {@link PasskeyApi}.
 */
export function passkeyApi(request: ApiRequest): PasskeyApi {
  return {
    passkeyRegisterInit: postTo(request, ROUTES.passkeyRegisterInit),
    passkeyRegister: postTo(request, ROUTES.passkeyRegisterAuthenticate),
    passkeyLink: postTo(request, ROUTES.passkeyRegisterLink),
    passkeyAuthenticateInit: postTo(request, ROUTES.passkeyAuthenticateInit),
    passkeyAuthenticate: postTo(request, ROUTES.passkeyAuthenticate),
    passkeyUnlink: postTo(request, ROUTES.passkeyUnlink),
  };
}
