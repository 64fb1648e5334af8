/**
 * The Telegram method's logic (spec sections 1, 5 and 7). A skeleton (issue 11's proof of the
 * method-folder recipe): the flag, the account rules and unlinking are real; verifying the
 * Telegram Login Widget's answer needs the app's bot token, a server-side secret that issue 16
 * adds (with the data-check-string HMAC, the `auth_date` window and single use). Until then a
 * login or link is refused with `not_supported`, never accepted unverified.
 */
import type { TelegramAuthResult } from '@latchkey/api';
import type { ServerContext } from '../../context.ts';
import type { AppRow } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { unlinkAccount } from '../../users/accounts.ts';

/** `linked_accounts.type` of a Telegram account (the contract's `accountTypes`). */
export const TELEGRAM_ACCOUNT_TYPE = 'telegram';

/** Message of `not_supported` while the widget's answer cannot be verified (issue 16). */
export const TELEGRAM_NOT_VERIFIABLE_MESSAGE =
  'Telegram login is not available yet: this server cannot verify Telegram Login Widget answers';

/** @throws ApiError `disallowed_login_method` (403) when the app's `telegram_auth` is off. */
export function assertTelegramEnabled(app: AppRow): void {
  if (!app.telegramAuth) {
    throw new ApiError('disallowed_login_method', 'Telegram login is not enabled for this app');
  }
}

/**
 * Verifies a Telegram Login Widget answer for `app`. Not built yet (issue 16, which makes it
 * return the Telegram user id, the account's subject): it always refuses, so no unverified
 * answer is ever trusted.
 * @throws ApiError `disallowed_login_method` (403) when Telegram login is off; `not_supported`
 *   (400) otherwise.
 */
export function verifyTelegramAuthResult(app: AppRow, _result: TelegramAuthResult): never {
  assertTelegramEnabled(app);
  throw new ApiError('not_supported', TELEGRAM_NOT_VERIFIABLE_MESSAGE);
}

/**
 * Unlinks the user's Telegram account `telegramUserId` (spec section 7).
 * @throws ApiError `account_not_linked`, `cannot_unlink_last_account` (the account policy).
 */
export async function unlinkTelegram(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  telegramUserId: string,
): Promise<void> {
  await unlinkAccount(ctx.db, app.id, userId, TELEGRAM_ACCOUNT_TYPE, telegramUserId);
}
