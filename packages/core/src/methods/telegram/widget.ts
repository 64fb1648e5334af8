/**
 * The Telegram Login Widget in the browser (issue 16): the script the API serves from its own
 * origin (`GET /api/v1/telegram/widget.js?app_id=`, spec section 7), which defines
 * `window.Telegram.Login.auth(options, callback)` (Telegram's popup protocol). Loaded once per
 * script URL, ahead of the click, so the click can open the popup inside its gesture.
 */
import type { TelegramAuthResult } from '@latchkey/api';

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

/** The widget script's URL for `appId` on the API at `apiUrl`. */
export const telegramWidgetUrl = (apiUrl: string, appId: string, route: string) =>
  `${apiUrl}${route}?app_id=${encodeURIComponent(appId)}`;

/** The widget of `src` if its script has loaded, else undefined (synchronous, for a click). */
export function loadedTelegramWidget(src: string): TelegramLoginWidget | undefined {
  return loaded.get(src);
}

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
