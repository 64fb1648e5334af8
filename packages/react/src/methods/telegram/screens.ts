/**
 * The Telegram method's screens (issue 16): TELEGRAM_AUTH_SCREEN, lazy. It shows a running
 * Telegram login (seamless Mini App login, the widget's redirect); without one it says the
 * method is not configured (the Login Widget's popup comes next).
 */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const telegramScreens: ScreenEntries = {
  [SCREEN.TELEGRAM_AUTH_SCREEN]: {
    component: lazyScreen(() => import('./screens/TelegramAuth/TelegramAuth.tsx')),
    back: SCREEN.LANDING,
  },
};
