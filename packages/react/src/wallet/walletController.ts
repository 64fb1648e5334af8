/**
 * The wallet controller now lives in `@latchkey/core` (modal/wallet/controller.ts, issue 11).
 * Re-exported here for the modules that still import this path.
 */
export {
  type CreateWalletControllerParameters,
  createWalletController,
  InvalidMessageError,
  USER_REJECTED,
  userRejected,
  type WalletController,
} from '@latchkey/core';
