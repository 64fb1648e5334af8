/**
 * The wallet policy (issue 24 item 3): what the wallet frame may sign WITHOUT a prompt, set only
 * by the app owner (admin API `wallet_policy`, `latchkey apps policy`), fetched by the frame
 * itself from its own origin (`GET ROUTES.walletPolicy`) and enforced there before signing.
 * The host page's `noPromptOnSignature` is only a wish: with no policy, or a policy whose
 * `no_prompt_on_signature` is false, every signing request needs a click inside the frame.
 *
 * Semantics (the frame's `evaluateWalletPolicy` implements them):
 * - No-prompt signing needs `no_prompt_on_signature: true` and the request inside every limit:
 *   - `personal_sign`: allowed (EIP-191 messages name no chain, contract or value).
 *   - `eth_signTypedData_v4`: only with `allow_typed_data`, a domain `verifyingContract` listed in
 *     `allowed_contracts` and a domain `chainId` that is allowed.
 *   - `eth_signTransaction`: chain allowed; value at most `max_value_wei_per_tx`; call data only
 *     to a listed contract with a listed method (selector); never a contract deployment; a value
 *     above 0 is first recorded against `max_value_wei_per_24h` by `POST ROUTES.walletSpend`.
 * - The LIMITS are: the chain (`allowed_chain_ids`; `null` means the chains the server publishes
 *   at `GET /api/v1/chains`, any chain when it publishes none), the contracts (a non-null
 *   `allowed_contracts`: transaction call data to an unlisted contract or method, typed data
 *   whose `verifyingContract` is unlisted), the per-transaction value cap and the 24-hour cap.
 * - `outside_policy: 'refuse'`: a request outside a LIMIT is refused with its stable code
 *   (`policy_chain_not_allowed`, `policy_contract_not_allowed`, `policy_value_cap_exceeded`,
 *   `policy_daily_cap_exceeded`), whether it asked for no prompt or not: the approval page
 *   refuses it too. The 24-hour cap counts only no-prompt transactions, so it refuses only those.
 * - `outside_policy: 'ask'` (the default): such requests get the approval prompt instead.
 * - Requests outside the no-prompt scope but inside every limit (no-prompt switched off, typed
 *   data not allowed, call data while `allowed_contracts` is null, contract deployment, typed data
 *   without `verifyingContract` or domain `chainId`) are always asked, never refused.
 */
import * as z from 'zod';
import { evmAddress } from './embedded-wallet.ts';

/** What happens to a request outside the policy's limits: the prompt, or a refusal. */
export const WALLET_POLICY_OUTSIDE = ['ask', 'refuse'] as const;
export type WalletPolicyOutside = (typeof WALLET_POLICY_OUTSIDE)[number];

/** A decimal amount of wei (no sign, no exponent), at most 78 digits (uint256). */
export const weiAmount = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,77})$/, 'A decimal amount of wei such as "1000000000000000000"');

/** A 4-byte function selector, `0x` and 8 hex digits. */
export const FUNCTION_SELECTOR_PATTERN = /^0x[0-9a-fA-F]{8}$/;
/** A Solidity function signature, canonical types without names or spaces. */
export const FUNCTION_SIGNATURE_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*\([A-Za-z0-9_,[\]()]*\)$/;
/** The `methods` entry that allows any method of a contract. */
export const ANY_METHOD = '*';

const method = z
  .string()
  .trim()
  .refine(
    (v) =>
      v === ANY_METHOD || FUNCTION_SELECTOR_PATTERN.test(v) || FUNCTION_SIGNATURE_PATTERN.test(v),
    'A function signature like transfer(address,uint256), a selector like 0xa9059cbb, or *',
  );

/** One contract the frame may call without a prompt, with the methods allowed on it. */
export const walletPolicyContract = z
  .object({
    address: evmAddress,
    /** Signatures (`transfer(address,uint256)`), 4-byte selectors (`0xa9059cbb`) or `*`. */
    methods: z.array(method).min(1, 'List at least one method (or * for any)').max(100),
  })
  .strict();
export type WalletPolicyContract = z.infer<typeof walletPolicyContract>;

