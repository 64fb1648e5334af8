/**
 * A development stand-in for Telegram's login popup (issue 16): Telegram cannot be reached from
 * a development machine or CI, so with `dev` the server also answers the Login Widget's popup
 * protocol under `/dev/telegram` (its `widget_url`), as `https://oauth.telegram.org` does:
 * - `GET /dev/telegram/auth?bot_id&origin&request_access&lang`: the popup page. It asks who to
 *   log in as (Telegram id, names, username), and on 'Accept' posts
 *   `JSON.stringify({event: 'auth_result', result})` to its opener at `origin`, where `result`
 *   is a widget answer signed with the bot's token exactly as Telegram signs it; 'Decline' posts
 *   `result: false`. Either way the window closes.
 * - `POST /dev/telegram/auth/login` `{bot_id, origin, id, first_name, last_name?, username?}`:
 *   the page's signing step. Only for a bot whose app points its `widget_url` here, and only for
 *   an origin the app allows (Telegram checks the bot's domain the same way).
 * - `POST /dev/telegram/auth/get`: `{}` (the stand-in remembers no Telegram session).
 *
 * The dev app's seed (`../devSeed.ts`) gives the dev app the bot {@link DEV_TELEGRAM_BOT_TOKEN}
 * with this `widget_url`; tests give their apps theirs. Never mounted without `dev`.
 */
import { createHash, createHmac } from 'node:crypto';
import type { TelegramAuthResult } from '@latchkey/api';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, ServerContext } from '../../../context.ts';
import { decryptString } from '../../../crypto.ts';
import { apps, telegramBots } from '../../../db/schema.ts';
import { ApiError } from '../../../errors.ts';
import { readJson } from '../../../middleware/request.ts';
import { widgetDataCheckString } from '../service.ts';

/** Where the stand-in's routes live on the API origin. */
export const TELEGRAM_STANDIN_PATH = '/dev/telegram';
/** The dev app's bot token (a made-up bot; only the stand-in signs with it). */
export const DEV_TELEGRAM_BOT_TOKEN = '7000000000:AAH-latchkey-dev-bot-token-not-a-real-one';
/** The dev app's bot username. */
export const DEV_TELEGRAM_BOT_NAME = 'latchkey_dev_bot';

/** The stand-in's `widget_url` on a server whose public URL is `publicUrl`. */
export const telegramStandInUrl = (publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}${TELEGRAM_STANDIN_PATH}`;

/**
 * Signs widget fields as Telegram does (HMAC-SHA-256 of the data-check-string keyed with
 * SHA-256 of the bot token): the Telegram side of the protocol, for the stand-in and the tests.
 */
export function signWidgetAnswer(
  fields: Omit<TelegramAuthResult, 'hash'>,
  botToken: string,
): TelegramAuthResult {
  const unsigned = { ...fields, hash: '' } as TelegramAuthResult;
  const key = createHash('sha256').update(botToken).digest();
  const hash = createHmac('sha256', key).update(widgetDataCheckString(unsigned)).digest('hex');
  return { ...fields, hash } as TelegramAuthResult;
}

const loginRequest = z.object({
  bot_id: z.string().regex(/^\d{1,20}$/),
  origin: z.string().url(),
  id: z.number().int().positive(),
  first_name: z.string().min(1).max(256),
  last_name: z.string().max(256).optional(),
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{0,64}$/)
    .optional(),
});

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** The popup page for `origin` and `botId` (all values escaped; JSON for the script). */
function popupPage(origin: string, botId: string): string {
  const data = JSON.stringify({ origin, botId }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Telegram (development stand-in)</title>
<style>body{font:15px system-ui,sans-serif;margin:24px;color:#222}label{display:block;margin:8px 0}
input{display:block;width:100%;max-width:320px;padding:6px;font:inherit}button{margin:12px 8px 0 0;padding:8px 16px;font:inherit}
.note{color:#666;font-size:13px}</style></head>
<body><h1>Telegram</h1>
<p class="note">Development stand-in for oauth.telegram.org: no real Telegram account is used.</p>
<p>Log in to <strong>${escapeHtml(origin)}</strong> with Telegram as:</p>
<form id="form">
<label>Telegram user id <input name="id" inputmode="numeric" value="424242" required></label>
<label>First name <input name="first_name" value="Ada" required></label>
<label>Last name <input name="last_name" value=""></label>
<label>Username <input name="username" value="ada_dev"></label>
<button id="accept" type="submit">Accept</button><button id="decline" type="button">Decline</button>
<p id="error" role="alert"></p>
</form>
<script>
(function () {
  var data = ${data};
  function answer(result) {
    if (window.opener) {
      window.opener.postMessage(JSON.stringify({ event: 'auth_result', result: result, origin: location.origin }), data.origin);
    }
    window.close();
  }
  document.getElementById('decline').onclick = function () { answer(false); };
  document.getElementById('form').onsubmit = function (event) {
    event.preventDefault();
    var form = new FormData(event.target);
    var body = { bot_id: data.botId, origin: data.origin, id: Number(form.get('id')), first_name: form.get('first_name') };
    if (form.get('last_name')) body.last_name = form.get('last_name');
    if (form.get('username')) body.username = form.get('username');
    fetch(location.pathname.replace(/\\/auth$/, '/auth/login'), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body)
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) throw new Error(json.error || 'refused');
        answer(json);
      });
    }).catch(function (error) { document.getElementById('error').textContent = error.message; });
  };
})();
</script></body></html>`;
}

