/**
 * Email code routes (spec section 7):
 * - `POST /api/v1/passwordless/init` `{email, token?}` -> `{success: true}` (with a bearer
 *   token: a code for linking or updating, the allowlist does not apply)
 * - `POST /api/v1/passwordless/authenticate` `{email, code}` -> `authenticateResponse`
 * - `POST /api/v1/passwordless/link` `{email, code}` (bearer) -> `{user}`
 * - `POST /api/v1/passwordless/unlink` `{address}` (bearer) -> `{user}`
 * - `POST /api/v1/passwordless/update` `{oldAddress, newAddress, code}` (bearer) -> `{user}`
 */
import {
  type CodeSentResponse,
  passwordlessAuthenticateRequest,
  passwordlessInitRequest,
  passwordlessLinkRequest,
  passwordlessUnlinkRequest,
  passwordlessUpdateRequest,
  ROUTES,
} from '@latchkey/api';
import { type Context, Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readJson } from '../../middleware/request.ts';
import { authenticateAnswer, requireUser } from '../../sessions/routes.ts';
import { createSession } from '../../sessions/service.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import {
  initPurpose,
  linkWithCode,
  replaceWithCode,
  unlinkDestination,
} from '../passwordless/link.ts';
import { EMAIL_CHANNEL, sendEmailCode, verifyEmailCode } from './service.ts';

/** The email routes, mounted by `createServer`. */
export function emailRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db });
  // The routes behind `requireUser` have a wider context type; the helpers only need the base.
  const base = (c: unknown) => c as Context<AppEnv>;

  r.post(ROUTES.passwordlessInit, app, async (c) => {
    const { email } = await readJson(c, passwordlessInitRequest);
    const purpose = await initPurpose(ctx, c);
    await sendEmailCode(ctx, c.get('app'), email, clientIp(c, ctx.trustProxy), purpose);
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
    const issued = await createSession(ctx, appRow.id, userId, { dpopJkt: c.get('dpopJkt') });
    return c.json(await authenticateAnswer(c, ctx, appRow, issued, isNewUser));
  });

  r.post(ROUTES.passwordlessLink, app, requireUser(ctx), async (c) => {
    const { email, code } = await readJson(base(c), passwordlessLinkRequest);
    const { userId } = c.get('auth');
    const ip = clientIp(base(c), ctx.trustProxy);
    await linkWithCode(ctx, EMAIL_CHANNEL, c.get('app'), userId, email, code, ip);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.passwordlessUnlink, app, requireUser(ctx), async (c) => {
    const { address } = await readJson(base(c), passwordlessUnlinkRequest);
    const { userId } = c.get('auth');
    await unlinkDestination(ctx, EMAIL_CHANNEL, c.get('app'), userId, address);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.passwordlessUpdate, app, requireUser(ctx), async (c) => {
    const body = await readJson(base(c), passwordlessUpdateRequest);
    const { userId } = c.get('auth');
    const ip = clientIp(base(c), ctx.trustProxy);
    await replaceWithCode(
      ctx,
      EMAIL_CHANNEL,
      c.get('app'),
      userId,
      body.oldAddress,
      body.newAddress,
      body.code,
      ip,
    );
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  return r;
}
