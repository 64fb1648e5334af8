/**
 * Email code login routes (spec section 7):
 * - `POST /api/v1/passwordless/init` `{email, token?}` -> `{success: true}`
 * - `POST /api/v1/passwordless/authenticate` `{email, code}` -> `authenticateResponse`
 */
import {
  type CodeSentResponse,
  passwordlessAuthenticateRequest,
  passwordlessInitRequest,
  ROUTES,
} from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readJson } from '../../middleware/request.ts';
import { authenticateAnswer } from '../../sessions/routes.ts';
import { createSession } from '../../sessions/service.ts';
import { sendEmailCode, verifyEmailCode } from './service.ts';

/** The email login routes, mounted by `createServer`. */
export function emailRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db });

  r.post(ROUTES.passwordlessInit, app, async (c) => {
    const { email } = await readJson(c, passwordlessInitRequest);
    await sendEmailCode(ctx, c.get('app'), email, clientIp(c, ctx.trustProxy));
    return c.json({ success: true } satisfies CodeSentResponse);
  });

  r.post(ROUTES.passwordlessAuthenticate, app, async (c) => {
    const { email, code } = await readJson(c, passwordlessAuthenticateRequest);
    const appRow = c.get('app');
    const { userId, isNewUser } = await verifyEmailCode(
      ctx,
      appRow,
      email,
      code,
      clientIp(c, ctx.trustProxy),
    );
    const issued = await createSession(ctx, appRow.id, userId);
    return c.json(await authenticateAnswer(c, ctx, appRow, issued, isNewUser));
  });

  return r;
}
