/**
 * The Telegram method's part of the client `User` (issue 16; spec section 3): `telegram`
 * accounts, camelCase. Joined through the wire registry (`api/methods/index.ts`).
 */
import type { MethodUserPart, Verification, WireAccountOf } from '../../session/methodUser.ts';

/** A Telegram account linked to a user, with the profile of its latest login. */
export type TelegramAccount = {
  type: 'telegram';
  /** Telegram user id, decimal. */
  telegramUserId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
} & Verification;

/** Reads the wire `telegram` accounts (no `User` field of its own). */
export const telegramUser: MethodUserPart<TelegramAccount> = {
  reads: (type) => type === 'telegram',
  toAccount: (account, verification) => {
    const wire = account as WireAccountOf<'telegram'>;
    return {
      type: 'telegram',
      telegramUserId: wire.telegram_user_id,
      firstName: wire.first_name,
      lastName: wire.last_name,
      username: wire.username,
      photoUrl: wire.photo_url,
      ...verification,
    };
  },
};
