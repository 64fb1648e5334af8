/**
 * Telegram login (the Telegram Login Widget; spec sections 1, 2 TELEGRAM_AUTH_SCREEN, 5 and 7),
 * link and unlink. Zod-free; the schemas are in `./telegram.schema.ts`.
 *
 * Issue 16: the server verifies the widget's answer (or a Mini App's init data) with the app's
 * bot token, a server-side secret set by the admin route below or `latchkey telegram set`.
 */
import { defineLoginMethod, type LinkedAccountRule } from './types.ts';

const routes = {
  /** `GET ?app_id=`: the Login Widget script for the app's bot (spec section 7: from the API origin). */
  telegramWidget: '/api/v1/telegram/widget.js',
  telegramAuthenticate: '/api/v1/telegram/authenticate',
  telegramLink: '/api/v1/telegram/link',
  telegramUnlink: '/api/v1/telegram/unlink',
} as const;

/** Telegram's origin of the Login Widget's popup (`/auth`, `/auth/get`). */
export const TELEGRAM_WIDGET_URL = 'https://oauth.telegram.org';

/** Seconds a widget answer or init data may be old (`auth_date`) unless the app sets another. */
export const TELEGRAM_AUTH_MAX_AGE_S = 300;

/** `PUT` (admin API, HTTP Basic app secret): the app's bot (`adminTelegramBotRequest`). */
export const telegramAdminRoute = (appId: string) =>
  `/api/v1/admin/apps/${encodeURIComponent(appId)}/telegram`;
/** Hono pattern of {@link telegramAdminRoute}. */
export const TELEGRAM_ADMIN_ROUTE_PATTERN = '/api/v1/admin/apps/:appId/telegram';

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
