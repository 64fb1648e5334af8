/**
 * SMS code login routes (spec section 7), answering like the email routes:
 * - `POST /api/v1/passwordless_sms/init` `{phoneNumber, token?}` -> `{success: true}`
 * - `POST /api/v1/passwordless_sms/authenticate` `{phoneNumber, code}` -> `authenticateResponse`
 */
import {
  type CodeSentResponse,
  passwordlessSmsAuthenticateRequest,
  passwordlessSmsInitRequest,
  ROUTES,
} from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readJson } from '../../middleware/request.ts';
import { authenticateAnswer } from '../../sessions/routes.ts';
import { createSession } from '../../sessions/service.ts';
import { sendSmsCode, verifySmsCode } from './service.ts';

/** The SMS login routes, mounted by `createServer`. */
export function smsRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db });

  r.post(ROUTES.passwordlessSmsInit, app, async (c) => {
    const { phoneNumber } = await readJson(c, passwordlessSmsInitRequest);
    await sendSmsCode(ctx, c.get('app'), phoneNumber, clientIp(c, ctx.trustProxy));
    return c.json({ success: true } satisfies CodeSentResponse);
  });

  r.post(ROUTES.passwordlessSmsAuthenticate, app, async (c) => {
    const { phoneNumber, code } = await readJson(c, passwordlessSmsAuthenticateRequest);
    const appRow = c.get('app');
    const { userId, isNewUser } = await verifySmsCode(
      ctx,
      appRow,
      phoneNumber,
      code,
      clientIp(c, ctx.trustProxy),
    );
    const issued = await createSession(ctx, appRow.id, userId);
    return c.json(await authenticateAnswer(c, ctx, appRow, issued, isNewUser));
  });

  return r;
}
