/**
 * The Telegram method's client actions (spec sections 1, 2, 5 and 7; issue 16): log in, link and
 * unlink with the Telegram Login Widget's answer or a Telegram Mini App's init data. The server
 * verifies either with the app's bot token, once.
 */
import type { TelegramAuthResult } from '@latchkey/api';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { updateUser } from '../../actions/updateUser.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';

/**
 * A Telegram proof: the Login Widget's answer (`id`, names, `auth_date` in Unix seconds, `hash`)
 * or a Mini App's raw init data (`Telegram.WebApp.initData`, or `tgWebAppData` of the launch
 * URL's hash).
 */
export type TelegramProofParameters =
  | { authResult: TelegramAuthResult; webAppData?: undefined }
  | { webAppData: string; authResult?: undefined };

/** Parameters of {@link TelegramActions.loginWithTelegram}. */
export type LoginWithTelegramParameters = TelegramProofParameters & {
  /** The captcha token when the app has `captcha_enabled` (spec section 4). */
  captchaToken?: string;
};

/** The wire fields of a proof (`telegram_auth_result` or `telegram_web_app_data`). */
const proofBody = (proof: TelegramProofParameters) =>
  proof.authResult
    ? { telegram_auth_result: proof.authResult }
    : { telegram_web_app_data: proof.webAppData };

/** The Telegram method's part of the client. */
export interface TelegramActions {
  /**
   * Logs in (or signs up) with the widget's answer or a Mini App's init data
   * (`POST /api/v1/telegram/authenticate`).
   * @throws `AlreadyLoggedInError` while logged in; `ApiError` `disallowed_login_method` when
   *   the app has Telegram off, `not_supported` when it has no bot, `invalid_credentials` for a
   *   proof that is forged, older than the app's window (default 300 s) or used before.
   */
  loginWithTelegram(parameters: LoginWithTelegramParameters): Promise<AuthenticateResult>;
  /**
   * Links the proof's Telegram account to the logged-in user (`POST /api/v1/telegram/link`;
   * a bare widget answer is taken as `{ authResult }`).
   * @throws `LatchkeyError` `missing_or_invalid_token` when logged out; `ApiError`
   *   `disallowed_login_method` unless the app's `link_enabled`, else as for login.
   */
  linkTelegram(proof: TelegramProofParameters | TelegramAuthResult): Promise<User>;
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
    async loginWithTelegram({ captchaToken, ...proof }) {
      requireLoggedOut(store);
      return completeLogin(
        store,
        await api.telegramAuthenticate({
          ...proofBody(proof as TelegramProofParameters),
          ...(captchaToken ? { token: captchaToken } : {}),
        }),
      );
    },
    linkTelegram(proof) {
      const body = proofBody('hash' in proof ? { authResult: proof as TelegramAuthResult } : proof);
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
