/**
 * Farcaster routes (spec section 7; issue 16), Sign In With Farcaster through the relay:
 * - `POST /api/v1/farcaster/init` `{token?}` -> `{channel_token, connect_uri, expires_at}`: opens a
 *   relay channel for the calling page's domain (captcha-gated for a login)
 * - `POST /api/v1/farcaster/status` `{channel_token}` -> `{state: 'pending'}` or
 *   `{state: 'completed', fid, username, display_name, profile_picture_url}` (polled every 2 s)
 * - `POST /api/v1/farcaster/authenticate` `{channel_token, token?}` -> `authenticateResponse`:
 *   verifies the channel's signed message and logs in (or signs up); spends the channel
 * - `POST /api/v1/farcaster/link` `{channel_token}` (bearer token) -> `{user}`
 * - `POST /api/v1/farcaster/unlink` `{fid}` (bearer token) -> `{user}`
 * - `POST /api/v1/farcaster/signer/init` `{ed25519_public_key}` (the wallet frame: its origin and
 *   DPoP proof) -> `farcasterSigner`: a signed key request for the frame's key (`signer.ts`)
 * - `POST /api/v1/farcaster/signer/status` `{ed25519_public_key}` (bearer token from the host
 *   page, or the frame's DPoP) -> `farcasterSigner` (polled every 2 s)
 *
 * With `dev` and no relay configured, the relay and the Farcaster app are this server's stand-ins
 * (`dev/relay.ts` under `/dev/farcaster/relay`, `dev/client.ts` under `/dev/farcaster/connect`).
 */
