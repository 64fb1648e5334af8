import {
  embeddedWalletOf,
  LatchkeyError,
  NOT_AUTHENTICATED,
  WALLET_ERROR_MESSAGES,
  WalletError,
} from '@latchkey/core';
import { useCallback } from 'react';
import { solanaAccountOf } from '../solana/solanaWallets.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** Options of {@link UseExportWalletReturnType.exportWallet}. */
export interface ExportWalletOptions {
  /**
   * The embedded wallet whose key to export: the user's Ethereum wallet (the default) or, with
   * its base58 address, the user's Solana wallet (issue 22 item 4).
   */
  address?: string;
}

/** What {@link useExportWallet} returns. */
export interface UseExportWalletReturnType {
  /**
   * Opens EMBEDDED_WALLET_KEY_EXPORT_SCREEN: the wallet frame's export page (API origin) shows a
   * warning and a Reveal button, and the private key only after the user clicks Reveal inside
   * the frame; the key never reaches the host page. For the user's Solana wallet (`address` its
   * base58 address) the page shows the 64-byte secret key in base58 (what Phantom and
   * `solana-keygen` read).
   * Resolves once the export page is ready.
   * @throws WalletError `no_embedded_wallet` when `address` is not one of the user's embedded
   *   wallets (before any screen opens) or the user has no wallet to export; LatchkeyError
   *   `missing_or_invalid_token` when nobody is logged in; ProviderRpcError 4001 when closed
   *   first.
   */
  exportWallet: (options?: ExportWalletOptions) => Promise<void>;
}

/**
 * Exports an embedded wallet's key (spec sections 2 and 4; design.md, Keys; issue 22 item 4 for
 * the Solana wallet).
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { exportWallet } = useExportWallet();
 * await exportWallet();                                // the Ethereum wallet
 * await exportWallet({ address: solanaWallet.address }); // the Solana wallet
 */
export function useExportWallet(): UseExportWalletReturnType {
  const { wallet, solana, session } = useInternalLatchkey('useExportWallet');
  const exportWallet = useCallback(
    async ({ address }: ExportWalletOptions = {}) => {
      if (address === undefined) return wallet.exportWallet();
      if (session.status !== 'authenticated') {
        throw new LatchkeyError('The user must be logged in to use the embedded wallet.', {
          code: NOT_AUTHENTICATED,
        });
      }
      // Base58 is case-sensitive; hex addresses are compared without their EIP-55 case.
      if (address === solanaAccountOf(session.user)?.address) {
        return (await solana.manager()).exportWallet();
      }
      if (address.toLowerCase() === embeddedWalletOf(session.user)?.address.toLowerCase()) {
        return wallet.exportWallet();
      }
      throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
        code: 'no_embedded_wallet',
        details: `${address} is not one of the user's embedded wallets`,
      });
    },
    [wallet, solana, session],
  );
  return { exportWallet };
}
