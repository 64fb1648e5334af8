import {
  type Base64EncodedWireTransaction,
  createSolanaRpc,
  getBase64Decoder,
  type Signature,
} from '@solana/kit';
import { WalletError } from '../embedded/errors.ts';

/** How long {@link sendSolanaTransaction} waits for `confirmed` by default: 60000 ms (60 s). */
export const SOLANA_CONFIRMATION_TIMEOUT_MS = 60_000;
/** How often it polls `getSignatureStatuses`: every 500 ms. */
export const SOLANA_STATUS_POLL_MS = 500;

/** Parameters of {@link sendSolanaTransaction}. */
export type SendSolanaTransactionParameters = {
  /** The cluster's JSON-RPC URL. */
  rpcUrl: string;
  /** The signed transaction in wire format. */
  wireTransaction: Uint8Array;
  /** Skip the RPC's preflight simulation. Default false. */
  skipPreflight?: boolean;
  /** Confirmation timeout in ms. Default {@link SOLANA_CONFIRMATION_TIMEOUT_MS} (60000). */
  timeoutMs?: number;
  /** Poll interval in ms. Default {@link SOLANA_STATUS_POLL_MS} (500). */
  pollMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a signed transaction to a Solana cluster and waits until it is `confirmed` (issue 22
 * item 2): `sendTransaction` (base64 encoding, preflight at `confirmed` unless skipped) on
 * `rpcUrl` with `@solana/kit`'s `createSolanaRpc`, then `getSignatureStatuses` every `pollMs`
 * until the status is `confirmed` or `finalized`.
 *
 * @returns `{ signature }`: the transaction's signature in base58 (what the RPC answered).
 * @throws WalletError `solana_send_failed` when the RPC refuses or fails the send (its message
 *   kept, e.g. a failed simulation or an expired blockhash); `solana_transaction_failed` when
 *   it landed with an error (`details`: the error as JSON); `solana_confirmation_timeout` when
 *   not confirmed within `timeoutMs` (it may still land: check the signature).
 * @example
 * const { signature } = await sendSolanaTransaction({ rpcUrl, wireTransaction });
 */
export async function sendSolanaTransaction(
  parameters: SendSolanaTransactionParameters,
): Promise<{ signature: string }> {
  const rpc = createSolanaRpc(parameters.rpcUrl);
  const encoded = getBase64Decoder().decode(
    parameters.wireTransaction,
  ) as Base64EncodedWireTransaction;
  let signature: Signature;
  try {
    signature = await rpc
      .sendTransaction(encoded, {
        encoding: 'base64',
        skipPreflight: parameters.skipPreflight ?? false,
        preflightCommitment: 'confirmed',
      })
      .send();
  } catch (cause) {
    throw new WalletError(cause instanceof Error ? cause.message : String(cause), {
      code: 'solana_send_failed',
      cause,
    });
  }
  const deadline = Date.now() + (parameters.timeoutMs ?? SOLANA_CONFIRMATION_TIMEOUT_MS);
  const pollMs = parameters.pollMs ?? SOLANA_STATUS_POLL_MS;
  for (;;) {
    // A failed poll (network blip) is retried until the deadline.
    const statuses = await rpc
      .getSignatureStatuses([signature])
      .send()
      .catch(() => null);
    const status = statuses?.value[0];
    if (status?.err) {
      throw new WalletError('The Solana transaction failed', {
        code: 'solana_transaction_failed',
        details: JSON.stringify(status.err, (_, v: unknown) =>
          typeof v === 'bigint' ? v.toString() : v,
        ),
      });
    }
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      return { signature };
    }
    if (Date.now() + pollMs > deadline) {
      throw new WalletError('The Solana transaction was not confirmed in time', {
        code: 'solana_confirmation_timeout',
        details: signature,
      });
    }
    await sleep(pollMs);
  }
}
