/**
 * The Telegram method's client actions (spec sections 1, 2, 5 and 7; issue 16): log in, link and
 * unlink with the Telegram Login Widget's answer or a Telegram Mini App's init data. The server
 * verifies either with the app's bot token, once.
 */
import { ROUTES, type TelegramAuthResult } from '@latchkey/api';
import { completeLogin } from '../../actions/completeLogin.ts';
import { LatchkeyError } from '../../errors/base.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { updateUser } from '../../actions/updateUser.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';
import {
  loadedTelegramWidget,
  loadTelegramWidget,
  type TelegramLoginWidget,
  telegramWidgetUrl,
} from './widget.ts';

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
  /**
   * Loads the Login Widget script from the API and the app's bot id, so that a later click can
   * open Telegram's window inside its gesture (call it when a Telegram button shows).
   * @throws `LatchkeyError` `not_supported` when the app has Telegram off or no bot;
   *   `network_error` when the script does not load.
   */
  prepareTelegramWidget(): Promise<void>;
  /** True once {@link prepareTelegramWidget} has finished (synchronous, for a click handler). */
  telegramWidgetReady(): boolean;
  /**
   * Opens Telegram's login window (synchronously: call it in the click) and logs in with its
   * answer (`POST /api/v1/telegram/authenticate`).
   * @throws `LatchkeyError` `not_supported` before {@link prepareTelegramWidget} has finished;
   *   `exited_auth_flow` when the user declined or closed the window (or it was blocked);
   *   `AlreadyLoggedInError`; `ApiError` as {@link loginWithTelegram}.
   */
  loginWithTelegramWidget(parameters?: { captchaToken?: string }): Promise<AuthenticateResult>;
  /**
   * As {@link loginWithTelegramWidget}, linking the account to the logged-in user.
   * @throws as {@link linkTelegram}, and as {@link loginWithTelegramWidget} for the window.
   */
  linkTelegramWidget(): Promise<User>;
}

const WIDGET_NOT_READY = 'The Telegram login widget is not loaded yet';
const WIDGET_CANCELED = 'Telegram login was canceled';

/** Builds the Telegram actions on `store`. */
export function telegramActions(store: SessionStore): TelegramActions {
  const { api, text } = store;
  const src = telegramWidgetUrl(api.apiUrl, store.appId, ROUTES.telegramWidget);
  let botId: string | undefined;
  /** Opens the window now (inside the caller's gesture); resolves with the signed answer. */
  const openWidget = (): Promise<TelegramAuthResult> => {
    const widget: TelegramLoginWidget | undefined = loadedTelegramWidget(src);
    if (!widget || !botId) {
      return Promise.reject(new LatchkeyError(WIDGET_NOT_READY, { code: 'not_supported' }));
    }
    return new Promise((resolve, reject) => {
      widget.auth({ bot_id: botId!, request_access: 'write' }, (result) => {
        if (result) resolve(result);
        else reject(new LatchkeyError(WIDGET_CANCELED, { code: 'exited_auth_flow' }));
      });
    });
  };
  const actions: TelegramActions = {
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
    async prepareTelegramWidget() {
      const config = await store.getAppConfig();
      const id = config.telegram_auth ? config.telegram_auth_config?.bot_id : undefined;
      if (!id) {
        throw new LatchkeyError('Telegram login is not configured for this app', {
          code: 'not_supported',
        });
      }
      try {
        await loadTelegramWidget(src);
      } catch (error) {
        throw new LatchkeyError('The Telegram login widget did not load', {
          code: 'network_error',
          cause: error,
        });
      }
      botId = id;
    },
    telegramWidgetReady: () => Boolean(botId && loadedTelegramWidget(src)),
    loginWithTelegramWidget({ captchaToken } = {}) {
      try {
        requireLoggedOut(store);
      } catch (error) {
        return Promise.reject(error);
      }
      return openWidget().then((authResult) =>
        actions.loginWithTelegram({ authResult, ...(captchaToken ? { captchaToken } : {}) }),
      );
    },
    linkTelegramWidget() {
      return openWidget().then((authResult) => actions.linkTelegram({ authResult }));
    },
  };
  return actions;
}
