/**
 * The Telegram method's admin route (issue 16): `PUT /api/v1/admin/apps/{appId}/telegram` with
 * `adminTelegramBotRequest` (`{bot_token, bot_name, link_enabled?, seamless_auth_enabled?,
 * auth_max_age_s?, widget_url?}`) -> `AdminTelegramBotResponse` (the public config, the window and
 * the popup's origin, never the token). The token is sealed with the server secret.
 */
import { adminTelegramBotRequest, TELEGRAM_ADMIN_ROUTE_PATTERN } from '@latchkey/api';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { readJson } from '../../middleware/request.ts';
import { setTelegramBot } from './service.ts';

/**
 * The route as a Hono app, behind `auth` (the admin API's `requireAppSecret(ctx)`).
 * @throws ApiError `invalid_data` (400) for a body that is not an `adminTelegramBotRequest`;
 *   what `auth` throws.
 */
export function telegramAdminRoutes(
  ctx: ServerContext,
  auth: MiddlewareHandler<AppEnv>,
): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.put(TELEGRAM_ADMIN_ROUTE_PATTERN, auth, async (c) => {
    const body = await readJson(c, adminTelegramBotRequest);
    return c.json(await setTelegramBot(ctx, c.get('app'), body));
  });
  return r;
}
