/**
 * The Telegram method's client actions (spec sections 1, 5 and 7; issue 11's recipe): log in,
 * link and unlink with the Telegram Login Widget's answer. The server refuses logins and links
 * with `not_supported` until issue 16 builds the widget verification.
 */
import type { TelegramAuthResult } from '@latchkey/api';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { updateUser } from '../../actions/updateUser.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';

/** Parameters of {@link TelegramActions.loginWithTelegram}. */
export type LoginWithTelegramParameters = {
  /** The Telegram Login Widget's answer (`id`, names, `auth_date` in Unix seconds, `hash`). */
  authResult: TelegramAuthResult;
  /** The captcha token when the app has `captcha_enabled` (spec section 4). */
  captchaToken?: string;
};

/** The Telegram method's part of the client. */
export interface TelegramActions {
  /**
   * Logs in (or signs up) with the widget's answer (`POST /api/v1/telegram/authenticate`).
   * @throws `AlreadyLoggedInError` while logged in; `ApiError` `disallowed_login_method` when
   *   the app has Telegram off, `not_supported` until the server can verify answers, as answered.
   */
  loginWithTelegram(parameters: LoginWithTelegramParameters): Promise<AuthenticateResult>;
  /**
   * Links the widget's Telegram account to the logged-in user (`POST /api/v1/telegram/link`).
   * @throws `LatchkeyError` `missing_or_invalid_token` when logged out; `ApiError` as answered.
   */
  linkTelegram(authResult: TelegramAuthResult): Promise<User>;
  /**
   * Unlinks the Telegram account `telegramUserId` (`POST /api/v1/telegram/unlink`).
   * @throws `LatchkeyError` `missing_or_invalid_token` when logged out; `ApiError`
   *   `account_not_linked`, `cannot_unlink_last_account`.
   */
  unlinkTelegram(telegramUserId: string): Promise<User>;
}

/** Builds the Telegram actions on `store`. */
export function telegramActions(store: SessionStore): TelegramActions {
  const { api, text } = store;
  return {
    async loginWithTelegram({ authResult, captchaToken }) {
      requireLoggedOut(store);
      return completeLogin(
        store,
        await api.telegramAuthenticate({
          telegram_auth_result: authResult,
          ...(captchaToken ? { token: captchaToken } : {}),
        }),
      );
    },
    linkTelegram(authResult) {
      const body = { telegram_auth_result: authResult };
      return updateUser(
        store,
        (bearer) => api.telegramLink(body, bearer),
        text.mustBeLoggedInToLink,
      );
    },
    unlinkTelegram(telegramUserId) {
      const body = { telegram_user_id: telegramUserId.trim() };
      return updateUser(store, (bearer) => api.telegramUnlink(body, bearer));
    },
  };
}
