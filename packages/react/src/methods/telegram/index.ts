/**
 * The Telegram method's login-list part (issue 16): while its button shows, the Login Widget
 * script is loaded from the API (`prepare`), so that the click opens Telegram's window inside
 * its gesture (through the captcha gate) and TELEGRAM_AUTH_SCREEN waits for it. A click before
 * the script is in opens the screen, whose 'Continue with Telegram' opens the window.
 * Screens: `./screens.ts`; account helpers: `./accounts.ts`.
 */
import { TELEGRAM_METHOD } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import type { LoginMethodUi } from '../types.ts';
import { TelegramIcon } from './icon.tsx';
import { loginWithTelegramWidget, prepareTelegramWidget, telegramWidgetReady } from './widget.ts';

/** Display name of the `telegram` login-list entry (a brand name, not translated). */
const LABEL = 'Telegram';

/** Telegram (Login Widget). */
export const telegramUi: LoginMethodUi = {
  contract: TELEGRAM_METHOD,
  labels: { telegram: LABEL },
  itemIcon: TelegramIcon,
  prepare: (client) => {
    // A failure (no bot) shows when the button is clicked: the screen says so.
    prepareTelegramWidget(client).catch(() => {});
  },
  start: ({ client, navigate, withCaptcha }) => {
    if (!client) {
      navigate(SCREEN.TELEGRAM_AUTH_SCREEN, { method: LABEL });
      return;
    }
    void withCaptcha(
      (captchaToken) => {
        if (!telegramWidgetReady(client)) {
          navigate(SCREEN.TELEGRAM_AUTH_SCREEN, { method: LABEL, telegram: { widget: true } });
          return;
        }
        const options = captchaToken ? { captchaToken } : {};
        const result = loginWithTelegramWidget(client, options);
        result.catch(() => {}); // the screen reports it
        navigate(SCREEN.TELEGRAM_AUTH_SCREEN, {
          method: LABEL,
          telegram: { widget: true, result },
        });
      },
      { gesture: true },
    );
  },
};
