/**
 * The wallet policy inside the frame (issue 24 item 3): the pure evaluation of one signing
 * request against the app's policy. The semantics are those of `@latchkey/api` wallet-policy.ts;
 * the frame fetches the policy itself (policy-client.ts) and never takes it from the host page.
 */
import type { WalletErrorType, WalletPolicy } from '@latchkey/api';
import {
  type Address,
  type Hex,
  isAddress,
  isAddressEqual,
  isHex,
  slice,
  toFunctionSelector,
} from 'viem';
import type { EvmRpcRequest } from './evm-rpc.ts';

// Types only from @latchkey/api: its wallet-policy.ts builds zod schemas, kept out of the frame.
/** The `methods` entry that allows any method (`ANY_METHOD` of @latchkey/api). */
const ANY_METHOD = '*';
/** A 4-byte selector (`FUNCTION_SELECTOR_PATTERN` of @latchkey/api). */
const FUNCTION_SELECTOR_PATTERN = /^0x[0-9a-fA-F]{8}$/;

/** Codes of requests outside the policy's limits (refused under `outside_policy: 'refuse'`). */
export type PolicyLimitCode = Extract<
  WalletErrorType,
  | 'policy_chain_not_allowed'
  | 'policy_contract_not_allowed'
  | 'policy_value_cap_exceeded'
  | 'policy_daily_cap_exceeded'
>;

/**
 * The verdict on one request:
 * - `allow`: sign without a prompt (a transaction with value still records its spend first);
 * - `ask`: show the approval prompt; `code` is `approval_required` (outside the no-prompt scope)
 *   or the limit it is outside of (under `outside_policy: 'ask'`);
 * - `refuse`: outside a limit under `outside_policy: 'refuse'`; `code` is the limit's code.
 * `reason` is a short English explanation for logs and error messages.
 */
export type PolicyVerdict =
  | { verdict: 'allow' }
  | { verdict: 'ask'; code: 'approval_required' | PolicyLimitCode; reason: string }
  | { verdict: 'refuse'; code: PolicyLimitCode; reason: string };

/** What the evaluation knows beyond the policy. */
export interface PolicyContext {
  /** Chain ids the server publishes: what `allowed_chain_ids: null` allows (any when empty). */
  servedChainIds?: readonly number[];
  /** The chain to assume for a transaction without `chainId` (the approval page's chain). */
  chainId?: number;
}

/** The value (wei) and chain of a transaction request, as `evaluateWalletPolicy` reads them. */
export interface TransactionFacts {
  chainId: number | undefined;
  to: Address | undefined;
  data: Hex | undefined;
  value: bigint;
}

function quantity(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return 0n;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
    return undefined;
  }
  try {
    const n = BigInt(value);
    return n < 0n ? undefined : n;
  } catch {
    return undefined;
  }
}

function chainIdOf(value: unknown): number | undefined {
  const n = quantity(value);
  if (n === undefined || n <= 0n || n > BigInt(Number.MAX_SAFE_INTEGER)) {
    return undefined;
  }
  return Number(n);
}

/**
 * The facts of an `eth_signTransaction` request (`params[0]`), or undefined when it is malformed
 * (the frame then asks, and the approval page reports the problem).
 */
export function transactionFacts(request: EvmRpcRequest): TransactionFacts | undefined {
  const [tx] = Array.isArray(request.params) ? (request.params as unknown[]) : [];
  if (typeof tx !== 'object' || tx === null) return undefined;
  const record = tx as Record<string, unknown>;
  const value = quantity(record.value);
  if (value === undefined) return undefined;
  const toRaw = record.to;
  if (
    toRaw !== undefined &&
    toRaw !== null &&
    (typeof toRaw !== 'string' || !isAddress(toRaw, { strict: false }))
  ) {
    return undefined;
  }
  const dataRaw = record.data ?? record.input;
  if (
    dataRaw !== undefined &&
    dataRaw !== null &&
    (typeof dataRaw !== 'string' || !isHex(dataRaw))
  ) {
    return undefined;
  }
  return {
    chainId: chainIdOf(record.chainId),
    to: (toRaw ?? undefined) as Address | undefined,
    data: dataRaw && dataRaw !== '0x' ? (dataRaw as Hex) : undefined,
    value,
  };
}

/** The selector a `methods` entry stands for, lower-case, or `*`. */
function selectorOf(method: string): string {
  if (method === ANY_METHOD) return ANY_METHOD;
  if (FUNCTION_SELECTOR_PATTERN.test(method)) return method.toLowerCase();
  return toFunctionSelector(`function ${method}`).toLowerCase();
}

/** The listed contract at `address`, if any. */
function listed(policy: WalletPolicy, address: string) {
  return policy.allowed_contracts?.find((c) =>
    isAddressEqual(c.address as Address, address as Address),
  );
}

function typedDomainOf(request: EvmRpcRequest): Record<string, unknown> | undefined {
  const [, typed] = Array.isArray(request.params) ? (request.params as unknown[]) : [];
  let definition: unknown = typed;
  if (typeof typed === 'string') {
    try {
      definition = JSON.parse(typed);
    } catch {
      return undefined;
    }
  }
  if (typeof definition !== 'object' || definition === null) return undefined;
  const domain = (definition as Record<string, unknown>).domain;
  return typeof domain === 'object' && domain !== null ? (domain as Record<string, unknown>) : {};
}

