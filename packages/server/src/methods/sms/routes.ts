/**
 * SMS code routes (spec section 7), answering like the email routes:
 * - `POST /api/v1/passwordless_sms/init` `{phoneNumber, token?}` -> `{success: true}` (with a
 *   bearer token: a code for linking, the allowlist does not apply)
 * - `POST /api/v1/passwordless_sms/authenticate` `{phoneNumber, code}` -> `authenticateResponse`
 * - `POST /api/v1/passwordless_sms/link` `{phoneNumber, code}` (bearer) -> `{user}`
 * - `POST /api/v1/passwordless_sms/unlink` `{phoneNumber}` (bearer) -> `{user}`
 */
import {
  type CodeSentResponse,
  passwordlessSmsAuthenticateRequest,
  passwordlessSmsInitRequest,
  passwordlessSmsLinkRequest,
  passwordlessSmsUnlinkRequest,
  ROUTES,
} from '@latchkey/api';
import { type Context, Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readJson } from '../../middleware/request.ts';
import { authenticateAnswer, requireUser } from '../../sessions/routes.ts';
import { createSession } from '../../sessions/service.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import { initPurpose, linkWithCode, unlinkDestination } from '../passwordless/link.ts';
import { SMS_CHANNEL, sendSmsCode, verifySmsCode } from './service.ts';

/** The SMS routes, mounted by `createServer`. */
export function smsRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db });
  const base = (c: unknown) => c as Context<AppEnv>;

  r.post(ROUTES.passwordlessSmsInit, app, async (c) => {
    const { phoneNumber } = await readJson(c, passwordlessSmsInitRequest);
    const purpose = await initPurpose(ctx, c);
    await sendSmsCode(ctx, c.get('app'), phoneNumber, clientIp(c, ctx.trustProxy), purpose);
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
    const issued = await createSession(ctx, appRow.id, userId, { dpopJkt: c.get('dpopJkt') });
    return c.json(await authenticateAnswer(c, ctx, appRow, issued, isNewUser));
  });

  r.post(ROUTES.passwordlessSmsLink, app, requireUser(ctx), async (c) => {
    const { phoneNumber, code } = await readJson(base(c), passwordlessSmsLinkRequest);
    const { userId } = c.get('auth');
    const ip = clientIp(base(c), ctx.trustProxy);
    await linkWithCode(ctx, SMS_CHANNEL, c.get('app'), userId, phoneNumber, code, ip);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.passwordlessSmsUnlink, app, requireUser(ctx), async (c) => {
    const { phoneNumber } = await readJson(base(c), passwordlessSmsUnlinkRequest);
    const { userId } = c.get('auth');
    await unlinkDestination(ctx, SMS_CHANNEL, c.get('app'), userId, phoneNumber);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  return r;
}
