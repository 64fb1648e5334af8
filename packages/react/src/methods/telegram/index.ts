/**
 * The Telegram method's login-list part (issue 11's recipe; issue 16 draws the Telegram Login
 * Widget): its button opens TELEGRAM_AUTH_SCREEN, which says the method is not configured until
 * the widget is built. Screens: `./screens.ts`; account helpers: `./accounts.ts`.
 */
import { TELEGRAM_METHOD } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import type { LoginMethodUi } from '../types.ts';
import { TelegramIcon } from './icon.tsx';

/** Display name of the `telegram` login-list entry (a brand name, not translated). */
const LABEL = 'Telegram';

/** Telegram (Login Widget). */
export const telegramUi: LoginMethodUi = {
  contract: TELEGRAM_METHOD,
  labels: { telegram: LABEL },
  itemIcon: TelegramIcon,
  start: ({ navigate }) => navigate(SCREEN.TELEGRAM_AUTH_SCREEN, { method: LABEL }),
};
