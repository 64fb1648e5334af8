/** The Telegram login method's server module (issue 16): widget and Mini App login, link, unlink. */
import { TELEGRAM_METHOD } from '@latchkey/api';
import { telegramBots, usedTelegramProofs } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { telegramAdminRoutes } from './adminRoutes.ts';
import { telegramRoutes } from './routes.ts';

/**
 * Telegram Login Widget and Mini App (init data) login, verified with the app's bot token. Parts:
 * the admin route `PUT .../telegram`, the `latchkey telegram set` command, and in development
 * a stand-in for Telegram's login popup (`dev/standin.ts`) with the dev app's bot.
 */
export const telegramMethod = defineServerMethod({
  contract: TELEGRAM_METHOD,
  routes: telegramRoutes,
  tables: [telegramBots, usedTelegramProofs],
  adminRoutes: telegramAdminRoutes,
  devSeed: () => import('./devSeed.ts').then((m) => m.devSeed),
  cli: () => import('./cli.ts').then((m) => m.cli),
});
