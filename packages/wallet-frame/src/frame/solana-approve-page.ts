import type { FramePayloads } from '@latchkey/api';
import {
  CLUSTER_NAME_MAX,
  describeSolanaRequest,
  type SolanaCluster,
} from '../custody/describe-solana.ts';
import { signWithSolanaKey, solanaKeyOfSecretAsync } from '../custody/solana-key.ts';
import { generateEntropy } from '../custody/wallet-secret.ts';
import type { ApprovalFlow } from './approval-flow.ts';
import { invalid } from './request-data.ts';
import type { FrameHandler } from './router.ts';
import {
  reconstructSolanaWallet,
  signSolanaRequest,
  solanaAddressOf,
  solanaSignRequestOf,
} from './solana-handlers.ts';

type SolanaApproveOut = FramePayloads['latchkey:solana-wallet:approve']['out'];

/**
 * The request's `cluster`: `{ name }`, a one-line string of 1 to {@link CLUSTER_NAME_MAX}
 * characters (the page shows it as the network; it never changes what is signed).
 * @throws CustodyError `invalid_request_arguments`.
 */
export function solanaClusterOf(value: unknown): SolanaCluster {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('cluster must be an object');
  }
  const { name } = value as Record<string, unknown>;
  if (
    typeof name !== 'string' ||
    name.trim().length === 0 ||
    name.length > CLUSTER_NAME_MAX ||
    /[\n\r]/.test(name)
  ) {
    throw invalid(
      `cluster.name must be a one-line string of at most ${CLUSTER_NAME_MAX} characters`,
    );
  }
  return { name: name.trim() };
}

/**
 * Derives a throwaway Solana key from fresh entropy and signs with it while the button arms, so
 * the approved click does not pay this fresh page's cold start (PBKDF2, SLIP-0010, the curve
 * tables). No secret of the wallet is involved.
 */
async function warmUp(): Promise<void> {
  const entropy = generateEntropy();
  try {
    const key = await solanaKeyOfSecretAsync(entropy);
    signWithSolanaKey(key.privateKey, new TextEncoder().encode('warm-up'));
    key.privateKey.fill(0);
  } finally {
    entropy.fill(0);
  }
}

/**
 * The Solana handler of the approval page (issue 22 item 2; the flow's steps: approval-flow.ts):
 * `latchkey:solana-wallet:approve`
 * `{accessToken, address, request: SolanaSignRequest, cluster: {name}, buttonText?}`.
 *
 * - Checks: `address` is base58 of 32 bytes (`solanaAddressOf`), `request` a `signMessage` or
 *   `signTransaction` with base64 bytes (`solanaSignRequestOf`), `cluster` ({@link
 *   solanaClusterOf}); the request is described with `describeSolanaRequest`, which refuses a
 *   transaction that does not list `address` among its required signers, a message that is a
 *   transaction message, and bytes over the size limits. All `invalid_request_arguments`.
 * - Draws the message or the decoded transaction; default label 'Sign and continue' for a
 *   message, 'Submit' for a transaction (as the Ethereum page).
 * - After the approved click: the key is rebuilt from this device's share and the auth share
 *   (`reconstructSolanaWallet`: address-checked, `ShareIntegrityError` otherwise), the request
 *   signed with `signSolanaRequest`, and the entropy and private key zeroed.
 * @returns the handler; it answers `SolanaSignResponse`: `{signature}` (base64 of 64 bytes)
 *   for a message, `{signedTransaction}` (base64 wire transaction) for a transaction.
 */
export function solanaApproveHandler(flow: ApprovalFlow): FrameHandler {
  return flow.handler((data) => {
    const address = solanaAddressOf(data);
    const request = solanaSignRequestOf(data.request);
    const cluster = solanaClusterOf(data.cluster);
    const { texts, locale } = flow.view;
    return {
      address,
      description: describeSolanaRequest(address, request, cluster, locale),
      defaultLabel: request.method === 'signTransaction' ? texts.send : texts.sign,
      warmUp,
      async sign(session) {
        const { entropy, key } = await reconstructSolanaWallet(
          [session.device, session.auth],
          address,
        );
        try {
          return signSolanaRequest(key.privateKey, address, request) satisfies SolanaApproveOut;
        } finally {
          entropy.fill(0);
          key.privateKey.fill(0);
        }
      },
    };
  });
}
