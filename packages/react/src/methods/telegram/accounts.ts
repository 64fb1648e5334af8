/**
 * The Telegram method's account helpers (issue 11's recipe): its part of `useUnlinkAccount`,
 * listed in `METHOD_ACCOUNTS` (`../links.ts`). Linking waits for the widget (issue 16).
 */
import type { User } from '@latchkey/core';
import type { MethodAccounts } from '../linkTypes.ts';

/** The Telegram call of `useUnlinkAccount`. */
export interface TelegramUnlinkActions {
  /**
   * `POST /api/v1/telegram/unlink` `{telegram_user_id}` (spec section 7).
   * @throws `ApiError` `account_not_linked`, `cannot_unlink_last_account`.
   */
  unlinkTelegram: (telegramUserId: string) => Promise<User>;
}

export const telegramAccounts = {
  unlinkActions: (client): TelegramUnlinkActions => ({
    unlinkTelegram: (telegramUserId) => client.unlinkTelegram(telegramUserId),
  }),
} satisfies MethodAccounts;
