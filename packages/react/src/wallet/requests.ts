/**
 * The wallet screens' request types now live in `@latchkey/core` (modal/wallet, issue 11).
 * Re-exported here for the modules that still import this path.
 */
export type {
  SendTransactionUiOptions,
  SignMessageUiOptions,
  TransactionReceipt,
  WalletParamsOf,
  WalletPromptParams,
  WalletScreenParams,
} from '@latchkey/core';
