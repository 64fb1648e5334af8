/**
 * Telegram login wire schemas (spec sections 1, 2, 5 and 7; issue 16): the Telegram Login
 * Widget's answer or a Mini App's init data, log in with either, link either, unlink by Telegram
 * user id, and the admin route that sets the app's bot. The routes and flag are in
 * `./telegram.ts`.
 */
import * as z from 'zod';

/**
 * The Telegram Login Widget's answer, as Telegram documents it
 * (https://core.telegram.org/widgets/login#receiving-authorization-data): the user's id, names,
 * `auth_date` (Unix seconds) and `hash` (hex HMAC-SHA-256 of the data-check-string, keyed with
 * SHA-256 of the bot token). The server verifies it before trusting any field. Fields Telegram
 * may add later are kept (they are part of the signed data-check-string): at most 16 more,
 * strings or numbers.
 */
export const telegramAuthResult = z
  .object({
    id: z.number().int().positive(),
    first_name: z.string().max(256),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().url().max(2048).optional(),
    auth_date: z.number().int().positive(),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .catchall(z.union([z.string().max(2048), z.number()]))
  .refine((value) => Object.keys(value).length <= 23, 'Too many fields in telegram_auth_result');
export type TelegramAuthResult = z.input<typeof telegramAuthResult>;

/**
 * A Telegram Mini App's raw init data (`Telegram.WebApp.initData`, or `tgWebAppData` of the
 * launch URL's hash): a query string with `user` (JSON), `auth_date`, `hash` and more
 * (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app).
 */
export const telegramWebAppData = z.string().min(1).max(8192);

const telegramProof = {
  telegram_auth_result: telegramAuthResult.optional(),
  telegram_web_app_data: telegramWebAppData.optional(),
};
/** Exactly one of the widget's answer and a Mini App's init data. */
const exactlyOneProof = [
  (body: { telegram_auth_result?: unknown; telegram_web_app_data?: unknown }) =>
    (body.telegram_auth_result === undefined) !== (body.telegram_web_app_data === undefined),
  'Send exactly one of telegram_auth_result and telegram_web_app_data',
] as const;

/**
 * `POST /api/v1/telegram/authenticate`: log in (or sign up) with the widget's answer or a Mini
 * App's init data (seamless login). `token` is the captcha token when the app has
 * `captcha_enabled` (spec section 4).
 */
export const telegramAuthenticateRequest = z
  .object({ ...telegramProof, token: z.string().max(4096).optional() })
  .refine(...exactlyOneProof);
export type TelegramAuthenticateRequest = z.input<typeof telegramAuthenticateRequest>;

/**
 * `POST /api/v1/telegram/link` (bearer token): link the Telegram account of the widget's answer
 * or of a Mini App's init data (only when the app's `telegram_auth_config.link_enabled`).
 */
export const telegramLinkRequest = z.object(telegramProof).refine(...exactlyOneProof);
export type TelegramLinkRequest = z.input<typeof telegramLinkRequest>;

/** `POST /api/v1/telegram/unlink` `{telegram_user_id}` (bearer token; spec section 7). */
export const telegramUnlinkRequest = z.object({
  telegram_user_id: z.string().regex(/^\d{1,20}$/),
});
export type TelegramUnlinkRequest = z.input<typeof telegramUnlinkRequest>;

/**
 * `PUT /api/v1/admin/apps/{appId}/telegram` (HTTP Basic app secret): the app's Telegram bot.
 * `bot_token` (`<bot id>:<secret>`, from @BotFather) is a server-side secret, sealed at rest and
 * never answered; the public `telegram_auth_config` gets the bot id and `bot_name` (the bot's
 * username, without '@'). `auth_max_age_s`: how old a widget answer or init data may be
 * (`auth_date`), default 300 s. `widget_url`: another base URL for the Login Widget's popup than
 * Telegram's `https://oauth.telegram.org` (the development stand-in), null to clear.
 */
export const adminTelegramBotRequest = z
  .object({
    bot_token: z
      .string()
      .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'Not a bot token (<bot id>:<secret>)'),
    bot_name: z.string().regex(/^[A-Za-z0-9_]{3,64}$/, 'Not a bot username'),
    link_enabled: z.boolean().optional(),
    seamless_auth_enabled: z.boolean().optional(),
    auth_max_age_s: z.number().int().min(30).max(86_400).optional(),
    widget_url: z
      .string()
      .url()
      .max(2048)
      .refine((u) => /^https?:\/\/[^?#]+$/.test(u), 'An http(s) URL without query or fragment')
      .nullable()
      .optional(),
  })
  .strict();
export type AdminTelegramBotRequest = z.input<typeof adminTelegramBotRequest>;

/** The answer of the admin Telegram route: the public config, never the token. */
export interface AdminTelegramBotResponse {
  bot_id: string;
  bot_name: string;
  link_enabled: boolean;
  seamless_auth_enabled: boolean;
  auth_max_age_s: number;
  /** The Login Widget popup's origin. */
  widget_url: string;
}
