/**
 * Test helper (issue 24 item 3): the server's wallet policy and spend routes in front of a fake
 * share server's `fetch`, with the real routes' arithmetic (packages/server/src/wallets/policy.ts).
 */
import { ROUTES, WALLET_POLICY_OFF, type WalletPolicy } from '@latchkey/api';

/** The policy routes' state: set `policy` (null: none) and read `spends` / `policyFetches`. */
export interface FakePolicyServer {
  fetch: typeof globalThis.fetch;
  policy: WalletPolicy | null;
  servedChainIds: number[];
  /** Recorded spends (wei). */
  spends: { address: string; chainId: number; value: bigint }[];
  policyFetches: number;
  /** When set, the policy route answers this status with no policy. */
  failPolicy: number | null;
}

/** A full policy from a partial one (the 'off' values for the rest), as the admin API stores it. */
export function policyOf(partial: Partial<WalletPolicy>): WalletPolicy {
  return { ...WALLET_POLICY_OFF, ...partial };
}

/** Wraps `inner` (a fake share server's fetch) with the policy and spend routes. */
export function withPolicyRoutes(
  inner: typeof globalThis.fetch,
  policy: WalletPolicy | null = null,
): FakePolicyServer {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const state: FakePolicyServer = {
    policy,
    servedChainIds: [],
    spends: [],
    policyFetches: 0,
    failPolicy: null,
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === ROUTES.walletPolicy) {
        state.policyFetches++;
        if ((init.method ?? 'GET') !== 'GET') return json({ error: 'No', code: 'not_found' }, 404);
        if (state.failPolicy !== null) {
          return json({ error: 'Down', code: 'service_unavailable' }, state.failPolicy);
        }
        return json({
          policy: state.policy ?? WALLET_POLICY_OFF,
          configured: state.policy !== null,
          served_chain_ids: state.servedChainIds,
        });
      }
      if (url.pathname === ROUTES.walletSpend) {
        const headers = new Headers(init.headers);
        if (!headers.get('authorization')?.startsWith('DPoP ') || !headers.get('dpop')) {
          return json({ error: 'Invalid DPoP proof', code: 'invalid_dpop_proof' }, 401);
        }
        const body = JSON.parse(String(init.body)) as {
          address: string;
          chain_id: number;
          value_wei: string;
        };
        const p = state.policy;
        if (!p?.no_prompt_on_signature) {
          return json({ error: 'No no-prompt', code: 'approval_required' }, 403);
        }
        const value = BigInt(body.value_wei);
        if (p.max_value_wei_per_tx !== null && value > BigInt(p.max_value_wei_per_tx)) {
          return json({ error: 'Over', code: 'policy_value_cap_exceeded' }, 403);
        }
        const spent =
          state.spends
            .filter((s) => s.address.toLowerCase() === body.address.toLowerCase())
            .reduce((sum, s) => sum + s.value, 0n) + value;
        if (p.max_value_wei_per_24h !== null && spent > BigInt(p.max_value_wei_per_24h)) {
          return json({ error: 'Over 24h', code: 'policy_daily_cap_exceeded' }, 403);
        }
        state.spends.push({ address: body.address, chainId: body.chain_id, value });
        return json({
          spent_wei_24h: spent.toString(),
          remaining_wei_24h:
            p.max_value_wei_per_24h === null
              ? null
              : (BigInt(p.max_value_wei_per_24h) - spent).toString(),
        });
      }
      return inner(input, init);
    }) as typeof globalThis.fetch,
  };
  return state;
}
