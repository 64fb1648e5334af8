/**
 * Embedded wallet routes (issue 3; design.md, Keys): create, the auth and recovery share
 * calls, reshare, and `GET /api/v1/chains`. The share routes need a valid access token of the
 * calling app and answer only requests from the wallet frame's own origin (the API origin) or
 * without an Origin; the host page never calls them.
 */
import {
  type ChainConfigWire,
  type ChainsResponse,
  createEmbeddedWalletRequest,
  ROUTES,
  type RecoveryShareResponse,
  reshareEmbeddedWalletRequest,
  type UserResponse,
  walletShareRequest,
} from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { requireApp } from '../middleware/app.ts';
import { readJson } from '../middleware/request.ts';
import { assertAllowed, hitRateLimit } from '../rate-limit.ts';
import { requireUser } from '../sessions/routes.ts';
import { loadUser } from '../users/service.ts';
import type { WalletFunder } from './funder.ts';
import {
  createEmbeddedWallet,
  releaseAuthShare,
  releaseRecovery,
  reshareEmbeddedWallet,
} from './service.ts';

/** Options of {@link walletRoutes}. */
export interface WalletRoutesOptions {
  /** Called after a wallet is created, before answering (dev: fund it on anvil). */
  funder?: WalletFunder;
  /** Chains published at `GET /api/v1/chains`. */
  chains?: ChainConfigWire[];
}

/** The embedded wallet routes, mounted by `createServer`. */
export function walletRoutes(ctx: ServerContext, options: WalletRoutesOptions = {}) {
  const r = new Hono<AppEnv>();
  const selfOrigin = new URL(ctx.publicUrl).origin;
  const frameApp = requireApp({ db: ctx.db, allowOrigin: (origin) => origin === selfOrigin });
  const user = requireUser(ctx);

  const answerUser = async (userId: string) => {
    const wire = await loadUser(ctx.db, userId);
    if (!wire) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
    return { user: wire } satisfies UserResponse;
  };

  r.post(ROUTES.embeddedWallets, frameApp, user, async (c) => {
    const appId = c.get('app').id;
    const { userId } = c.get('auth');
    const body = await readJson(c, createEmbeddedWalletRequest);
    const address = await createEmbeddedWallet(ctx, appId, userId, body);
    if (options.funder) {
      await options.funder(address).catch((error: unknown) => {
        console.error(`[latchkey] funding ${address} failed:`, error);
      });
    }
    return c.json(await answerUser(userId));
  });

  r.post(ROUTES.walletAuthShare, frameApp, user, async (c) => {
    const { address } = await readJson(c, walletShareRequest);
    const share = await releaseAuthShare(ctx, c.get('app').id, c.get('auth').userId, address);
    c.header('Cache-Control', 'no-store');
    return c.json({ auth_share: share });
  });

  r.post(ROUTES.walletRecoveryShare, frameApp, user, async (c) => {
    const { userId } = c.get('auth');
    const nowMs = ctx.now();
    // Every password guess in the frame fetches the blob again (security catalogue 8).
    assertAllowed(
      await hitRateLimit(
        ctx.db,
        `recovery:user:${userId}`,
        ctx.rateLimits.recoverySharePerUser,
        nowMs,
      ),
    );
    assertAllowed(
      await hitRateLimit(
        ctx.db,
        `recovery-long:user:${userId}`,
        ctx.rateLimits.recoverySharePerUserHourly,
        nowMs,
      ),
    );
    const { address } = await readJson(c, walletShareRequest);
    const recovery = await releaseRecovery(ctx, c.get('app').id, userId, address);
    c.header('Cache-Control', 'no-store');
    return c.json(recovery satisfies RecoveryShareResponse);
  });

  r.post(ROUTES.walletReshare, frameApp, user, async (c) => {
    const { userId } = c.get('auth');
    const body = await readJson(c, reshareEmbeddedWalletRequest);
    await reshareEmbeddedWallet(ctx, c.get('app').id, userId, body);
    return c.json(await answerUser(userId));
  });

  r.get(ROUTES.chains, (c) => c.json({ chains: options.chains ?? [] } satisfies ChainsResponse));

  return r;
}
