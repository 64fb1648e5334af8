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
import type { ApiRoutes, BearerOption } from '../../api/request.ts';

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
 * The route of each call of {@link PasskeyApi}: a `POST` of the call's body, never retried, with the
 * optional bearer override (`postTo` in `api/request.ts`). `createApiClient` builds the calls.
 */
export const passkeyApiRoutes = {
  passkeyRegisterInit: ROUTES.passkeyRegisterInit,
  passkeyRegister: ROUTES.passkeyRegisterAuthenticate,
  passkeyLink: ROUTES.passkeyRegisterLink,
  passkeyAuthenticateInit: ROUTES.passkeyAuthenticateInit,
  passkeyAuthenticate: ROUTES.passkeyAuthenticate,
  passkeyUnlink: ROUTES.passkeyUnlink,
} as const satisfies ApiRoutes<PasskeyApi>;
