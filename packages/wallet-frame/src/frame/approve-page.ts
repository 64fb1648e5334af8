import { FRAME_EVENTS, type FramePayloads } from '@latchkey/api';
import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type DescribeChain, describeRequest } from '../custody/describe.ts';
import { CustodyError } from '../custody/errors.ts';
import { type EvmRpcRequest, handleEvmRpc } from '../custody/evm-rpc.ts';
import { reconstructEntropy } from '../custody/shares.ts';
import {
  deriveEvmPrivateKey,
  evmPrivateKeyOfSecret,
  generateEntropy,
} from '../custody/wallet-secret.ts';
import {
  type ApprovalFlow,
  type ApprovalFlowOptions,
  createApprovalFlow,
} from './approval-flow.ts';
import type { FrameHandler } from './router.ts';
import { solanaApproveHandler } from './solana-approve-page.ts';
import type { WalletHandlersParameters } from './wallet-handlers.ts';

type ApproveOut = FramePayloads['latchkey:wallet:approve']['out'];

/** Methods the approval page signs (issue 24 item 1). */
export const APPROVAL_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTransaction',
] as const;

/**
 * The wallet policy's check of a request the user is about to approve (issue 24 item 3; wired
 * from app.ts). It runs before the request is drawn (while the shares load), so a refused request
 * is refused before any click; throwing refuses the request (a CustodyError's type, e.g. `policy_chain_not_allowed`, is the answer).
 */
export type ApprovalPolicyCheck = (request: EvmRpcRequest, chain: DescribeChain) => Promise<void>;

/** Parameters of {@link startApprovePage} beyond the frame's base ones. */
export interface ApprovePageOptions extends ApprovalFlowOptions {
  /** See {@link ApprovalPolicyCheck}. Default: none. */
  policyCheck?: ApprovalPolicyCheck;
}

/** The approval page's handlers: one per chain family, sharing the page's one request. */
export type ApprovePageHandlers = Record<
  typeof FRAME_EVENTS.walletApprove | typeof FRAME_EVENTS.solanaApprove,
  FrameHandler
>;

const invalid = (message: string) => new CustodyError('invalid_request_arguments', message);

function record(data: unknown, what: string): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid(`${what} must be an object`);
  }
  return data as Record<string, unknown>;
}

function addressOf(data: Record<string, unknown>): Address {
  const { address } = data;
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw invalid('address must be an EVM address');
  }
  return getAddress(address);
}

/** The `chain` of the request: id, name and native currency, checked. */
function chainOf(value: unknown): DescribeChain {
  const chain = record(value, 'chain');
  const { id, name } = chain;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw invalid('chain.id must be a positive integer');
  }
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) {
    throw invalid('chain.name must be a short string');
  }
  const currency = record(chain.nativeCurrency, 'chain.nativeCurrency');
  const { symbol, decimals } = currency;
  if (typeof symbol !== 'string' || symbol.length === 0 || symbol.length > 16) {
    throw invalid('chain.nativeCurrency.symbol must be a short string');
  }
  if (
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 36
  ) {
    throw invalid('chain.nativeCurrency.decimals must be an integer from 0 to 36');
  }
  return {
    id,
    name,
    nativeCurrency: {
      name: typeof currency.name === 'string' ? currency.name : symbol,
      symbol,
      decimals,
    },
  };
}

/**
 * Runs the derivation and signing code once on a throwaway key while the button is still arming,
 * so the approved click does not pay this fresh page's cold start (JIT, curve tables: about
 * 150 ms measured by `npm run bench:approval`). No secret is involved.
 */
async function warmUp(method: string): Promise<void> {
  try {
    const account = privateKeyToAccount(deriveEvmPrivateKey(generateEntropy()));
    if (method === 'personal_sign') await account.signMessage({ message: 'warm-up' });
    else await account.signTransaction({ chainId: 1, to: account.address, type: 'eip1559' });
  } catch {
    // Only a speed-up.
  }
}

/**
 * The Ethereum handler of the approval page (issue 24 items 1 and 2; the flow's steps:
 * approval-flow.ts): `latchkey:wallet:approve`
 * `{accessToken, address, request: {method, params}, chain, buttonText?}`. The request is one of
 * {@link APPROVAL_METHODS}, described with `describeRequest` (`invalid_request_arguments` for a
 * malformed one: foreign signer, chainId missing or not `chain.id`, unsupported method) and
 * checked by `policyCheck` before it is drawn; the default label is 'Sign and continue' for
 * signatures and 'Submit' for transactions (the spec's sign and send defaults). After the
 * approved click the key is rebuilt (`reconstructEntropy`), the request signed with
 * `handleEvmRpc` and the entropy zeroed; the answer is `{response}` (the signature or the
 * signed serialized transaction).
 */
function ethereumApproveHandler(flow: ApprovalFlow, options: ApprovePageOptions): FrameHandler {
  return flow.handler((data) => {
    const address = addressOf(data);
    const raw = record(data.request, 'request');
    if (typeof raw.method !== 'string') throw invalid('request.method must be a string');
    if (!(APPROVAL_METHODS as readonly string[]).includes(raw.method)) {
      throw invalid(`Unsupported method ${raw.method}`);
    }
    const request: EvmRpcRequest = { method: raw.method, params: raw.params };
    const chain = chainOf(data.chain);
    const { texts, locale } = flow.view;
    return {
      address,
      description: describeRequest(address, request, chain, locale),
      defaultLabel: request.method === 'eth_signTransaction' ? texts.send : texts.sign,
      ...(options.policyCheck ? { check: () => options.policyCheck!(request, chain) } : {}),
      warmUp: () => warmUp(request.method),
      async sign(session) {
        const entropy = await reconstructEntropy([session.device, session.auth], address);
        try {
          const privateKey: Hex = evmPrivateKeyOfSecret(entropy);
          const response = await handleEvmRpc(privateKey, request);
          return { response } satisfies ApproveOut;
        } finally {
          entropy.fill(0);
        }
      },
    };
  });
}

/**
 * The approval page (`mode: approve`, `/apps/{appId}/embedded-wallets/approve`; issue 24 items
 * 1 and 2, issue 22 item 2): mounts the view and answers `latchkey:wallet:approve` (Ethereum,
 * see `ethereumApproveHandler`) and `latchkey:solana-wallet:approve` (Solana,
 * solana-approve-page.ts). Either signs only after the user's trusted, unobscured, armed click
 * on the page's button (click-guard.ts); the page serves ONE request of either kind, later ones
 * are refused (`invalid_request_arguments`). See approval-flow.ts for the steps and errors.
 * @returns the two handlers, by event.
 */
export function startApprovePage(
  doc: Document,
  win: Window,
  base: WalletHandlersParameters,
  options: ApprovePageOptions = {},
): ApprovePageHandlers {
  const flow = createApprovalFlow(doc, win, base, options);
  return {
    [FRAME_EVENTS.walletApprove]: ethereumApproveHandler(flow, options),
    [FRAME_EVENTS.solanaApprove]: solanaApproveHandler(flow),
  };
}
