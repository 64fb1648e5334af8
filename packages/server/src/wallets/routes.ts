/**
 * Embedded wallet routes (issue 3; design.md, Keys): create (or import an existing key,
 * `imported: true`, issue 22 item 4), the auth and recovery share calls, reshare, the wallet proof nonce, and `GET /api/v1/chains`.
 *
 * Custody (issue 10): every share route needs `Authorization: DPoP <access token>` and a DPoP
 * proof by the wallet frame key the session was bound to at login (`requireDpop`); a token
 * alone, as the host page or a thief holds it, gets 401. Creating a wallet and replacing its
 * shares also carry a signature by the wallet key over a server nonce (`verifyWalletProof`).
 * A browser Origin other than the API's own is refused too, as a courtesy check only.
 *
 * Issue 22: wallets of two chain families (Ethereum, Solana), one per user and family; a wallet
 * derived from another of the user's wallets (`derived_from`) shares its entropy, and every
 * share call naming it answers the holding wallet's shares (`service.ts`). Spec section 5: no
 * user-controlled recovery beside a Solana wallet (`solana_wallet_user_recovery`).
 *
 * MFA (issue 15): while the user has an enrolled second factor, the auth share, the recovery
 * share and an OPAQUE recovery start are released only to a session that passed MFA within
 * `MFA_VERIFICATION_TTL_S` (`assertMfaFresh`), else `missing_or_invalid_mfa` (401).
 */
