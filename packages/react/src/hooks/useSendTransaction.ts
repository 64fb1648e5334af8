import { type SendTransactionUiOptions, type TransactionReceipt } from '@latchkey/core';
import type { TransactionRequest } from '@latchkey/core';
import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useSendTransaction} returns. */
export interface UseSendTransactionReturnType {
  /**
   * Sends a transaction from the embedded wallet through EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN.
   * `request` quantities (value, gasLimit, gasPrice, maxFeePerGas, maxPriorityFeePerGas) are wei
   * or gas units as number, bigint or 0x-hex; `chainId` a number among `supportedChains`
   * (default: the wallet's chain). The frame signs (`eth_signTransaction`); the chain's RPC
   * broadcasts.
   * @returns the receipt once mined (`embeddedWallets.waitForTransactionConfirmation`, default
   *   true), else `{ transactionHash }` at broadcast.
   * @throws TransactionRequestError with the texts of spec section 5 ("Transaction request
   *   property 'value' must be a valid number, bigint, or hex string representing a quantity",
   *   'Chain ID {id} is not supported. It must be added to the config.supportedChains property
   *   of the LatchkeyProvider.'); ProviderRpcError 4001 'user rejected' when closed first.
   */
  sendTransaction: (
    request: TransactionRequest,
    options?: { uiOptions?: SendTransactionUiOptions },
  ) => Promise<TransactionReceipt | { transactionHash: string }>;
}

/**
 * Sends transactions with the embedded wallet (spec sections 3, 4, 5 and 8).
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { sendTransaction } = useSendTransaction();
 * const receipt = await sendTransaction({ to, value: 10n ** 15n, chainId: 31337 });
 */
export function useSendTransaction(): UseSendTransactionReturnType {
  const { wallet } = useInternalLatchkey('useSendTransaction');
  const sendTransaction = useCallback(
    (request: TransactionRequest, options: { uiOptions?: SendTransactionUiOptions } = {}) =>
      wallet.sendTransaction(request, options.uiOptions),
    [wallet],
  );
  return { sendTransaction };
}