import {
  farcasterAuthenticateRequest,
  farcasterInitRequest,
  farcasterLinkRequest,
  farcasterSignerRequest,
  farcasterStatusRequest,
  farcasterUnlinkRequest,
  FARCASTER_RELAY_URL,
  ROUTES,
} from '@latchkey/api';
import { type Handler, Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { readJson } from '../../middleware/request.ts';
import { requireUser, type UserEnv } from '../../middleware/requireUser.ts';
import { requireDpop } from '../../sessions/dpop.ts';
import { loginAnswer } from '../../sessions/answer.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import type { MethodRoutesOptions } from '../types.ts';
import {
  farcasterClientStandInRoutes,
  FARCASTER_CONNECT_PATH,
  FARCASTER_SIGNER_PAGE_PATH,
  farcasterSignerStandInRoutes,
} from './dev/client.ts';
import { createKeyRequestStandIn } from './dev/keyRequests.ts';
import { createRelayStandIn } from './dev/relay.ts';
import {
  DEFAULT_FARCASTER_RPC_URL,
  farcasterChannelStatus,
  farcasterClient,
  findOrCreateFarcasterUser,
  linkFarcaster,
  openFarcasterChannel,
  spendFarcasterChannel,
  unlinkFarcaster,
} from './service.ts';
import { farcasterSignerStatus, initFarcasterSigner } from './signer.ts';

/** Where the relay stand-in is mounted with `dev` (its base URL on the API origin). */
export const FARCASTER_RELAY_STANDIN_PATH = '/dev/farcaster/relay';
/** Where the signed key request API stand-in is mounted with `dev`. */
export const FARCASTER_API_STANDIN_PATH = '/dev/farcaster/api';

/** The Farcaster routes, mounted by `createServer`. */
export function farcasterRoutes(ctx: ServerContext, options: MethodRoutesOptions = {}) {
  const r = new Hono<AppEnv>();
  const publicUrl = ctx.publicUrl.replace(/\/$/, '');
  const standIn = options.dev === true && !options.farcaster?.relayUrl;
  const rpcUrl =
    options.farcaster?.rpcUrl ??
    (options.dev ? options.chains?.find((chain) => chain.rpcUrl)?.rpcUrl : undefined) ??
    DEFAULT_FARCASTER_RPC_URL;
  const apiStandIn = options.dev === true && !options.farcaster?.apiUrl;
  const apiUrl = apiStandIn
    ? `${publicUrl}${FARCASTER_API_STANDIN_PATH}`
    : options.farcaster?.apiUrl;
  const relayUrl = standIn
    ? `${publicUrl}${FARCASTER_RELAY_STANDIN_PATH}`
    : (options.farcaster?.relayUrl ?? FARCASTER_RELAY_URL);
  if (standIn) {
    // Development only: the relay and the Farcaster app, answered by this server.
    const relay = createRelayStandIn({ connectBase: `${publicUrl}${FARCASTER_CONNECT_PATH}` });
    r.route(FARCASTER_RELAY_STANDIN_PATH, relay.app);
    r.route('/', farcasterClientStandInRoutes(relay, rpcUrl));
  }
  if (apiStandIn) {
    const keyRequests = createKeyRequestStandIn({
      rpcUrl,
      deeplinkBase: `${publicUrl}${FARCASTER_SIGNER_PAGE_PATH}`,
    });
    r.route(FARCASTER_API_STANDIN_PATH, keyRequests.app);
    r.route('/', farcasterSignerStandInRoutes(keyRequests, rpcUrl));
  }
  const client = farcasterClient({ relayUrl, rpcUrl });
  const signerOptions = { apiUrl, rpcUrl };
  const app = requireApp({ db: ctx.db, apps: ctx.apps });
  // The signer's key is the wallet frame's: only the frame (its origin, a courtesy; its DPoP
  // proof, the authentication) may ask for its approval.
  const selfOrigin = new URL(ctx.publicUrl).origin;
  const frameApp = requireApp({
    db: ctx.db,
    apps: ctx.apps,
    allowOrigin: (origin) => origin === selfOrigin,
  });

  r.post(ROUTES.farcasterInit, app, async (c) => {
    await readJson(c, farcasterInitRequest);
    return c.json(await openFarcasterChannel(ctx, client, c.get('app'), c.req.header('origin')));
  });

  r.post(ROUTES.farcasterStatus, app, async (c) => {
    const { channel_token } = await readJson(c, farcasterStatusRequest);
    return c.json(await farcasterChannelStatus(ctx, client, c.get('app'), channel_token));
  });

  r.post(ROUTES.farcasterAuthenticate, app, async (c) => {
    const { channel_token } = await readJson(c, farcasterAuthenticateRequest);
    const appRow = c.get('app');
    const identity = await spendFarcasterChannel(
      ctx,
      client,
      appRow,
      channel_token,
      c.req.header('origin'),
    );
    return c.json(
      await loginAnswer(c, ctx, await findOrCreateFarcasterUser(ctx, appRow, identity)),
    );
  });

  r.post(ROUTES.farcasterLink, app, requireUser(ctx), async (c) => {
    const { channel_token } = await readJson(c, farcasterLinkRequest);
    const appRow = c.get('app');
    const identity = await spendFarcasterChannel(
      ctx,
      client,
      appRow,
      channel_token,
      c.req.header('origin'),
    );
    const { userId } = c.get('auth');
    await linkFarcaster(ctx, appRow, userId, identity);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.farcasterUnlink, app, requireUser(ctx), async (c) => {
    const { fid } = await readJson(c, farcasterUnlinkRequest);
    const { userId } = c.get('auth');
    await unlinkFarcaster(ctx, c.get('app'), userId, fid);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  /** A signer route's handler: `{ed25519_public_key}` for the user, answered `no-store`. */
  const signerHandler =
    (answer: typeof initFarcasterSigner): Handler<UserEnv> =>
    async (c) => {
      const { ed25519_public_key } = await readJson(c, farcasterSignerRequest);
      c.header('Cache-Control', 'no-store');
      return c.json(
        await answer(
          ctx,
          signerOptions,
          c.get('app'),
          c.get('auth').userId,
          ed25519_public_key as `0x${string}`,
        ),
      );
    };

  r.post(
    ROUTES.farcasterSignerInit,
    frameApp,
    requireDpop(ctx),
    signerHandler(initFarcasterSigner),
  );

  // The host page polls the status with its bearer token; the wallet frame asks it (before each
  // signature) with its DPoP key from its own origin.
  const hostUser = requireUser(ctx);
  const frameUser = requireDpop(ctx);
  const statusAuth: MiddlewareHandler<UserEnv> = async (c, next) => {
    const [appCheck, userCheck] = (
      /^DPoP\s/i.test(c.req.header('authorization') ?? '') ? [frameApp, frameUser] : [app, hostUser]
    ) as MiddlewareHandler[];
    await appCheck!(c, async () => {
      await userCheck!(c, next);
    });
  };
  r.post(ROUTES.farcasterSignerStatus, statusAuth, signerHandler(farcasterSignerStatus));

  return r;
}
