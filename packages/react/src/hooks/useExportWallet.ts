import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useExportWallet} returns. */
export interface UseExportWalletReturnType {
  /**
   * Opens EMBEDDED_WALLET_KEY_EXPORT_SCREEN: the wallet frame's export page (API origin) shows a
   * warning and a Reveal button, and the private key only after the user clicks Reveal inside
   * the frame; the key never reaches the host page.
   * Resolves once the export page is ready. @throws ProviderRpcError 4001 when closed first.
   */
  exportWallet: () => Promise<void>;
}

/**
 * Exports the embedded wallet's key (spec sections 2 and 4; design.md, Keys).
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 */
export function useExportWallet(): UseExportWalletReturnType {
  const { wallet } = useInternalLatchkey('useExportWallet');
  const exportWallet = useCallback(() => wallet.exportWallet(), [wallet]);
  return { exportWallet };
}
