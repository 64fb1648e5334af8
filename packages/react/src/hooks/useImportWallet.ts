import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useImportWallet} returns. */
export interface UseImportWalletReturnType {
  /**
   * Opens EMBEDDED_WALLET_IMPORT_SCREEN (issue 22 item 4): the wallet frame's import page (API
   * origin) takes an existing Ethereum private key (hex) typed or pasted inside it, shows the
   * key's address, and on the user's confirmation there stores it as the user's embedded wallet
   * (sharded like a created one, `imported: true` in the wallet account, automatic recovery).
   * The key never reaches the host page. Exporting it later works like any embedded wallet.
   * @returns the wallet's EIP-55 address, once imported and connected.
   * @throws WalletError 'Only one Latchkey wallet per user is currently allowed' (code
   *   `embedded_wallet_exists`) when the user has an embedded wallet (before any screen opens);
   *   the import page's failure (e.g. 'The wallet import timed out.' after 15 s);
   *   ProviderRpcError 4001 when the screen is closed first; LatchkeyError
   *   `missing_or_invalid_token` when nobody is logged in.
   */
  importWallet: () => Promise<{ address: string }>;
}

/**
 * Imports an existing Ethereum private key as the logged-in user's embedded wallet (issue 22
 * item 4; spec section 3, the wallet account's `imported`).
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example const { importWallet } = useImportWallet(); const { address } = await importWallet();
 */
export function useImportWallet(): UseImportWalletReturnType {
  const { wallet } = useInternalLatchkey('useImportWallet');
  const importWallet = useCallback(
    async () => ({ address: await wallet.importWallet() }),
    [wallet],
  );
  return { importWallet };
}
