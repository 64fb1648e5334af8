import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useCreateWallet} returns. */
export interface UseCreateWalletReturnType {
  /**
   * Creates the logged-in user's embedded wallet through EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN
   * (then EMBEDDED_WALLET_CREATED_SCREEN, which closes after 2.5 s). With
   * `requireUserOwnedRecoveryOnCreate` the password flow runs first.
   * @returns the wallet's EIP-55 address.
   * @throws WalletError 'Only one Latchkey wallet per user is currently allowed' (code
   *   `embedded_wallet_exists`); the creation failures of spec section 8 ('Missing access token',
   *   'walletProxy.create timed out', ...); LatchkeyError `missing_or_invalid_token` when nobody is logged in.
   */
  createWallet: () => Promise<{ address: string }>;
}

/**
 * Creates an embedded wallet on demand (spec section 4, "Embedded wallet creation").
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example const { createWallet } = useCreateWallet(); const { address } = await createWallet();
 */
export function useCreateWallet(): UseCreateWalletReturnType {
  const { wallet } = useInternalLatchkey('useCreateWallet');
  const createWallet = useCallback(
    async () => ({ address: await wallet.createWallet() }),
    [wallet],
  );
  return { createWallet };
}
