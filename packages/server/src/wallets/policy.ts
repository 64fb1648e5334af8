/**
 * The app's wallet policy for no-prompt signing (issue 24 item 3; `@latchkey/api`
 * wallet-policy.ts): reading the stored policy, and the rolling 24-hour spend cap per wallet
 * that the frame records a no-prompt transaction against before it signs.
 *
 * The policy is written only by the app owner (admin API `PATCH .../apps/{appId}`
 * `wallet_policy`, `latchkey apps policy`); no host-facing route writes it.
 */
import {
  parseWalletPolicy,
  WALLET_POLICY_OFF,
  type WalletPolicy,
  type WalletPolicyResponse,
  type WalletSpendResponse,
  walletSpendRequest,
} from '@latchkey/api';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServerContext } from '../context.ts';
import { type AppRow, embeddedWallets, walletSpends } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { checksumAddress } from './service.ts';

/** The window of `max_value_wei_per_24h`, in ms. */
export const SPEND_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The stored policy of `app`, or null when it has none. A stored value that no longer parses
 * (hand-edited) counts as none: no-prompt signing fails closed.
 */
export function walletPolicyOf(app: Pick<AppRow, 'walletPolicy'>): WalletPolicy | null {
  if (app.walletPolicy === null || app.walletPolicy === undefined) return null;
  try {
    return parseWalletPolicy(app.walletPolicy);
  } catch (error) {
    console.error('[latchkey] stored wallet policy does not parse; treated as none:', error);
    return null;
  }
}

/**
 * The `GET /api/v1/embedded_wallets/policy` answer for `app`.
 * @param servedChainIds ids of the chains the server publishes at `GET /api/v1/chains`.
 */
export function walletPolicyAnswer(
  app: Pick<AppRow, 'walletPolicy'>,
  servedChainIds: number[],
): WalletPolicyResponse {
  const policy = walletPolicyOf(app);
  return {
    policy: policy ?? { ...WALLET_POLICY_OFF },
    configured: policy !== null,
    served_chain_ids: servedChainIds,
  };
}

/**
 * Records the value of one no-prompt transaction of the caller's wallet against the app's
 * 24-hour cap (`POST /api/v1/embedded_wallets/spend`), in one transaction that locks the wallet
 * row (`SELECT ... FOR UPDATE`), so concurrent spends of one wallet are serialised and together
 * never pass the cap. Rows older than 24 hours of this wallet are deleted on the way (the
 * `(wallet_id, created_at)` index keeps that cheap).
 *
 * @param body `{address, chain_id, value_wei}` (`walletSpendRequest`; value in wei, decimal).
 * @param servedChainIds what `allowed_chain_ids: null` allows (any chain when empty).
 * @returns wei spent in the last 24 hours including this one, and what is left (null: no cap).
 * @throws ApiError 403 `approval_required` when the app's policy does not allow no-prompt
 *   signing; 403 `policy_chain_not_allowed`; 403 `policy_value_cap_exceeded` when the value is
 *   over `max_value_wei_per_tx`; 403 `policy_daily_cap_exceeded` when the 24-hour sum plus the
 *   value would pass `max_value_wei_per_24h` (nothing is recorded on any refusal); 404
 *   `not_found` when the caller has no wallet at `address` (another user's included).
 */
export async function recordWalletSpend(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  body: z.output<typeof walletSpendRequest>,
  servedChainIds: number[],
): Promise<WalletSpendResponse> {
  const policy = walletPolicyOf(app);
  if (!policy?.no_prompt_on_signature) {
    throw new ApiError('approval_required', 'This app does not allow signing without a prompt');
  }
  const chains = policy.allowed_chain_ids ?? (servedChainIds.length ? servedChainIds : null);
  if (chains && !chains.includes(body.chain_id)) {
    throw new ApiError('policy_chain_not_allowed', 'The wallet policy does not allow this chain');
  }
  const value = BigInt(body.value_wei);
  const perTx = policy.max_value_wei_per_tx === null ? null : BigInt(policy.max_value_wei_per_tx);
  if (perTx !== null && value > perTx) {
    throw new ApiError(
      'policy_value_cap_exceeded',
      'The transaction value is over the per-transaction cap of the wallet policy',
    );
  }
  const daily = policy.max_value_wei_per_24h === null ? null : BigInt(policy.max_value_wei_per_24h);
  const address = checksumAddress(body.address);
  const now = new Date(ctx.now());
  const since = new Date(ctx.now() - SPEND_WINDOW_MS);

  return ctx.db.transaction(async (tx) => {
    const [wallet] = await tx
      .select({ id: embeddedWallets.id, address: embeddedWallets.address })
      .from(embeddedWallets)
      .where(
        and(
          eq(embeddedWallets.appId, app.id),
          eq(embeddedWallets.userId, userId),
          // Spends are EVM values (wei): the user's Ethereum wallet (issue 22: one per family).
          eq(embeddedWallets.chainType, 'ethereum'),
        ),
      )
      .for('update');
    if (!wallet || wallet.address !== address) {
      throw new ApiError('not_found', 'Embedded wallet not found');
    }
    await tx
      .delete(walletSpends)
      .where(and(eq(walletSpends.walletId, wallet.id), lt(walletSpends.createdAt, since)));
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${walletSpends.valueWei}), 0)::text` })
      .from(walletSpends)
      .where(and(eq(walletSpends.walletId, wallet.id), gte(walletSpends.createdAt, since)));
    const spent = BigInt(row?.total ?? '0') + value;
    if (daily !== null && spent > daily) {
      throw new ApiError(
        'policy_daily_cap_exceeded',
        "The transaction would pass the wallet's 24-hour cap of the wallet policy",
      );
    }
    await tx.insert(walletSpends).values({
      appId: app.id,
      walletId: wallet.id,
      chainId: body.chain_id,
      valueWei: value.toString(),
      createdAt: now,
    });
    return {
      spent_wei_24h: spent.toString(),
      remaining_wei_24h: daily === null ? null : (daily - spent).toString(),
    };
  });
}
