import { type SignMessageUiOptions } from '@latchkey/core';
import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** EIP-712 typed data: `{domain, types, primaryType, message}` (bigints allowed). */
export interface TypedData {
  domain: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** What {@link useSignTypedData} returns. */
export interface UseSignTypedDataReturnType {
  /**
   * Signs EIP-712 typed data (`eth_signTypedData_v4`) with the embedded wallet, through
   * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN unless `noPromptOnSignature`.
   * @returns `{ signature }` (0x-hex, 65 bytes), verifiable with viem's `verifyTypedData`.
   * @throws ProviderRpcError 4001 'user rejected' when the screen is closed first.
   */
  signTypedData: (
    typedData: TypedData,
    options?: { uiOptions?: SignMessageUiOptions },
  ) => Promise<{ signature: string }>;
}

/**
 * Signs typed data with the embedded wallet (spec sections 3 and 4, "Sign screen").
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 */
export function useSignTypedData(): UseSignTypedDataReturnType {
  const { wallet } = useInternalLatchkey('useSignTypedData');
  const signTypedData = useCallback(
    async (typedData: TypedData, options: { uiOptions?: SignMessageUiOptions } = {}) => ({
      signature: await wallet.signTypedData(typedData, options.uiOptions),
    }),
    [wallet],
  );
  return { signTypedData };
}
