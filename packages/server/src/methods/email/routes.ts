/**
 * Email code routes (spec section 7), the email channel of `codeRoutes` plus update:
 * - `POST /api/v1/passwordless/init` `{email, token?}` -> `{success: true}` (with a bearer
 *   token: a code for linking or updating, the allowlist does not apply)
 * - `POST /api/v1/passwordless/authenticate` `{email, code}` -> `authenticateResponse`
 * - `POST /api/v1/passwordless/link` `{email, code}` (bearer) -> `{user}`
 * - `POST /api/v1/passwordless/unlink` `{address}` (bearer) -> `{user}`
 * - `POST /api/v1/passwordless/update` `{oldAddress, newAddress, code}` (bearer) -> `{user}`
 */
import {
  EMAIL_METHOD,
  passwordlessAuthenticateRequest,
  passwordlessInitRequest,
  passwordlessLinkRequest,
  passwordlessUnlinkRequest,
  passwordlessUpdateRequest,
} from '@latchkey/api';
import type { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readJson } from '../../middleware/request.ts';
import { requireUser } from '../../middleware/requireUser.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import { type CodeRoutesChannel, codeRoutes } from '../passwordless/codeRoutes.ts';
import { replaceWithCode } from '../passwordless/link.ts';
import { EMAIL_CHANNEL } from './service.ts';

const { routes } = EMAIL_METHOD;

/** The email channel of `codeRoutes`: bodies name the address `email` (unlink: `address`). */
export const EMAIL_CODE_ROUTES: CodeRoutesChannel = {
  channel: EMAIL_CHANNEL,
  paths: {
    init: routes.passwordlessInit,
    authenticate: routes.passwordlessAuthenticate,
    link: routes.passwordlessLink,
    unlink: routes.passwordlessUnlink,
  },
  readInit: async (c) => ({ destination: (await readJson(c, passwordlessInitRequest)).email }),
  readAuthenticate: async (c) => {
    const { email, code } = await readJson(c, passwordlessAuthenticateRequest);
    return { destination: email, code };
  },
  readLink: async (c) => {
    const { email, code } = await readJson(c, passwordlessLinkRequest);
    return { destination: email, code };
  },
  readUnlink: async (c) => ({
    destination: (await readJson(c, passwordlessUnlinkRequest)).address,
  }),
};

const emailCodeRoutes = codeRoutes(EMAIL_CODE_ROUTES);

/** The email routes: the code routes plus `passwordless/update`. */
export function emailRoutes(ctx: ServerContext): Hono<AppEnv> {
  const r = emailCodeRoutes(ctx);

  r.post(
    routes.passwordlessUpdate,
    requireApp({ db: ctx.db, apps: ctx.apps }),
    requireUser(ctx),
    async (c) => {
      const body = await readJson(c, passwordlessUpdateRequest);
      const { userId } = c.get('auth');
      const ip = clientIp(c, ctx.trustProxy);
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
    },
  );

  return r;
}
