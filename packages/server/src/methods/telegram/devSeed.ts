/** The dev app's Telegram settings (`dev/seed.ts`; the module's `devSeed`, issue 16). */
import type { MethodDevSeed } from '../types.ts';
import {
  DEV_TELEGRAM_BOT_NAME,
  DEV_TELEGRAM_BOT_TOKEN,
  telegramStandInUrl,
} from './dev/standin.ts';
import { findApp } from '../../apps/records.ts';
import { setTelegramBot } from './service.ts';

/**
 * The dev app logs in with Telegram through the development stand-in of Telegram's popup
 * (`dev/standin.ts`, on the API origin): `telegram_auth` on, the dev bot, linking and seamless
 * Mini App login enabled.
 */
export const devSeed: MethodDevSeed = {
  settings: () => ({ telegram_auth: true }),
  async seed(ctx, appId) {
    const app = await findApp(ctx.db, appId);
    if (!app) return;
    await setTelegramBot(ctx, app, {
      bot_token: DEV_TELEGRAM_BOT_TOKEN,
      bot_name: DEV_TELEGRAM_BOT_NAME,
      link_enabled: true,
      seamless_auth_enabled: true,
      widget_url: telegramStandInUrl(ctx.publicUrl),
    });
  },
};
