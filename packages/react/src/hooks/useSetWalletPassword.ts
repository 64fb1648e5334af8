import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useSetWalletPassword} returns. */
export interface UseSetWalletPasswordReturnType {
  /**
   * Runs the four-step password flow (spec section 2) in the wallet's password page, framed by
   * the modal (issue 24: the password is typed there, never in this page), which moves the
   * embedded wallet to user-passcode recovery or changes its password. A wallet on automatic
   * ('latchkey') recovery first sees EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN.
   * Resolves when the password is set. @throws ProviderRpcError 4001 on Cancel or close.
   */
  setWalletPassword: () => Promise<void>;
}

/**
 * Lets the user protect the embedded wallet with a password (spec sections 2, 4 and 5).
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 */
export function useSetWalletPassword(): UseSetWalletPasswordReturnType {
  const { wallet } = useInternalLatchkey('useSetWalletPassword');
  const setWalletPassword = useCallback(() => wallet.setWalletPassword(), [wallet]);
  return { setWalletPassword };
}
