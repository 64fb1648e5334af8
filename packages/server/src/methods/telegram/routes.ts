/**
 * Telegram routes (spec section 7; a skeleton until issue 16):
 * - `POST /api/v1/telegram/authenticate` `{telegram_auth_result, token?}` -> `authenticateResponse`
 *   (refused with `not_supported` until the widget's answer can be verified)
 * - `POST /api/v1/telegram/link` `{telegram_auth_result}` (bearer token) -> `{user}` (same)
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
import { requireApp } from '../../middleware/app.ts';
import { readJson } from '../../middleware/request.ts';
import { requireUser } from '../../middleware/requireUser.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import { unlinkTelegram, verifyTelegramAuthResult } from './service.ts';

/** The Telegram routes, mounted by `createServer`. */
export function telegramRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db, apps: ctx.apps });

  r.post(ROUTES.telegramAuthenticate, app, async (c) => {
    const body = await readJson(c, telegramAuthenticateRequest);
    // Issue 16: find or create the user of the verified Telegram id, then `loginAnswer`.
    return verifyTelegramAuthResult(c.get('app'), body.telegram_auth_result);
  });

  r.post(ROUTES.telegramLink, app, requireUser(ctx), async (c) => {
    const body = await readJson(c, telegramLinkRequest);
    // Issue 16: `linkAccount` the verified Telegram id (needs `link_enabled`), then answer.
    return verifyTelegramAuthResult(c.get('app'), body.telegram_auth_result);
  });

  r.post(ROUTES.telegramUnlink, app, requireUser(ctx), async (c) => {
    const { telegram_user_id } = await readJson(c, telegramUnlinkRequest);
    const { userId } = c.get('auth');
    await unlinkTelegram(ctx, c.get('app'), userId, telegram_user_id);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  return r;
}
