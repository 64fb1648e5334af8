/**
 * The Telegram Login Widget in the browser (issue 16): the script the API serves from its own
 * origin (`GET /api/v1/telegram/widget.js?app_id=`, spec section 7), which defines
 * `window.Telegram.Login.auth(options, callback)` (Telegram's popup protocol). The login list
 * loads it while the Telegram button shows (`prepareTelegramWidget`), so that the click opens
 * the window inside its gesture (`loginWithTelegramWidget`, `linkTelegramWidget`). Kept in the
 * modal's Telegram folder, not in core: only apps with Telegram load it.
 */
import { ROUTES, type TelegramAuthResult } from '@latchkey/api';
import {
  type AuthenticateResult,
  type LatchkeyClient,
  LatchkeyError,
  type User,
} from '@latchkey/core';

/** `window.Telegram.Login` as the widget script defines it. */
export interface TelegramLoginWidget {
  /**
   * Opens Telegram's login window for bot `bot_id`; `callback` gets the signed answer, or
   * `false` when the user declined or closed the window, or the browser blocked it.
   */
  auth(
    options: { bot_id: string; request_access?: string; lang?: string },
    callback: (result: TelegramAuthResult | false) => void,
  ): void;
}

const loading = new Map<string, Promise<TelegramLoginWidget>>();
const loaded = new Map<string, TelegramLoginWidget>();
/** The bot id of each prepared client. */
const bots = new WeakMap<LatchkeyClient, string>();

const scriptUrl = (client: LatchkeyClient) =>
  `${client.apiUrl.replace(/\/+$/, '')}${ROUTES.telegramWidget}?app_id=${encodeURIComponent(client.appId)}`;

/**
 * Loads the widget script `src` once (a `<script>` in `document.head`).
 * @returns `window.Telegram.Login` once loaded.
 * @throws Error when the script fails to load (404: the app has no bot) or defines no widget;
 *   a later call tries again.
 */
export function loadTelegramWidget(src: string): Promise<TelegramLoginWidget> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<TelegramLoginWidget>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const widget = (window as { Telegram?: { Login?: TelegramLoginWidget } }).Telegram?.Login;
        if (widget && typeof widget.auth === 'function') {
          loaded.set(src, widget);
          resolve(widget);
        } else reject(new Error('The Telegram widget script defined no Telegram.Login'));
      };
      script.onerror = () => reject(new Error(`The Telegram widget script did not load: ${src}`));
      document.head.append(script);
    });
    promise.catch(() => loading.delete(src));
    loading.set(src, promise);
  }
  return promise;
}

/**
 * Loads the widget script and the app's bot id for `client`.
 * @throws `LatchkeyError` `not_supported` when the app has Telegram off or no bot;
 *   `network_error` when the script does not load.
 */
export async function prepareTelegramWidget(client: LatchkeyClient): Promise<void> {
  const config = await client.getAppConfig();
  const botId = config.telegram_auth ? config.telegram_auth_config?.bot_id : undefined;
  if (!botId) {
    throw new LatchkeyError('Telegram login is not configured for this app', {
      code: 'not_supported',
    });
  }
  try {
    await loadTelegramWidget(scriptUrl(client));
  } catch (error) {
    throw new LatchkeyError('The Telegram login widget did not load', {
      code: 'network_error',
      cause: error,
    });
  }
  bots.set(client, botId);
}

/** True once {@link prepareTelegramWidget} has finished for `client` (synchronous). */
export function telegramWidgetReady(client: LatchkeyClient): boolean {
  return bots.has(client) && loaded.has(scriptUrl(client));
}

/** Opens the window now (inside the caller's gesture); resolves with the signed answer. */
function openWidget(client: LatchkeyClient): Promise<TelegramAuthResult> {
  const widget = loaded.get(scriptUrl(client));
  const botId = bots.get(client);
  if (!widget || !botId) {
    const error = new LatchkeyError('The Telegram login widget is not loaded yet', {
      code: 'not_supported',
    });
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    widget.auth({ bot_id: botId, request_access: 'write' }, (result) => {
      if (result) resolve(result);
      else reject(new LatchkeyError('Telegram login was canceled', { code: 'exited_auth_flow' }));
    });
  });
}

/**
 * Opens Telegram's login window (synchronously: call it in the click) and logs in with its
 * answer (`client.loginWithTelegram`).
 * @throws `LatchkeyError` `not_supported` before {@link prepareTelegramWidget} has finished;
 *   `exited_auth_flow` when the user declined or closed the window (or it was blocked); what
 *   `loginWithTelegram` throws.
 */
export function loginWithTelegramWidget(
  client: LatchkeyClient,
  { captchaToken }: { captchaToken?: string } = {},
): Promise<AuthenticateResult> {
  return openWidget(client).then((authResult) =>
    client.loginWithTelegram({ authResult, ...(captchaToken ? { captchaToken } : {}) }),
  );
}

/**
 * As {@link loginWithTelegramWidget}, linking the account to the logged-in user
 * (`client.linkTelegram`; the app needs `link_enabled`).
 */
export function linkTelegramWidget(client: LatchkeyClient): Promise<User> {
  return openWidget(client).then((authResult) => client.linkTelegram({ authResult }));
}
