import type { WalletErrorType } from '@latchkey/api';

/**
 * Errors of the key-custody layer. `type` is the wallet API error type of spec section 8
 * ("Wallet API error types") that the frame reports to the host page.
 */
export class CustodyError extends Error {
  override name = 'CustodyError';
  constructor(
    readonly type: WalletErrorType,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Two shares rebuilt a secret whose address is not the wallet's: a corrupted or foreign share. */
export class ShareIntegrityError extends CustodyError {
  override name = 'ShareIntegrityError';
  constructor(options?: { cause?: unknown }) {
    super(
      'error',
      'Reconstructed wallet does not match the stored address; nothing was signed.',
      options,
    );
  }
}

/** The recovery password did not decrypt the recovery share (spec section 8). */
export class InvalidRecoveryPasswordError extends CustodyError {
  override name = 'InvalidRecoveryPasswordError';
  constructor(options?: { cause?: unknown }) {
    super('invalid_recovery_pin', 'Invalid recovery password, please try again.', options);
  }
}
