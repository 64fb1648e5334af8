import { type SignMessageUiOptions } from '@latchkey/core';
import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** Options of `signMessage`. */
export interface SignMessageOptions {
  /** Sign screen texts and icon (spec section 3): {title, description, buttonText, iconUrl}. */
  uiOptions?: SignMessageUiOptions;
}

/** What {@link useSignMessage} returns. */
export interface UseSignMessageReturnType {
  /**
   * Signs `message` (UTF-8 text) with the embedded wallet, EIP-191 `personal_sign`.
   * Shows EMBEDDED_WALLET_SIGN_REQUEST_SCREEN unless `embeddedWallets.noPromptOnSignature`.
   * @returns `{ signature }`: 65 bytes as 0x-hex (r, s, v), verifiable with viem's `verifyMessage`.
   * @throws InvalidMessageError 'Message must be a non-empty string'; ProviderRpcError code 4001
   *   'user rejected' when the screen is closed first; WalletError 'User has no embedded wallet'.
   */
  signMessage: (message: string, options?: SignMessageOptions) => Promise<{ signature: string }>;
}

/**
 * Signs messages with the embedded wallet (spec sections 4 and 5, "Sign screen").
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { signMessage } = useSignMessage();
 * const { signature } = await signMessage('Hello', { uiOptions: { title: 'Prove it is you' } });
 */
export function useSignMessage(): UseSignMessageReturnType {
  const { wallet } = useInternalLatchkey('useSignMessage');
  const signMessage = useCallback(
    async (message: string, options: SignMessageOptions = {}) => ({
      signature: await wallet.signMessage(message, options.uiOptions),
    }),
    [wallet],
  );
  return { signMessage };
}