/**
 * The stand-in's routes (mounted by the Telegram routes only with `dev`).
 * @throws ApiError `not_found` (404) from `auth/login` for a bot not pointed here;
 *   `invalid_origin` (403) for an origin its app does not allow.
 */
export function telegramStandInRoutes(ctx: ServerContext): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const here = telegramStandInUrl(ctx.publicUrl);

  r.get(`${TELEGRAM_STANDIN_PATH}/auth`, (c) => {
    const botId = c.req.query('bot_id') ?? '';
    const origin = c.req.query('origin') ?? '';
    if (!/^\d{1,20}$/.test(botId) || !URL.canParse(origin)) {
      return c.text('bot_id and origin are required', 400);
    }
    return c.html(popupPage(new URL(origin).origin, botId));
  });

  r.post(`${TELEGRAM_STANDIN_PATH}/auth/login`, async (c) => {
    const body = await readJson(c, loginRequest);
    const [bot] = await ctx.db
      .select({ sealed: telegramBots.botTokenSealed, allowedOrigins: apps.allowedOrigins })
      .from(telegramBots)
      .innerJoin(apps, eq(apps.id, telegramBots.appId))
      .where(
        and(
          eq(telegramBots.widgetUrl, here),
          sql`${apps.telegramAuthConfig}->>'bot_id' = ${body.bot_id}`,
        ),
      )
      .limit(1);
    if (!bot) throw new ApiError('not_found', 'No bot of this id uses this stand-in');
    const origin = new URL(body.origin).origin;
    if (!bot.allowedOrigins.includes(origin)) {
      throw new ApiError('invalid_origin', `The bot's app does not allow ${origin}`);
    }
    const token = await decryptString(bot.sealed, ctx.keys.keyEncryptionKey);
    const { bot_id: _bot, origin: _origin, ...user } = body;
    return c.json(signWidgetAnswer({ ...user, auth_date: Math.floor(ctx.now() / 1000) }, token));
  });

  r.post(`${TELEGRAM_STANDIN_PATH}/auth/get`, (c) => {
    const origin = c.req.header('origin');
    if (origin) {
      c.header('access-control-allow-origin', origin);
      c.header('access-control-allow-credentials', 'true');
      c.header('vary', 'Origin');
    }
    return c.json({});
  });

  return r;
}
