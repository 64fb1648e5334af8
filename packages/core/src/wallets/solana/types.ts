import type { SolanaSignRequest, SolanaSignResponse } from '@latchkey/api';
import type { Transaction } from '@solana/kit';
import type { IdentifierString } from '@wallet-standard/base';
import type { User, WalletAccount } from '../../session/user.ts';

/**
 * A Solana cluster the embedded Solana wallet sends to (issue 22 item 2; the app's
 * `solanaClusters` config). The first of the app's list is the default cluster.
 * @example { name: 'Solana Devnet', chain: 'solana:devnet', rpcUrl: 'https://api.devnet.solana.com' }
 */
export type SolanaCluster = {
  /** What the approval page names as the network, e.g. 'Solana Devnet'. */
  name: string;
  /**
   * The Wallet Standard chain id (`solana:mainnet`, `solana:devnet`, `solana:testnet`,
   * `solana:localnet`, or another `solana:` identifier the app uses).
   */
  chain: IdentifierString;
  /** The cluster's JSON-RPC URL (http or https): `sendTransaction`, `getSignatureStatuses`. */
  rpcUrl: string;
};

/** Solana mainnet-beta's public RPC (rate limited: give your own in production). */
export const SOLANA_MAINNET_CLUSTER: SolanaCluster = {
  name: 'Solana Mainnet',
  chain: 'solana:mainnet',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
};

/** Solana devnet's public RPC. */
export const SOLANA_DEVNET_CLUSTER: SolanaCluster = {
  name: 'Solana Devnet',
  chain: 'solana:devnet',
  rpcUrl: 'https://api.devnet.solana.com',
};

/**
 * The default `solanaClusters` when the app gives none: mainnet-beta then devnet, the public
 * endpoints (what Privy and the Solana wallet adapter default to).
 */
export const DEFAULT_SOLANA_CLUSTERS: readonly SolanaCluster[] = [
  SOLANA_MAINNET_CLUSTER,
  SOLANA_DEVNET_CLUSTER,
];

/**
 * A transaction the Solana wallet signs: a `@solana/kit` {@link Transaction}
 * (`{ messageBytes, signatures }`, e.g. from `compileTransaction(message)`) or its wire bytes
 * (a legacy or v0 transaction, what `VersionedTransaction.serialize()` of web3.js gives and
 * the Wallet Standard passes). The signed result has the same form as the input.
 */
export type SolanaTransactionInput = Transaction | Uint8Array;

/** Options of {@link EmbeddedSolanaWallet.signAndSendTransaction}. */
export type SolanaSendOptions = {
  /**
   * Where to send: a chain id of the app's `solanaClusters` (`'solana:devnet'`) or a cluster
   * of its own. Default: the first of `solanaClusters`.
   */
  cluster?: IdentifierString | SolanaCluster;
  /** Skip the RPC's preflight simulation. Default false. */
  skipPreflight?: boolean;
  /** How long to wait for the `confirmed` status, in ms. Default 60000 (60 s). */
  confirmationTimeoutMs?: number;
};

/**
 * The user's embedded Solana wallet (issue 22 item 2; Privy's `ConnectedSolanaWallet` names).
 * Its key lives in the wallet frame only: each signature is either signed by the hidden frame
 * (a `noPrompt` text message under the app's wallet policy) or approved by the user on the
 * approval page framed in the sign / send screen.
 */
export interface EmbeddedSolanaWallet {
  /** The wallet's base58 address (its ed25519 public key). */
  readonly address: string;
  readonly chainType: 'solana';
  readonly walletClientType: 'latchkey';
  readonly connectorType: 'embedded';
  /**
   * Signs the raw `message` bytes (ed25519, no prefix).
   * @returns the 64-byte signature.
   * @throws WalletError `user_rejected` when the user closed the screen; the frame's types
   *   (`approval_required` without an approval screen, `policy_*`, `missing_or_invalid_mfa`).
   */
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  /**
   * Signs `transaction` in the wallet's signature slot after the user approved it on the
   * approval page (the frame never signs a transaction without). Same form out as in.
   * @throws WalletError `invalid_transaction` (undecodable, or the frame changed the message),
   *   `user_rejected`, the frame's types (`invalid_request_arguments` when the wallet has no
   *   signature slot in it).
   */
  signTransaction<T extends SolanaTransactionInput>(transaction: T): Promise<T>;
  /**
   * Signs (as {@link signTransaction}), sends it to the cluster's RPC (`sendTransaction`,
   * base64) and polls `getSignatureStatuses` until `confirmed` (or `finalized`).
   * @returns `{ signature }`: the transaction's first signature in base58.
   * @throws WalletError the signing errors; `solana_cluster_unknown`; `solana_send_failed`
   *   (the RPC's refusal, e.g. a failed simulation or an expired blockhash);
   *   `solana_transaction_failed` (it landed with an error); `solana_confirmation_timeout`.
   */
  signAndSendTransaction(
    transaction: SolanaTransactionInput,
    options?: SolanaSendOptions,
  ): Promise<{ signature: string }>;
}

/**
 * A Solana signature the user approves on the approval page (issue 22 item 2), handed to the
 * {@link ApproveSolanaSignature} hook: `request` is what the frame signs; `send` is set when
 * the wallet broadcasts the signed transaction (`signAndSendTransaction`).
 */
export type SolanaApprovalRequest = {
  /** The Solana wallet's base58 address. */
  address: string;
  request: SolanaSignRequest;
  /** The cluster the request is for (what the page names). */
  cluster: SolanaCluster;
  send?: boolean;
};

/**
 * The Solana approval hook: shows the approval page for `request` (the sign or send screen)
 * and resolves with the frame's answer. Rejecting refuses: a WalletError keeps its code, any
 * other rejection (the screen's close) becomes WalletError `user_rejected`.
 */
export type ApproveSolanaSignature = (
  request: SolanaApprovalRequest,
) => Promise<SolanaSignResponse>;

/** The user's Solana embedded wallet account ('latchkey', chainType 'solana'), if any. */
export function solanaWalletOf(user: User | null | undefined): WalletAccount | undefined {
  return user?.linkedAccounts.find(
    (a): a is WalletAccount =>
      a.type === 'wallet' && a.walletClientType === 'latchkey' && a.chainType === 'solana',
  );
}
