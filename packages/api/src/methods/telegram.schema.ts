/**
 * Telegram login wire schemas (spec sections 1, 5 and 7; issue 16 builds the verification): the
 * Telegram Login Widget's answer, log in with it, link it, unlink by Telegram user id. The
 * routes and flag are in `./telegram.ts`.
 */
import { z } from 'zod';

/**
 * The Telegram Login Widget's answer, as Telegram documents it
 * (https://core.telegram.org/widgets/login#receiving-authorization-data): the user's id, names,
 * `auth_date` (Unix seconds) and `hash` (hex HMAC-SHA-256 of the data-check-string, keyed with
 * SHA-256 of the bot token). The server verifies it before trusting any field.
 */
export const telegramAuthResult = z.object({
  id: z.number().int().positive(),
  first_name: z.string().max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  photo_url: z.string().url().max(2048).optional(),
  auth_date: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TelegramAuthResult = z.input<typeof telegramAuthResult>;

/**
 * `POST /api/v1/telegram/authenticate`: log in (or sign up) with the widget's answer.
 * `token` is the captcha token when the app has `captcha_enabled` (spec section 4).
 */
export const telegramAuthenticateRequest = z.object({
  telegram_auth_result: telegramAuthResult,
  token: z.string().max(4096).optional(),
});
export type TelegramAuthenticateRequest = z.input<typeof telegramAuthenticateRequest>;

/** `POST /api/v1/telegram/link` (bearer token): link the widget's Telegram account. */
export const telegramLinkRequest = z.object({ telegram_auth_result: telegramAuthResult });
export type TelegramLinkRequest = z.input<typeof telegramLinkRequest>;

/** `POST /api/v1/telegram/unlink` `{telegram_user_id}` (bearer token; spec section 7). */
export const telegramUnlinkRequest = z.object({
  telegram_user_id: z.string().regex(/^\d{1,20}$/),
});
export type TelegramUnlinkRequest = z.input<typeof telegramUnlinkRequest>;
