/**
 * The SMS method's typed API calls (issue 11), part of `ApiClient` through the API registry
 * (`api/methods/index.ts`). Routes: `ROUTES.passwordlessSms*` (spec section 7).
 */
import {
  type AccountUpdateResponse,
  type AuthenticateResponse,
  type CodeSentResponse,
  type PasswordlessSmsAuthenticateRequest,
  type PasswordlessSmsInitRequest,
  type PasswordlessSmsLinkRequest,
  type PasswordlessSmsUnlinkRequest,
  ROUTES,
} from '@latchkey/api';
import type { ApiRoutes, BearerOption } from '../../api/request.ts';

/** The SMS calls of `ApiClient`. Each may throw `ApiError`, `TimeoutError` or `NetworkError`. */
export type SmsApi = {
  /**
   * `POST /api/v1/passwordless_sms/init`. Never retried. `token` is a captcha token;
   * `options.accessToken` overrides the bearer, as for `sendEmailCode`.
   */
  sendSmsCode(
    parameters: PasswordlessSmsInitRequest,
    options?: { accessToken?: string | null },
  ): Promise<CodeSentResponse>;
  /** `POST /api/v1/passwordless_sms/authenticate`. Never retried. */
  authenticateSms(parameters: PasswordlessSmsAuthenticateRequest): Promise<AuthenticateResponse>;
  /** `POST /api/v1/passwordless_sms/link` `{phoneNumber, code}` (bearer token). Never retried. */
  linkSms(
    parameters: PasswordlessSmsLinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
  /** `POST /api/v1/passwordless_sms/unlink` `{phoneNumber}` (bearer token). Never retried. */
  unlinkSms(
    parameters: PasswordlessSmsUnlinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
};

/**
 * The route of each call of {@link SmsApi}: a `POST` of the call's body, never retried, with the
 * optional bearer override (`postTo` in `api/request.ts`). `createApiClient` builds the calls.
 */
export const smsApiRoutes = {
  sendSmsCode: ROUTES.passwordlessSmsInit,
  authenticateSms: ROUTES.passwordlessSmsAuthenticate,
  linkSms: ROUTES.passwordlessSmsLink,
  unlinkSms: ROUTES.passwordlessSmsUnlink,
} as const satisfies ApiRoutes<SmsApi>;
