/**
 * Sign-In With Ethereum routes (spec section 7):
 * - `POST /api/v1/siwe/init` `{address, token?}` -> `{nonce, expires_at}`
 * - `POST /api/v1/siwe/authenticate` `{message, signature, chainId, walletClientType,
 *   connectorType}` -> `authenticateResponse` (log in or sign up)
 * - `POST /api/v1/siwe/link` (same body, bearer token) -> `{user}`
 * - `POST /api/v1/siwe/unlink` `{address}` (bearer token) -> `{user}`
 */
import {
  ROUTES,
  type SiweInitResponse,
  siweAuthenticateRequest,
  siweInitRequest,
  siweUnlinkRequest,
} from '@latchkey/api';
import { Hono } from 'hono';
import { getAddress } from 'viem';
import type { AppEnv, ServerContext } from '../../context.ts';
import { requireApp } from '../../middleware/app.ts';
import { clientIp, readJson } from '../../middleware/request.ts';
import { requireUser } from '../../middleware/requireUser.ts';
import { loginAnswer } from '../../sessions/answer.ts';
import { assertLoginAllowlisted } from '../../users/gates.ts';
import { accountUpdateAnswer } from '../../users/service.ts';
import { initPurpose } from '../passwordless/link.ts';
import {
  DEFAULT_SIWE_CHAINS,
  findOrCreateWalletUser,
  issueSiweNonce,
  linkWallet,
  type SiweOptions,
  unlinkWallet,
  verifySiwe,
} from './service.ts';

/** The SIWE routes, mounted by `createServer`. */
export function siweRoutes(ctx: ServerContext, options: SiweOptions = {}) {
  const chains = options.chains?.length ? options.chains : DEFAULT_SIWE_CHAINS;
  const r = new Hono<AppEnv>();
  const app = requireApp({ db: ctx.db, apps: ctx.apps });

  r.post(ROUTES.siweInit, app, async (c) => {
    const { address } = await readJson(c, siweInitRequest);
    // A login the allowlist refuses stops here, before the wallet is asked to sign (issue 6).
    if ((await initPurpose(ctx, c)) === 'login') {
      await assertLoginAllowlisted(ctx.db, c.get('app'), {
        type: 'wallet',
        subject: getAddress(address),
      });
    }
    const { nonce, expiresAt } = await issueSiweNonce(
      ctx,
      c.get('app'),
      address,
      clientIp(c, ctx.trustProxy),
    );
    return c.json({
      nonce,
      expires_at: Math.floor(expiresAt.getTime() / 1000),
    } satisfies SiweInitResponse);
  });

  r.post(ROUTES.siweAuthenticate, app, async (c) => {
    const body = await readJson(c, siweAuthenticateRequest);
    const appRow = c.get('app');
    const verified = await verifySiwe(ctx, appRow, chains, {
      ...body,
      origin: c.req.header('origin'),
      ip: clientIp(c, ctx.trustProxy),
    });
    return c.json(await loginAnswer(c, ctx, await findOrCreateWalletUser(ctx, appRow, verified)));
  });

  r.post(ROUTES.siweLink, app, requireUser(ctx), async (c) => {
    const body = await readJson(c, siweAuthenticateRequest);
    const appRow = c.get('app');
    const { userId } = c.get('auth');
    const verified = await verifySiwe(ctx, appRow, chains, {
      ...body,
      origin: c.req.header('origin'),
      ip: clientIp(c, ctx.trustProxy),
    });
    await linkWallet(ctx, appRow, userId, verified);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.siweUnlink, app, requireUser(ctx), async (c) => {
    const { address } = await readJson(c, siweUnlinkRequest);
    const appRow = c.get('app');
    const { userId } = c.get('auth');
    await unlinkWallet(ctx, appRow, userId, address);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  return r;
}
