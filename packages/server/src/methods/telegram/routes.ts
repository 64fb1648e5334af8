/**
 * Telegram routes (spec section 7; issue 16):
 * - `GET /api/v1/telegram/widget.js?app_id=<appId>` -> the Login Widget script (`widget.ts`) for
 *   the app's bot, from this origin; 404 (a JavaScript comment) for an app without Telegram or
 *   without a bot
 * - `POST /api/v1/telegram/authenticate` `{telegram_auth_result | telegram_web_app_data, token?}`
 *   -> `authenticateResponse`: log in (or sign up) with the Login Widget's answer or a Mini App's
 *   init data (seamless login)
 * - `POST /api/v1/telegram/link` (same proofs, bearer token) -> `{user}`, only when the app's
 *   `telegram_auth_config.link_enabled`
 * - `POST /api/v1/telegram/unlink` `{telegram_user_id}` (bearer token) -> `{user}`
 */
import {
  ROUTES,
  telegramAuthenticateRequest,
  telegramLinkRequest,
  telegramUnlinkRequest,
} from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import type { MethodRoutesOptions } from '../types.ts';
import { requireApp } from '../../middleware/app.ts';
import { readJson } from '../../middleware/request.ts';
import { requireUser } from '../../middleware/requireUser.ts';
import { loginAnswer } from '../../sessions/answer.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import {
  assertTelegramEnabled,
  assertTelegramLinkEnabled,
  findOrCreateTelegramUser,
  linkTelegram,
  unlinkTelegram,
  telegramWidgetUrlOf,
  verifyTelegramProof,
} from './service.ts';
import { telegramStandInRoutes } from './dev/standin.ts';
import { telegramWidgetScript } from './widget.ts';

/** Seconds browsers and proxies may keep the widget script. */
const WIDGET_MAX_AGE_S = 300;

/** The Telegram routes, mounted by `createServer`. */
export function telegramRoutes(ctx: ServerContext, options: MethodRoutesOptions = {}) {
  const r = new Hono<AppEnv>();
  // Development only: Telegram's login popup, answered by this server (`dev/standin.ts`).
  if (options.dev) {
    r.route('/', telegramStandInRoutes(ctx));
  }
  const app = requireApp({ db: ctx.db, apps: ctx.apps });

  r.get(ROUTES.telegramWidget, async (c) => {
    const appId = c.req.query('app_id') ?? '';
    const appRow = appId.length <= 64 ? await ctx.apps.get(appId) : undefined;
    const widgetUrl = appRow?.telegramAuth ? await telegramWidgetUrlOf(ctx, appRow.id) : undefined;
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('x-content-type-options', 'nosniff');
    if (!widgetUrl) {
      return c.body('/* Telegram login is not configured for this app */\n', 404);
    }
    c.header('cache-control', `public, max-age=${WIDGET_MAX_AGE_S}`);
    return c.body(telegramWidgetScript(widgetUrl));
  });

  r.post(ROUTES.telegramAuthenticate, app, async (c) => {
    const body = await readJson(c, telegramAuthenticateRequest);
    const appRow = c.get('app');
    const identity = await verifyTelegramProof(ctx, appRow, body);
    return c.json(await loginAnswer(c, ctx, await findOrCreateTelegramUser(ctx, appRow, identity)));
  });

  r.post(ROUTES.telegramLink, app, requireUser(ctx), async (c) => {
    const body = await readJson(c, telegramLinkRequest);
    const appRow = c.get('app');
    assertTelegramEnabled(appRow);
    assertTelegramLinkEnabled(appRow);
    const identity = await verifyTelegramProof(ctx, appRow, body);
    const { userId } = c.get('auth');
    await linkTelegram(ctx, appRow, userId, identity);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.telegramUnlink, app, requireUser(ctx), async (c) => {
    const { telegram_user_id } = await readJson(c, telegramUnlinkRequest);
    const { userId } = c.get('auth');
    await unlinkTelegram(ctx, c.get('app'), userId, telegram_user_id);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  return r;
}
