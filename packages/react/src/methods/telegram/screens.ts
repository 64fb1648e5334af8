/** The Telegram method's screens (issue 11): 'not configured' until issue 16 draws the widget. */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

const MethodNotConfigured = lazyScreen(
  () => import('../../screens/MethodNotConfigured/MethodNotConfigured.tsx'),
);

export const telegramScreens: ScreenEntries = {
  [SCREEN.TELEGRAM_AUTH_SCREEN]: { component: MethodNotConfigured, back: SCREEN.LANDING },
};
