/** The Telegram login method's server module (issue 11's recipe; a skeleton until issue 16). */
import { TELEGRAM_METHOD } from '@latchkey/api';
import { defineServerMethod } from '../types.ts';
import { telegramRoutes } from './routes.ts';

/** Telegram Login Widget login, link and unlink; owns no table yet. */
export const telegramMethod = defineServerMethod({
  contract: TELEGRAM_METHOD,
  routes: (ctx) => telegramRoutes(ctx),
  tables: [],
});