/**
 * Evaluates one signing request against the app's wallet policy (issue 24 item 3; semantics in
 * `@latchkey/api` wallet-policy.ts), without any I/O. The 24-hour cap is the server's (it holds
 * the wallet's spends): an `allow` for a transaction with value is final only after the spend
 * call succeeds.
 *
 * Limits are checked first, in this order: chain (the transaction's `chainId`, or the typed
 * data domain's `chainId`; `personal_sign` names none), contract (transaction call data to an
 * unlisted contract or method while `allowed_contracts` is a list; typed data whose
 * `verifyingContract` is unlisted), per-transaction value. A request outside one is `refuse`d
 * under `outside_policy: 'refuse'`, else `ask`ed with the limit's code. Inside every limit it is
 * `allow`ed only when no-prompt signing covers it: `no_prompt_on_signature`, and for typed data
 * `allow_typed_data` with a listed `verifyingContract` and a domain `chainId`; for transactions a
 * recipient (never a deployment) and, with call data, a listed contract and method. Otherwise
 * `ask` with `approval_required`. Methods other than the three signing ones are `allow`ed (the
 * frame only signs those; `eth_accounts` reveals nothing).
 *
 * @param request the EIP-1193 request (`personal_sign`, `eth_signTypedData_v4`,
 *   `eth_signTransaction`).
 */
export function evaluateWalletPolicy(
  policy: WalletPolicy,
  request: EvmRpcRequest,
  context: PolicyContext = {},
): PolicyVerdict {
  const outside = (code: PolicyLimitCode, reason: string): PolicyVerdict =>
    policy.outside_policy === 'refuse'
      ? { verdict: 'refuse', code, reason }
      : { verdict: 'ask', code, reason };
  const ask = (reason: string): PolicyVerdict => ({
    verdict: 'ask',
    code: 'approval_required',
    reason,
  });
  const served = context.servedChainIds?.length ? context.servedChainIds : null;
  const chains = policy.allowed_chain_ids ?? served;
  const chainAllowed = (id: number) => chains === null || chains.includes(id);

  switch (request.method) {
    case 'personal_sign':
      return policy.no_prompt_on_signature ? { verdict: 'allow' } : ask('No-prompt signing is off');

    case 'eth_signTypedData_v4': {
      const domain = typedDomainOf(request);
      if (!domain) return ask('The typed data is not readable');
      const chainId = chainIdOf(domain.chainId);
      if (chainId !== undefined && !chainAllowed(chainId)) {
        return outside('policy_chain_not_allowed', `Chain ${chainId} is not allowed`);
      }
      const verifying = domain.verifyingContract;
      const hasVerifying = typeof verifying === 'string' && isAddress(verifying, { strict: false });
      if (hasVerifying && policy.allowed_contracts !== null && !listed(policy, verifying)) {
        return outside('policy_contract_not_allowed', `Contract ${verifying} is not allowed`);
      }
      if (!policy.no_prompt_on_signature) return ask('No-prompt signing is off');
      if (!policy.allow_typed_data) return ask('Typed data is not signed without a prompt');
      if (!hasVerifying || !listed(policy, verifying)) {
        return ask('Typed data without an allowed verifyingContract');
      }
      if (chainId === undefined) return ask('Typed data without a domain chainId');
      return { verdict: 'allow' };
    }

    case 'eth_signTransaction': {
      const tx = transactionFacts(request);
      if (!tx) return ask('The transaction is not readable');
      tx.chainId ??= context.chainId;
      if (tx.chainId === undefined) return ask('The transaction names no chain');
      if (!chainAllowed(tx.chainId)) {
        return outside('policy_chain_not_allowed', `Chain ${tx.chainId} is not allowed`);
      }
      let callAllowed = false;
      if (tx.data !== undefined && tx.to !== undefined && policy.allowed_contracts !== null) {
        const contract = listed(policy, tx.to);
        const selector = tx.data.length >= 10 ? slice(tx.data, 0, 4).toLowerCase() : undefined;
        callAllowed =
          contract !== undefined &&
          contract.methods.some((m) => {
            const allowed = selectorOf(m);
            return allowed === ANY_METHOD || (selector !== undefined && allowed === selector);
          });
        if (!callAllowed) {
          return outside(
            'policy_contract_not_allowed',
            contract
              ? `Method ${selector ?? '(none)'} of ${tx.to} is not allowed`
              : `Contract ${tx.to} is not allowed`,
          );
        }
      }
      const perTx =
        policy.max_value_wei_per_tx === null ? null : BigInt(policy.max_value_wei_per_tx);
      if (perTx !== null && tx.value > perTx) {
        return outside('policy_value_cap_exceeded', 'The value is over the per-transaction cap');
      }
      if (!policy.no_prompt_on_signature) return ask('No-prompt signing is off');
      if (tx.to === undefined) return ask('Contract deployments are always prompted');
      if (tx.data !== undefined && !callAllowed) {
        return ask('Contract calls need allowed_contracts');
      }
      return { verdict: 'allow' };
    }

    default:
      return { verdict: 'allow' };
  }
}
