/**
 * The frame's client of the app's wallet policy (issue 24 item 3): fetched by the frame itself
 * from its own origin (`GET ROUTES.walletPolicy`, share-api.ts `policy()`), never taken from the
 * host page, cached for {@link POLICY_CACHE_MS}; and the approval page's `policyCheck`.
 */
import type { WalletPolicyResponse } from '@latchkey/api';
import { CustodyError } from './errors.ts';
import type { EvmRpcRequest } from './evm-rpc.ts';
import { evaluateWalletPolicy, type PolicyVerdict } from './policy.ts';

/** How long a fetched policy is used before the frame fetches it again, in ms. */
export const POLICY_CACHE_MS = 30_000;

/** Where the policy comes from: the frame's own API (`ShareApi.policy`). */
export interface PolicySource {
  policy(): Promise<WalletPolicyResponse>;
}

/** A cached policy reader. */
export interface PolicyClient {
  /**
   * The app's policy, from the cache when younger than {@link POLICY_CACHE_MS}. Concurrent
   * calls share one fetch; a failed fetch is not cached.
   * @throws what the source throws (a CustodyError from share-api.ts).
   */
  get(): Promise<WalletPolicyResponse>;
  /**
   * {@link evaluateWalletPolicy} of `request` under the current policy.
   * @param chainId the chain to assume for a transaction without `chainId`.
   */
  evaluate(request: EvmRpcRequest, chainId?: number): Promise<PolicyVerdict>;
}

/**
 * A policy client over `source`, cached for `ttlMs` (default {@link POLICY_CACHE_MS}) on the
 * clock `now` (ms; default `Date.now`).
 */
export function createPolicyClient(
  source: PolicySource,
  options: { now?: () => number; ttlMs?: number } = {},
): PolicyClient {
  const now = options.now ?? (() => Date.now());
  const ttlMs = options.ttlMs ?? POLICY_CACHE_MS;
  let cached: { at: number; value: WalletPolicyResponse } | null = null;
  let pending: Promise<WalletPolicyResponse> | null = null;
  const client: PolicyClient = {
    async get() {
      if (cached && now() - cached.at < ttlMs) return cached.value;
      pending ??= source
        .policy()
        .then((value) => {
          cached = { at: now(), value };
          return value;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    async evaluate(request, chainId) {
      const answer = await client.get();
      return evaluateWalletPolicy(answer.policy, request, {
        servedChainIds: answer.served_chain_ids,
        ...(chainId === undefined ? {} : { chainId }),
      });
    },
  };
  return client;
}

/** The approval page's policy hook: see {@link createPolicyCheck}. */
export type PolicyCheck = (request: EvmRpcRequest, chain: { id: number }) => Promise<void>;

/**
 * The approval page's `policyCheck` (issue 24 item 3): before a prompted request is signed, the
 * policy's limits still apply when the app owner chose `outside_policy: 'refuse'`.
 *
 * @param source the frame's own API (`shareApiFor(...)`) or a {@link PolicyClient}.
 * @returns a check that resolves when the request may be signed after the user's click (every
 *   verdict but `refuse`), and throws CustodyError with the limit's code
 *   (`policy_chain_not_allowed`, `policy_contract_not_allowed`, `policy_value_cap_exceeded`)
 *   when the policy refuses it; what the source throws (share-api.ts: CustodyError `error`) when
 *   the policy cannot be fetched (fails closed: a refusing policy cannot be bypassed by making
 *   its fetch fail).
 */
export function createPolicyCheck(source: PolicySource | PolicyClient): PolicyCheck {
  const client = 'evaluate' in source ? source : createPolicyClient(source);
  return async (request, chain) => {
    const verdict = await client.evaluate(request, chain.id);
    if (verdict.verdict === 'refuse') {
      throw new CustodyError(
        verdict.code,
        `The wallet policy refuses this request: ${verdict.reason}`,
      );
    }
  };
}
