import type { ErrorCode, WalletErrorType } from '@latchkey/api';
import { LatchkeyError } from '../../errors/base.ts';

/**
 * The failure texts of spec section 8 ("Wallet creation failures") and the other wallet texts the
 * host side produces itself. Frame errors keep the frame's message.
 */
export const WALLET_ERROR_MESSAGES = {
  missingAccessToken: 'Missing access token',
  proxyMissing: 'walletProxy does not exist',
  createTimedOut: 'walletProxy.create timed out',
  noResponse: 'did not send a response',
  refreshUserFailed: 'Failed to refresh user',
  missingEmbeddedWallet: 'Updated user is missing embedded wallet',
  onlyOneWallet: 'Only one Latchkey wallet per user is currently allowed',
  noEmbeddedWallet: 'User has no embedded wallet',
  invalidRecoveryPassword: 'Invalid recovery password, please try again.',
  bridgeDestroyed: 'The wallet frame was removed',
} as const;

/**
 * Stable codes of {@link WalletError}s raised on the host side (frame errors use `frame_error`).
 * Branch on `code` or `type`, never on the message.
 */
export type WalletErrorCode =
  | 'missing_access_token'
  | 'wallet_proxy_missing'
  | 'wallet_proxy_timeout'
  | 'wallet_proxy_no_response'
  | 'refresh_user_failed'
  | 'missing_embedded_wallet'
  | 'embedded_wallet_exists'
  /**
   * Issue 22 (spec section 5): no Solana wallet for a user whose Ethereum wallet has
   * user-controlled recovery (a password).
   */
  | 'solana_wallet_user_recovery'
  | 'no_embedded_wallet'
  | 'wallet_proxy_destroyed'
  /**
   * Issue 15: 'MFA canceled' (the user closed the MFA prompt; type `error`, spec section 8), the
   * operation still lacking MFA.
   */
  | 'missing_or_invalid_mfa'
  /** Issue 15: no MFA within `MFA_CODE_WAIT_MS` (type `mfa_timeout`). */
  | 'mfa_timeout'
  /** Issue 22 item 2: the user closed the Solana approval screen (the Wallet Standard rejection). */
  | 'user_rejected'
  /** Issue 22: not a Solana transaction this wallet signs (bytes, no signature slot, changed). */
  | 'invalid_transaction'
  /** Issue 22: a cluster (`solana:devnet`, ...) that is not in the app's `solanaClusters`. */
  | 'solana_cluster_unknown'
  /** Issue 22: the cluster's RPC refused or failed `sendTransaction` (its message kept). */
  | 'solana_send_failed'
  /** Issue 22: the transaction landed with an error (`getSignatureStatuses` `err`). */
  | 'solana_transaction_failed'
  /** Issue 22: no `confirmed` status within the confirmation timeout (it may still land). */
  | 'solana_confirmation_timeout'
  | 'frame_error';

/**
 * An embedded-wallet failure: an error answer of the wallet frame (`type` is the frame's wallet
 * error type of spec section 8, e.g. `wallet_not_on_device`, `invalid_recovery_pin`) or a host-side
 * failure (`type: 'error'`, with a {@link WalletErrorCode}).
 *
 * @example
 * try { await manager.recover({ password }); }
 * catch (e) { if (e instanceof WalletError && e.type === 'invalid_recovery_pin') showInvalid(); }
 */
export class WalletError extends LatchkeyError {
  override name = 'WalletError';
  /**
   * A host-side {@link WalletErrorCode}, `frame_error` for the frame's own failures, or the
   * API's {@link ErrorCode} when the frame relays the server's refusal (e.g.
   * `embedded_wallet_exists`, `linked_to_another_user`).
   */
  declare code: WalletErrorCode | ErrorCode;
  /** Wallet error type (spec section 8). */
  readonly type: WalletErrorType;

  constructor(
    message: string,
    parameters: {
      type?: WalletErrorType;
      code?: WalletErrorCode | ErrorCode;
      cause?: unknown;
      details?: string;
    } = {},
  ) {
    super(message, {
      code: parameters.code ?? 'frame_error',
      cause: parameters.cause,
      details: parameters.details,
    });
    this.type = parameters.type ?? 'error';
  }
}

/** An EIP-1193 provider error (`code` 4001 user rejected, 4100, 4200, 4900, 4901, 4902, -32602, -32603). */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** EIP-1193 codes used by the embedded provider. */
export const PROVIDER_ERRORS = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: {
    code: 4100,
    message: 'The requested method and/or account has not been authorized by the user.',
  },
  unsupportedMethod: { code: 4200, message: 'The Provider does not support the requested method.' },
  unrecognizedChain: { code: 4902, message: 'Unrecognized chain ID.' },
  invalidParams: { code: -32602, message: 'Invalid method parameters.' },
  internal: { code: -32603, message: 'Internal JSON-RPC error.' },
} as const;
