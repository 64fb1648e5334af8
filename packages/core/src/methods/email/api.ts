/**
 * The email method's typed API calls (issue 11), part of `ApiClient` through the API registry
 * (`api/methods/index.ts`). Routes: `ROUTES.passwordless*` (spec section 7).
 */
import {
  type AccountUpdateResponse,
  type AuthenticateResponse,
  type CodeSentResponse,
  type PasswordlessAuthenticateRequest,
  type PasswordlessInitRequest,
  type PasswordlessLinkRequest,
  type PasswordlessUnlinkRequest,
  type PasswordlessUpdateRequest,
  ROUTES,
} from '@latchkey/api';
import type { ApiRoutes, BearerOption } from '../../api/request.ts';

/** The email calls of `ApiClient`. Each may throw `ApiError`, `TimeoutError` or `NetworkError`. */
export type EmailApi = {
  /**
   * `POST /api/v1/passwordless/init`. Never retried. `token` is a captcha token.
   * `options.accessToken` overrides the bearer (the client sends it only while logged in:
   * link and update-email flows skip the captcha gate).
   */
  sendEmailCode(
    parameters: PasswordlessInitRequest,
    options?: { accessToken?: string | null },
  ): Promise<CodeSentResponse>;
  /** `POST /api/v1/passwordless/authenticate`. Never retried. */
  authenticateEmail(parameters: PasswordlessAuthenticateRequest): Promise<AuthenticateResponse>;
  /** `POST /api/v1/passwordless/link` `{email, code}` (bearer token). Never retried. */
  linkEmail(
    parameters: PasswordlessLinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
  /** `POST /api/v1/passwordless/update` `{oldAddress, newAddress, code}` (bearer token). */
  updateEmail(
    parameters: PasswordlessUpdateRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
  /** `POST /api/v1/passwordless/unlink` `{address}` (bearer token). Never retried. */
  unlinkEmail(
    parameters: PasswordlessUnlinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
};

/**
 * The route of each call of {@link EmailApi}: a `POST` of the call's body, never retried, with the
 * optional bearer override (`postTo` in `api/request.ts`). `createApiClient` builds the calls.
 */
export const emailApiRoutes = {
  sendEmailCode: ROUTES.passwordlessInit,
  authenticateEmail: ROUTES.passwordlessAuthenticate,
  linkEmail: ROUTES.passwordlessLink,
  updateEmail: ROUTES.passwordlessUpdate,
  unlinkEmail: ROUTES.passwordlessUnlink,
} as const satisfies ApiRoutes<EmailApi>;
