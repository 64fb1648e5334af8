/**
 * Telegram logins that arrive in the page URL (spec section 2, query parameters read on page
 * load; issue 16):
 * - a Telegram Mini App's launch: `#tgWebAppData=<init data>&tgWebAppVersion=...` in the hash
 *   (https://core.telegram.org/bots/webapps#initializing-mini-apps), logged in without a click
 *   when the app has `telegram_auth_config.seamless_auth_enabled`;
 * - the Login Widget's redirect mode (`data-auth-url`): `id`, `first_name`, `last_name`,
 *   `username`, `photo_url`, `auth_date` and `hash` in the query.
 * Nothing here is trusted: the server verifies either with the bot token, once.
 */
import type { TelegramAuthResult } from '@latchkey/api';

/** A Telegram login found in the page URL. */
export type TelegramLaunch =
  { kind: 'mini-app'; webAppData: string } | { kind: 'login-url'; authResult: TelegramAuthResult };

/** The Login Widget's redirect parameters (spec section 2), in the data-check-string's names. */
export const TELEGRAM_LOGIN_URL_PARAMS = [
  'id',
  'first_name',
  'last_name',
  'username',
  'photo_url',
  'auth_date',
  'hash',
] as const;

const DIGITS = /^\d{1,20}$/;

/**
 * Reads a Telegram login from `href`: Mini App init data from the hash first, else the widget's
 * redirect parameters (all of `id`, `auth_date`, `hash` and `first_name` present and
 * well-formed). Never throws.
 * @returns the launch, or null when the URL carries none.
 */
export function readTelegramLaunch(href: string): TelegramLaunch | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const hash = new URLSearchParams(url.hash.slice(1));
  const webAppData = hash.get('tgWebAppData');
  if (webAppData) return { kind: 'mini-app', webAppData };
  const q = url.searchParams;
  const id = q.get('id');
  const authDate = q.get('auth_date');
  const sig = q.get('hash');
  const firstName = q.get('first_name');
  if (!id || !DIGITS.test(id) || !authDate || !DIGITS.test(authDate) || !firstName) return null;
  if (!sig || !/^[0-9a-f]{64}$/.test(sig)) return null;
  const authResult: TelegramAuthResult = {
    id: Number(id),
    first_name: firstName,
    auth_date: Number(authDate),
    hash: sig,
  };
  for (const key of ['last_name', 'username', 'photo_url'] as const) {
    const value = q.get(key);
    if (value !== null) authResult[key] = value;
  }
  return { kind: 'login-url', authResult };
}

/**
 * `href` without the Login Widget's redirect parameters (so a reload does not replay them).
 * The Mini App hash is kept: Telegram's own Mini App script reads it too.
 */
export function stripTelegramLoginUrl(href: string): string {
  const url = new URL(href);
  for (const key of TELEGRAM_LOGIN_URL_PARAMS) url.searchParams.delete(key);
  return url.toString();
}
