/**
 * Telegram login (the Telegram Login Widget; spec sections 1, 2 TELEGRAM_AUTH_SCREEN, 5 and 7),
 * link and unlink. Zod-free; the schemas are in `./telegram.schema.ts`.
 *
 * A skeleton (issue 11's proof of the method-folder recipe): the contract, routes and account
 * rules are final; the server refuses the login with `not_supported` until issue 16 adds the
 * widget verification and the app's bot token.
 */
import { defineLoginMethod, type LinkedAccountRule } from './types.ts';

const routes = {
  telegramAuthenticate: '/api/v1/telegram/authenticate',
  telegramLink: '/api/v1/telegram/link',
  telegramUnlink: '/api/v1/telegram/unlink',
} as const;

/** The Telegram method's contract. Its login-list entry is `telegram`. */
export const TELEGRAM_METHOD = defineLoginMethod({
  id: 'telegram',
  flags: [{ flag: 'telegram_auth', loginItem: 'telegram' }],
  settingObjects: ['telegram_auth_config'],
  accountTypes: ['telegram'],
  routes,
  sessionRoutes: [routes.telegramAuthenticate],
  captchaGatedRoutes: [routes.telegramAuthenticate],
});

/**
 * The Telegram method's account rules (server-only): one Telegram account per user, keyed by its
 * Telegram user id (`telegram_user_id` on the wire), with the widget's profile fields.
 */
export const TELEGRAM_ACCOUNTS: readonly LinkedAccountRule[] = [
  {
    type: 'telegram',
    subjectField: 'telegram_user_id',
    detailFields: { first_name: 'text', last_name: 'text', username: 'text', photo_url: 'text' },
  },
];