/** The wallet policy on the wire (snake_case); see the module comment for its semantics. */
export const walletPolicy = z
  .object({
    /** The master switch: false means every signature is prompted. */
    no_prompt_on_signature: z.boolean(),
    /** Chain ids allowed; null: the chains the server publishes (any when it publishes none). */
    allowed_chain_ids: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .max(100)
      .nullable(),
    /** Contracts callable without a prompt; null: no contract calls without a prompt. */
    allowed_contracts: z.array(walletPolicyContract).max(100).nullable(),
    /** EIP-712 without a prompt, only for `verifyingContract`s in `allowed_contracts`. */
    allow_typed_data: z.boolean(),
    /** Most value (wei, decimal) of one no-prompt transaction; null: no cap. */
    max_value_wei_per_tx: weiAmount.nullable(),
    /** Most value (wei, decimal) of the wallet's no-prompt transactions in 24 hours; null: no cap. */
    max_value_wei_per_24h: weiAmount.nullable(),
    /** Requests outside the limits: `ask` (prompt) or `refuse` (stable policy code). */
    outside_policy: z.enum(WALLET_POLICY_OUTSIDE),
  })
  .strict();
export type WalletPolicy = z.infer<typeof walletPolicy>;

/**
 * The policy of an app that has none: no-prompt signing off, every request prompted, nothing
 * refused.
 */
export const WALLET_POLICY_OFF: WalletPolicy = Object.freeze({
  no_prompt_on_signature: false,
  allowed_chain_ids: null,
  allowed_contracts: null,
  allow_typed_data: false,
  max_value_wei_per_tx: null,
  max_value_wei_per_24h: null,
  outside_policy: 'ask',
}) as WalletPolicy;

/**
 * Partial input accepted by {@link parseWalletPolicy}: omitted fields take the values of
 * {@link WALLET_POLICY_OFF}.
 */
export const walletPolicyInput = walletPolicy.partial().strict();
export type WalletPolicyInput = z.input<typeof walletPolicyInput>;

/** A policy that failed {@link parseWalletPolicy}; `issues` name each failing field. */
export class WalletPolicyError extends Error {
  override name = 'WalletPolicyError';
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/**
 * Validates a wallet policy (a JSON value, any subset of the fields; the rest default to
 * {@link WALLET_POLICY_OFF}). Addresses are kept as given; duplicates are kept (harmless).
 *
 * @returns the full policy.
 * @throws WalletPolicyError with a message naming every failing field, e.g.
 *   `Invalid wallet policy: max_value_wei_per_tx: A decimal amount of wei ...; outside_policy:
 *   Invalid option ...`, and unknown fields (`Unrecognized key: "foo"`).
 */
export function parseWalletPolicy(input: unknown): WalletPolicy {
  const parsed = walletPolicyInput.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => {
      const keys = 'keys' in i && Array.isArray(i.keys) ? ` (${i.keys.join(', ')})` : '';
      return { path: i.path.map(String).join('.'), message: `${i.message}${keys}` };
    });
    const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    throw new WalletPolicyError(`Invalid wallet policy: ${summary}`, issues);
  }
  return { ...WALLET_POLICY_OFF, ...parsed.data };
}

/**
 * `GET /api/v1/embedded_wallets/policy` (header `latchkey-app-id`; public, `Cache-Control:
 * max-age=5`): the app's policy, {@link WALLET_POLICY_OFF} when it has none (`configured`
 * false), and the chain ids the server publishes (what `allowed_chain_ids: null` means).
 */
export const walletPolicyResponse = z.object({
  policy: walletPolicy,
  configured: z.boolean(),
  served_chain_ids: z.array(z.number().int()),
});
export type WalletPolicyResponse = z.infer<typeof walletPolicyResponse>;

/**
 * `POST /api/v1/embedded_wallets/spend` (DPoP, by the wallet frame): records the value of one
 * no-prompt transaction of the caller's wallet before the frame signs it.
 */
export const walletSpendRequest = z
  .object({
    address: evmAddress,
    chain_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    value_wei: weiAmount,
  })
  .strict();
export type WalletSpendRequest = z.input<typeof walletSpendRequest>;

/**
 * The answer of a recorded spend: wei (decimal strings) spent by the wallet's no-prompt
 * transactions in the last 24 hours (this one included) and what is left under the cap
 * (`null` when the policy has no 24-hour cap). A refusal is 403 `policy_value_cap_exceeded` or
 * `policy_daily_cap_exceeded` (nothing recorded), 403 `approval_required` when the app's policy
 * does not allow no-prompt signing.
 */
export const walletSpendResponse = z.object({
  spent_wei_24h: weiAmount,
  remaining_wei_24h: weiAmount.nullable(),
});
export type WalletSpendResponse = z.infer<typeof walletSpendResponse>;
