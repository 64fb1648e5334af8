import type { SolanaSignRequest, SolanaSignResponse } from '@latchkey/api';
import {
  type Address,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import type { EmbeddedWalletBridge } from '../embedded/bridge.ts';
import { ProviderRpcError, WALLET_ERROR_MESSAGES, WalletError } from '../embedded/errors.ts';
import { sendSolanaTransaction } from './send.ts';
import type {
  ApproveSolanaSignature,
  EmbeddedSolanaWallet,
  SolanaCluster,
  SolanaSendOptions,
  SolanaTransactionInput,
} from './types.ts';

/** The text of the `approval_required` error without an approval hook (as the EVM provider's). */
const APPROVAL_SCREEN_NEEDED = 'Signing needs the approval screen';

/** The text of the `user_rejected` error (the screen closed before the frame answered). */
export const SOLANA_USER_REJECTED = 'User rejected the request.';

/** Parameters of {@link createEmbeddedSolanaWallet}. */
export type CreateEmbeddedSolanaWalletParameters = {
  /** The frame bridge (its `solanaRpc`, for the no-prompt path). */
  bridge: Pick<EmbeddedWalletBridge, 'solanaRpc'>;
  /** The wallet's base58 address. */
  address: string;
  /** The app's clusters, read at each request; the first is the default. Non-empty. */
  clusters: () => readonly SolanaCluster[];
  /**
   * Gets a signature approved on the approval page (the sign / send screen). Omitted: a
   * signature the hidden frame does not make fails with type `approval_required`.
   */
  approve?: ApproveSolanaSignature;
  /**
   * The host's `noPromptOnSignature`, read at each `signMessage`: ask the hidden frame first
   * (`noPrompt: true`); it signs only a text message under the app's wallet policy.
   */
  noPrompt?: () => boolean;
};

const base64 = {
  encode: (bytes: Uint8Array) => getBase64Decoder().decode(bytes),
  decode: (text: string) => new Uint8Array(getBase64Encoder().encode(text)),
};

const invalidTransaction = (details: string, cause?: unknown) =>
  new WalletError('Invalid Solana transaction', {
    code: 'invalid_transaction',
    type: 'invalid_request_arguments',
    details,
    cause,
  });

const noAnswer = () =>
  new WalletError(`walletProxy.solanaApprove ${WALLET_ERROR_MESSAGES.noResponse}`, {
    code: 'wallet_proxy_no_response',
  });

/** A transaction in either accepted form, decoded: its wire bytes and kit form. */
function decodeInput(input: SolanaTransactionInput): Transaction {
  if (input instanceof Uint8Array) {
    try {
      return getTransactionDecoder().decode(input);
    } catch (cause) {
      throw invalidTransaction('not a wire-format Solana transaction', cause);
    }
  }
  if (
    typeof input !== 'object' ||
    input === null ||
    !(input.messageBytes instanceof Uint8Array) ||
    typeof input.signatures !== 'object'
  ) {
    throw invalidTransaction('expected a @solana/kit Transaction or its wire bytes');
  }
  return input;
}

/**
 * The embedded Solana wallet object (issue 22 item 2) for one address: signs through the
 * wallet frame (the hidden frame for a no-prompt text message the app's policy allows, else
 * the approval page through `approve`) and sends through the app's cluster RPC.
 * See {@link EmbeddedSolanaWallet} for each method's shapes and errors.
 *
 * @example
 * const wallet = createEmbeddedSolanaWallet({ bridge, address, clusters: () => [devnet], approve });
 * const signature = await wallet.signMessage(new TextEncoder().encode('hello'));
 */
export function createEmbeddedSolanaWallet(
  parameters: CreateEmbeddedSolanaWalletParameters,
): EmbeddedSolanaWallet {
  const { bridge, address } = parameters;

  function clusterOf(option: SolanaSendOptions['cluster']): SolanaCluster {
    const clusters = parameters.clusters();
    if (typeof option === 'object' && option !== null) return option;
    const found = option === undefined ? clusters[0] : clusters.find((c) => c.chain === option);
    if (!found) {
      throw new WalletError(`No Solana cluster ${String(option)} in solanaClusters`, {
        code: 'solana_cluster_unknown',
      });
    }
    return found;
  }

  /** The frame's answer to `request`: hidden frame when asked and allowed, else approval. */
  async function sign(
    request: SolanaSignRequest,
    cluster: SolanaCluster,
    send: boolean,
  ): Promise<SolanaSignResponse> {
    if (request.method === 'signMessage' && parameters.noPrompt?.() && bridge.solanaRpc) {
      try {
        return await bridge.solanaRpc({ address, request, noPrompt: true });
      } catch (error) {
        // Only `approval_required` means "ask the user"; policy refusals and failures stay.
        if (!(error instanceof WalletError && error.type === 'approval_required')) throw error;
      }
    }
    const approve = parameters.approve;
    if (!approve) {
      throw new WalletError(APPROVAL_SCREEN_NEEDED, { type: 'approval_required' });
    }
    try {
      return await approve({ address, request, cluster, ...(send ? { send: true } : {}) });
    } catch (cause) {
      if (cause instanceof WalletError) throw cause;
      // The screen closed (ProviderRpcError 4001 'user rejected') or anything else refusing.
      throw new WalletError(SOLANA_USER_REJECTED, {
        code: 'user_rejected',
        cause,
        ...(cause instanceof ProviderRpcError ? { details: cause.message } : {}),
      });
    }
  }

  /** Signs `transaction`; returns the input's transaction with the wallet's signature added. */
  async function signTx(
    input: SolanaTransactionInput,
    cluster: SolanaCluster,
    send: boolean,
  ): Promise<Transaction> {
    const tx = decodeInput(input);
    if (!(address in tx.signatures)) {
      throw invalidTransaction(`the transaction has no signature slot for ${address}`);
    }
    const wire = new Uint8Array(getTransactionEncoder().encode(tx));
    const answer = await sign(
      { method: 'signTransaction', params: { transaction: base64.encode(wire) } },
      cluster,
      send,
    );
    if (!('signedTransaction' in answer) || typeof answer.signedTransaction !== 'string') {
      throw noAnswer();
    }
    let signed: Transaction;
    try {
      signed = getTransactionDecoder().decode(base64.decode(answer.signedTransaction));
    } catch (cause) {
      throw invalidTransaction('the frame answered an undecodable transaction', cause);
    }
    const same =
      signed.messageBytes.length === tx.messageBytes.length &&
      signed.messageBytes.every((b, i) => b === tx.messageBytes[i]);
    const signature = signed.signatures[address as Address];
    if (!same || !signature || signature.length !== 64) {
      throw invalidTransaction('the signed transaction is not the one asked for');
    }
    // Only the wallet's signature is taken over: the rest stays the caller's own.
    return Object.freeze({
      ...tx,
      signatures: Object.freeze({ ...tx.signatures, [address]: signature as SignatureBytes }),
    });
  }

  return {
    address,
    chainType: 'solana',
    walletClientType: 'latchkey',
    connectorType: 'embedded',
    async signMessage(message) {
      if (!(message instanceof Uint8Array) || message.length === 0) {
        throw new WalletError('The message must be non-empty bytes (Uint8Array)', {
          type: 'invalid_request_arguments',
          code: 'frame_error',
        });
      }
      const answer = await sign(
        { method: 'signMessage', params: { message: base64.encode(message) } },
        clusterOf(undefined),
        false,
      );
      const signature =
        'signature' in answer && typeof answer.signature === 'string'
          ? base64.decode(answer.signature)
          : null;
      if (!signature || signature.length !== 64) throw noAnswer();
      return signature;
    },
    async signTransaction<T extends SolanaTransactionInput>(transaction: T): Promise<T> {
      const signed = await signTx(transaction, clusterOf(undefined), false);
      return (
        transaction instanceof Uint8Array
          ? new Uint8Array(getTransactionEncoder().encode(signed))
          : signed
      ) as T;
    },
    async signAndSendTransaction(transaction, options = {}) {
      const cluster = clusterOf(options.cluster);
      const signed = await signTx(transaction, cluster, true);
      return sendSolanaTransaction({
        rpcUrl: cluster.rpcUrl,
        wireTransaction: new Uint8Array(getTransactionEncoder().encode(signed)),
        ...(options.skipPreflight ? { skipPreflight: true } : {}),
        ...(options.confirmationTimeoutMs !== undefined
          ? { timeoutMs: options.confirmationTimeoutMs }
          : {}),
      });
    },
  };
}
