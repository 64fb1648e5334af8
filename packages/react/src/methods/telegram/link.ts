/**
 * What the provider needs of the Telegram method (issue 16): see `../linkTypes.ts`, MethodLink.
 * On mount it reads a Telegram login from the page URL (spec section 2): a Mini App's
 * `#tgWebAppData` (logged in without a click when the app has `seamless_auth_enabled`) or the
 * Login Widget's redirect parameters (stripped from the URL at once); either opens the modal on
 * TELEGRAM_AUTH_SCREEN with the running login, which then goes on like every login (consent,
 * wallet creation). Nothing happens while a user is logged in or the app has Telegram off.
 */
import { TELEGRAM_METHOD } from '@latchkey/api';
import { type AuthenticateResult, SCREEN, type User } from '@latchkey/core';
import type { MethodLink, ProviderMountContext } from '../linkTypes.ts';

/**
 * Starts the login of a Telegram launch in the URL, if any. The parser (`./launch.ts`) loads
 * only when the URL may carry one. @returns its cleanup.
 */
function onTelegramLaunch({ client, flow }: ProviderMountContext): (() => void) | void {
  const { hash, search } = window.location;
  if (!hash.includes('tgWebAppData=') && !search.includes('hash=')) return;
  let live = true;
  void (async () => {
    const { readTelegramLaunch, stripTelegramLoginUrl } = await import('./launch.ts');
    const launch = live ? readTelegramLaunch(window.location.href) : null;
    if (!launch) return;
    if (launch.kind === 'login-url') {
      const clean = stripTelegramLoginUrl(window.location.href);
      window.history.replaceState(window.history.state, '', clean);
    }
    await client.initialize();
    if (!live || client.getState().status === 'authenticated') return;
    const config = await client.getAppConfig().catch(() => null);
    if (!live || !config?.telegram_auth) return;
    if (launch.kind === 'mini-app' && !config.telegram_auth_config?.seamless_auth_enabled) return;
    const result = client.loginWithTelegram(
      launch.kind === 'mini-app'
        ? { webAppData: launch.webAppData }
        : { authResult: launch.authResult },
    );
    result.catch(() => {}); // TELEGRAM_AUTH_SCREEN reports it
    flow.openLogin({ screen: SCREEN.TELEGRAM_AUTH_SCREEN, params: { telegram: { result } } });
  })();
  return () => {
    live = false;
  };
}

export const telegramLink: MethodLink = {
  contract: TELEGRAM_METHOD,
  // TELEGRAM_AUTH_SCREEN in link mode links a Telegram account (`useLinkAccount().linkTelegram`).
  linkScreen: SCREEN.TELEGRAM_AUTH_SCREEN,
  onProviderMount: onTelegramLaunch,
};

declare module '../../Modal/types.ts' {
  interface ScreenParams {
    /**
     * TELEGRAM_AUTH_SCREEN (issue 16): the running login (`client.loginWithTelegram*`) or, with
     * `mode: 'link'`, link (`client.linkTelegram*`, the updated `User`).
     */
    telegram?: {
      /** The running login (or link); absent until the widget's window is opened. */
      result?: Promise<AuthenticateResult | User>;
      /** Started from the Login Widget: the screen can open its window again. */
      widget?: boolean;
    };
  }
}