import {
  APP_ID_HEADER,
  type AuthShareResponse,
  type ChainConfigWire,
  type ChainsResponse,
  createEmbeddedWalletRequest,
  opaqueLoginFinishRequest,
  opaqueLoginStartRequest,
  opaqueRegisterRequest,
  ROUTES,
  type RecoveryShareResponse,
  reshareEmbeddedWalletRequest,
  walletShareRequest,
  walletSpendRequest,
} from '@latchkey/api';
import { Hono } from 'hono';
import type { AppEnv, ServerContext } from '../context.ts';
import { assertMfaFresh } from '../mfa/service.ts';
import { requireApp } from '../middleware/app.ts';
import { readJson } from '../middleware/request.ts';
import { assertAllowed, hitRateLimit } from '../rate-limit.ts';
import { requireDpop } from '../sessions/dpop.ts';
import type { AccessClaims } from '../sessions/service.ts';
import { accountUpdateAnswer } from '../users/service.ts';
import type { WalletFunder } from './funder.ts';
import { opaqueLoginFinish, opaqueLoginStart, opaqueRegister } from './opaque.ts';
import { recordWalletSpend, walletPolicyAnswer } from './policy.ts';
import {
  assertNoSolanaWallet,
  checksumAddress,
  createEmbeddedWallet,
  issueWalletNonce,
  normalizeWalletAddress,
  ownWallet,
  releaseAuthShare,
  releaseRecovery,
  reshareEmbeddedWallet,
  verifyWalletProof,
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
  const frameApp = requireApp({
    db: ctx.db,
    apps: ctx.apps,
    allowOrigin: (origin) => origin === selfOrigin,
  });
  const user = requireDpop(ctx);

  const proofSession = (c: { get(key: 'app'): { id: string } }, auth: AccessClaims) => ({
    appId: c.get('app').id,
    userId: auth.userId,
    sessionId: auth.sessionId,
  });

  r.post(ROUTES.walletNonce, frameApp, user, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await issueWalletNonce(ctx, proofSession(c, c.get('auth'))));
  });

  r.post(ROUTES.embeddedWallets, frameApp, user, async (c) => {
    const appId = c.get('app').id;
    const { userId } = c.get('auth');
    const body = await readJson(c, createEmbeddedWalletRequest);
    const { chainType, address: newAddress } = normalizeWalletAddress(body.address);
    let imported = false;
    if (body.derived_from !== undefined) {
      // Issue 22: a key derived from the entropy of the caller's wallet `derived_from` (its own
      // wallet in this app, else 404), proven by both keys over one nonce.
      const source = await ownWallet(ctx, appId, userId, body.derived_from);
      await verifyWalletProof(ctx, proofSession(c, c.get('auth')), {
        action: 'create',
        address: newAddress,
        nonce: body.nonce,
        signature: body.signature,
        derive: { signer: source.address, signature: body.derived_from_signature },
      });
      await createEmbeddedWallet(ctx, appId, userId, { address: newAddress, derivedFrom: source });
    } else {
      imported = body.imported === true;
      // An imported key (issue 22 item 4) proves itself over its own action, so a signature
      // made to create a wallet is not one to import it with, nor the other way round.
      await verifyWalletProof(ctx, proofSession(c, c.get('auth')), {
        action: imported ? 'import' : 'create',
        address: newAddress,
        nonce: body.nonce,
        signature: body.signature,
      });
      await createEmbeddedWallet(ctx, appId, userId, { ...body, imported });
    }
    // An imported key brings its own funds: the dev funder tops up new Ethereum keys only.
    if (options.funder && !imported && chainType === 'ethereum') {
      const address = newAddress as `0x${string}`;
      await options.funder(address).catch((error: unknown) => {
        console.error(`[latchkey] funding ${address} failed:`, error);
      });
    }
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  r.post(ROUTES.walletAuthShare, frameApp, user, async (c) => {
    const { address } = await readJson(c, walletShareRequest);
    const mfaUntilMs = await assertMfaFresh(ctx, proofSession(c, c.get('auth')));
    const share = await releaseAuthShare(ctx, c.get('app').id, c.get('auth').userId, address);
    c.header('Cache-Control', 'no-store');
    return c.json({
      auth_share: share,
      mfa_verified_until: mfaUntilMs === null ? null : Math.floor(mfaUntilMs / 1000),
    } satisfies AuthShareResponse);
  });

  r.post(ROUTES.walletRecoveryShare, frameApp, user, async (c) => {
    const { userId } = c.get('auth');
    // MFA first: a refused session does not spend the user's recovery allowance.
    await assertMfaFresh(ctx, proofSession(c, c.get('auth')));
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
    // Issue 22: the wallet named (either family) proves the reshare; a derived wallet's reshare
    // replaces the shares of the wallet holding its entropy (`reshareEmbeddedWallet`).
    const wallet = await ownWallet(ctx, c.get('app').id, userId, body.address);
    await verifyWalletProof(ctx, proofSession(c, c.get('auth')), {
      action: 'reshare',
      address: wallet.address,
      nonce: body.nonce,
      signature: body.signature,
    });
    await reshareEmbeddedWallet(ctx, c.get('app').id, userId, body);
    return c.json(await accountUpdateAnswer(ctx.db, userId));
  });

  // Wallet policy (issue 24 item 3): the frame reads it itself (public, a few seconds of cache)
  // and records no-prompt spends against the 24-hour cap before signing (DPoP).
  const servedChainIds = (options.chains ?? []).map((chain) => chain.id);
  const policyApp = requireApp({
    db: ctx.db,
    apps: ctx.apps,
    allowOrigin: (origin, app) => origin === selfOrigin || app.allowedOrigins.includes(origin),
  });
  r.get(ROUTES.walletPolicy, policyApp, (c) => {
    c.header('Cache-Control', 'public, max-age=5');
    c.header('Vary', APP_ID_HEADER);
    return c.json(walletPolicyAnswer(c.get('app'), servedChainIds));
  });
  r.post(ROUTES.walletSpend, frameApp, user, async (c) => {
    const body = await readJson(c, walletSpendRequest);
    c.header('Cache-Control', 'no-store');
    return c.json(
      await recordWalletSpend(ctx, c.get('app'), c.get('auth').userId, body, servedChainIds),
    );
  });

  // OPAQUE recovery passwords (issue 24 items 5 and 6; `opaque.ts`). Limits per device key and
  // per wallet replace the per-user limits of the legacy recovery-share route on this path.
  r.post(ROUTES.walletOpaqueRegister, frameApp, user, async (c) => {
    const appId = c.get('app').id;
    const body = await readJson(c, opaqueRegisterRequest);
    const address = checksumAddress(body.address);
    // Spec section 5: no recovery password (user-controlled recovery) beside a Solana wallet.
    await assertNoSolanaWallet(ctx, appId, c.get('auth').userId);
    // The answer is an OPRF evaluation under this wallet's key: only the wallet key's holder.
    await verifyWalletProof(ctx, proofSession(c, c.get('auth')), {
      action: 'opaque-register',
      address,
      nonce: body.nonce,
      signature: body.signature,
    });
    const registrationResponse = await opaqueRegister(
      ctx,
      appId,
      address,
      body.registration_request,
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ registration_response: registrationResponse });
  });

  r.post(ROUTES.walletOpaqueLoginStart, frameApp, user, async (c) => {
    const auth = c.get('auth');
    const body = await readJson(c, opaqueLoginStartRequest);
    await assertMfaFresh(ctx, proofSession(c, auth));
    const answer = await opaqueLoginStart(
      ctx,
      { appId: c.get('app').id, userId: auth.userId, jkt: auth.dpopJkt },
      body,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  r.post(ROUTES.walletOpaqueLoginFinish, frameApp, user, async (c) => {
    const auth = c.get('auth');
    const body = await readJson(c, opaqueLoginFinishRequest);
    const answer = await opaqueLoginFinish(
      ctx,
      { appId: c.get('app').id, userId: auth.userId, jkt: auth.dpopJkt },
      body,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  r.get(ROUTES.chains, (c) => c.json({ chains: options.chains ?? [] } satisfies ChainsResponse));

  return r;
}
