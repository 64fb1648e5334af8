/**
 * The Telegram method's typed API calls (issue 11's recipe; issue 16), part of `ApiClient`
 * through the API registry (`api/methods/index.ts`).
 * Routes: `ROUTES.telegram*` (spec section 7).
 */
import {
  type AccountUpdateResponse,
  type AuthenticateResponse,
  ROUTES,
  type TelegramAuthenticateRequest,
  type TelegramLinkRequest,
  type TelegramUnlinkRequest,
} from '@latchkey/api';
import type { ApiRoutes, BearerOption } from '../../api/request.ts';

/** The Telegram calls of `ApiClient`. Each may throw `ApiError`, `TimeoutError` or `NetworkError`. */
export type TelegramApi = {
  /**
   * `POST /api/v1/telegram/authenticate` `{telegram_auth_result | telegram_web_app_data,
   * token?}`: log in (or sign up) with the Login Widget's answer or a Mini App's init data.
   * Never retried.
   */
  telegramAuthenticate(parameters: TelegramAuthenticateRequest): Promise<AuthenticateResponse>;
  /** `POST /api/v1/telegram/link` (bearer token): link the proof's account. Never retried. */
  telegramLink(
    parameters: TelegramLinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
  /** `POST /api/v1/telegram/unlink` `{telegram_user_id}` (bearer token). Never retried. */
  telegramUnlink(
    parameters: TelegramUnlinkRequest,
    options?: BearerOption,
  ): Promise<AccountUpdateResponse>;
};

/** The route of each call of {@link TelegramApi} (a `POST` built by `postTo`). */
export const telegramApiRoutes = {
  telegramAuthenticate: ROUTES.telegramAuthenticate,
  telegramLink: ROUTES.telegramLink,
  telegramUnlink: ROUTES.telegramUnlink,
} as const satisfies ApiRoutes<TelegramApi>;
