/**
 * `codeRoutes(channel)`: the four routes every code channel (email, SMS) serves, on the shared
 * code engine (`./codes.ts`) and the shared link helpers (`./link.ts`); spec sections 4, 5, 7:
 * - `POST <init>` `{<destination>, token?}` -> `{success: true}` (with a bearer token: a code
 *   for linking or updating, the allowlist does not apply)
 * - `POST <authenticate>` `{<destination>, code}` -> `authenticateResponse` (log in or sign up)
 * - `POST <link>` `{<destination>, code}` (bearer) -> `{user}`
 * - `POST <unlink>` `{<destination>}` (bearer) -> `{user}`
 *
 * What differs per channel is a parameter ({@link CodeRoutesChannel}): the paths, how a body
 * names the destination (`email`, `phoneNumber`, `address`), and the {@link CodeChannel}
 * (normalisation, message, account type, enable flag). Extra routes (email's update) are added
 * by the method on the returned app.
 */
import type { CodeSentResponse } from '@latchkey/api';
import { type Context, Hono } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp } from '../../middleware/request.ts';
import { requireUser } from '../../middleware/requireUser.ts';
import { loginAnswer } from '../../sessions/answer.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import { type CodeChannel, sendLoginCode, verifyLoginCode } from './codes.ts';
import { initPurpose, linkWithCode, unlinkDestination } from './link.ts';

/** Reads and validates a request body (e.g. `readJson(c, schema)` mapped to the fields below). */
type BodyReader<T> = <E extends AppEnv>(c: Context<E>) => Promise<T>;

/** A code channel's routes: its paths, body readers and engine channel. */
export interface CodeRoutesChannel {
  /** The code engine's channel (`login_codes.channel`, account type, flag, normalise, message). */
  channel: CodeChannel;
  /** The API paths (from the method's contract). */
  paths: { init: string; authenticate: string; link: string; unlink: string };
  /** The destination of an init body (the raw address or number, before normalisation). */
  readInit: BodyReader<{ destination: string }>;
  /** The destination and code of an authenticate body. */
  readAuthenticate: BodyReader<{ destination: string; code: string }>;
  /** The destination and code of a link body. */
  readLink: BodyReader<{ destination: string; code: string }>;
  /** The destination of an unlink body. */
  readUnlink: BodyReader<{ destination: string }>;
}

/**
 * The routes of one code channel as a method module's `routes(ctx)`.
 *
 * Errors are the engine's (see `sendLoginCode`, `verifyLoginCode`, `linkWithCode`,
 * `unlinkDestination`): `invalid_data` (400), `disallowed_login_method` (403),
 * `allowlist_rejected` (403), `invalid_credentials` (422), `too_many_requests` (429), the link
 * policy's 404/409s; `missing_or_invalid_token` (401) on the bearer routes.
 */
export function codeRoutes(spec: CodeRoutesChannel): (ctx: ServerContext) => Hono<AppEnv> {
  const ch = spec.channel;
  return (ctx) => {
    const r = new Hono<AppEnv>();
    const app = requireApp({ db: ctx.db, apps: ctx.apps });
    const user = requireUser(ctx);

    r.post(spec.paths.init, app, async (c) => {
      const { destination } = await spec.readInit(c);
      const purpose = await initPurpose(ctx, c);
      await sendLoginCode(ctx, ch, c.get('app'), destination, clientIp(c, ctx.trustProxy), purpose);
      return c.json({ success: true } satisfies CodeSentResponse);
    });

    r.post(spec.paths.authenticate, app, async (c) => {
      const { destination, code } = await spec.readAuthenticate(c);
      const ip = clientIp(c, ctx.trustProxy);
      // The session joins the login's statement (issue 13), bound as `loginAnswer` binds it.
      const login = await verifyLoginCode(ctx, ch, c.get('app'), destination, code, ip, {
        startSession: { dpopJkt: c.get('dpopJkt') },
      });
      return c.json(await loginAnswer(c, ctx, login));
    });

    r.post(spec.paths.link, app, user, async (c) => {
      const { destination, code } = await spec.readLink(c);
      const { userId } = c.get('auth');
      const ip = clientIp(c, ctx.trustProxy);
      await linkWithCode(ctx, ch, c.get('app'), userId, destination, code, ip);
      return c.json(await accountUpdateAnswer(ctx.db, userId));
    });

    r.post(spec.paths.unlink, app, user, async (c) => {
      const { destination } = await spec.readUnlink(c);
      const { userId } = c.get('auth');
      await unlinkDestination(ctx, ch, c.get('app'), userId, destination);
      return c.json(await accountUpdateAnswer(ctx.db, userId));
    });

    return r;
  };
}
