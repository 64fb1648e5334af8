/**
 * Passkey routes (spec sections 4 and 7; security catalogue 36-37):
 * - `POST /api/v1/passkeys/register/init` `{}` -> `{options}`: sign-up when anonymous, link
 *   when a bearer token is sent
 * - `POST /api/v1/passkeys/register/authenticate` `{response, authenticator_name?}` ->
 *   `authenticateResponse` (sign-up)
 * - `POST /api/v1/passkeys/register/link` (same body, bearer token) -> `{user}`
 * - `POST /api/v1/passkeys/authenticate/init` `{}` -> `{options}` (discoverable credentials)
 * - `POST /api/v1/passkeys/authenticate` `{response}` -> `authenticateResponse` (log in)
 * - `POST /api/v1/passkeys/unlink` `{credential_id}` (bearer token) -> `{user}`
 */
import {
  type PasskeyOptionsResponse,
  passkeyAuthenticateRequest,
  passkeyInitRequest,
  passkeyRegisterRequest,
  passkeyUnlinkRequest,
  ROUTES,
} from '@latchkey/api';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readJson } from '../../middleware/request.ts';
import { requireUser } from '../../middleware/requireUser.ts';
import { loginAnswer } from '../../sessions/answer.ts';
import { bearerToken, verifyAccessToken } from '../../sessions/service.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import {
  linkPasskey,
  logInWithPasskey,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  relyingPartyOf,
  signUpWithPasskey,
  unlinkPasskey,
} from './service.ts';

/** The passkey routes, mounted by `createServer`. */
export function passkeyRoutes(ctx: ServerContext) {
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db, apps: ctx.apps });

  r.post(ROUTES.passkeyRegisterInit, app, async (c) => {
    await readJson(c, passkeyInitRequest);
    const appRow = c.get('app');
    const rp = relyingPartyOf(appRow, c.req.header('origin'));
    const token = bearerToken(c.req.header('authorization'));
    const linkUserId = token ? (await verifyAccessToken(ctx, appRow.id, token)).userId : undefined;
    const options = await passkeyRegistrationOptions(
      ctx,
      appRow,
      rp,
      linkUserId,
      clientIp(c, ctx.trustProxy),
    );
    return c.json({ options } as unknown as PasskeyOptionsResponse);
  });

  r.post(ROUTES.passkeyRegisterAuthenticate, app, async (c) => {
    const body = await readJson(c, passkeyRegisterRequest);
    const appRow = c.get('app');
    const rp = relyingPartyOf(appRow, c.req.header('origin'));
    const { userId, isNewUser } = await signUpWithPasskey(ctx, appRow, rp, {
      response: body.response as unknown as RegistrationResponseJSON,
      authenticatorName: body.authenticator_name,
      userAgent: c.req.header('user-agent'),
      ip: clientIp(c, ctx.trustProxy),
    });
    return c.json(await loginAnswer(c, ctx, { userId, isNewUser }));
  });

  r.post(ROUTES.passkeyRegisterLink, app, requireUser(ctx), async (c) => {
    const body = await readJson(c, passkeyRegisterRequest);
    const appRow = c.get('app');
    const { userId } = c.get('auth');
    const rp = relyingPartyOf(appRow, c.req.header('origin'));
    await linkPasskey(ctx, appRow, rp, userId, {
      response: body.response as unknown as RegistrationResponseJSON,
      authenticatorName: body.authenticator_name,
      userAgent: c.req.header('user-agent'),
      ip: clientIp(c, ctx.trustProxy),
    });
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.passkeyAuthenticateInit, app, async (c) => {
    await readJson(c, passkeyInitRequest);
    const appRow = c.get('app');
    const rp = relyingPartyOf(appRow, c.req.header('origin'));
    const options = await passkeyAuthenticationOptions(
      ctx,
      appRow,
      rp,
      clientIp(c, ctx.trustProxy),
    );
    return c.json({ options } as unknown as PasskeyOptionsResponse);
  });

  r.post(ROUTES.passkeyAuthenticate, app, async (c) => {
    const body = await readJson(c, passkeyAuthenticateRequest);
    const appRow = c.get('app');
    const rp = relyingPartyOf(appRow, c.req.header('origin'));
    const { userId } = await logInWithPasskey(
      ctx,
      appRow,
      rp,
      body.response as unknown as AuthenticationResponseJSON,
      clientIp(c, ctx.trustProxy),
    );
    return c.json(await loginAnswer(c, ctx, { userId, isNewUser: false }));
  });

  r.post(ROUTES.passkeyUnlink, app, requireUser(ctx), async (c) => {
    const { credential_id } = await readJson(c, passkeyUnlinkRequest);
    const appRow = c.get('app');
    const { userId } = c.get('auth');
    await unlinkPasskey(ctx, appRow, userId, credential_id);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  return r;
}
