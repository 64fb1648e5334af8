/**
 * The Telegram method's account helpers (issue 16): its part of `useLinkAccount` and
 * `useUnlinkAccount`, listed in `METHOD_ACCOUNTS` (`../links.ts`).
 */
import { SCREEN, type User } from '@latchkey/core';
import type { MethodAccounts } from '../linkTypes.ts';
import { linkTelegramWidget, telegramWidgetReady } from './widget.ts';

/** The Telegram helper of `useLinkAccount`. */
export interface TelegramLinkActions {
  /**
   * Links a Telegram account through the Login Widget's window (`POST /api/v1/telegram/link`;
   * the app needs `telegram_auth_config.link_enabled`). Call it inside a click: the window
   * opens at once when the widget script is loaded (it loads while a Telegram button shows),
   * else TELEGRAM_AUTH_SCREEN's 'Continue with Telegram' opens it.
   */
  linkTelegram: () => void;
}

/** The Telegram call of `useUnlinkAccount`. */
export interface TelegramUnlinkActions {
  /**
   * `POST /api/v1/telegram/unlink` `{telegram_user_id}` (spec section 7).
   * @throws `ApiError` `account_not_linked`, `cannot_unlink_last_account`.
   */
  unlinkTelegram: (telegramUserId: string) => Promise<User>;
}

const METHOD = 'Telegram';

export const telegramAccounts = {
  linkActions: ({ client, link, authenticated }): TelegramLinkActions => ({
    linkTelegram: () => {
      const params = { mode: 'link' as const, method: METHOD };
      // Logged out: `link` warns and reports must_be_authenticated; no window is opened.
      if (!authenticated) {
        link(SCREEN.TELEGRAM_AUTH_SCREEN, { ...params, telegram: { widget: true } });
        return;
      }
      if (!telegramWidgetReady(client)) {
        link(SCREEN.TELEGRAM_AUTH_SCREEN, { ...params, telegram: { widget: true } });
        return;
      }
      // The window must open inside the click: start it before any state update.
      const result = linkTelegramWidget(client);
      result.catch(() => {}); // TELEGRAM_AUTH_SCREEN reports it
      link(SCREEN.TELEGRAM_AUTH_SCREEN, { ...params, telegram: { widget: true, result } });
    },
  }),
  unlinkActions: (client): TelegramUnlinkActions => ({
    unlinkTelegram: (telegramUserId) => client.unlinkTelegram(telegramUserId),
  }),
} satisfies MethodAccounts;
