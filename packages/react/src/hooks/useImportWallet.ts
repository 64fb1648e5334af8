import { LatchkeyError } from '@latchkey/core';
import { useCallback } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** Options of {@link UseImportWalletReturnType.importWallet}. */
export interface ImportWalletOptions {
  /**
   * The family of the key to import: `ethereum` (the default; a hex private key) or `solana`
   * (a 64-byte secret key in base58, or `solana-keygen`'s JSON array).
   */
  chainType?: 'ethereum' | 'solana';
}

/** What {@link useImportWallet} returns. */
export interface UseImportWalletReturnType {
  /**
   * Opens EMBEDDED_WALLET_IMPORT_SCREEN (issue 22 item 4): the wallet frame's import page (API
   * origin) takes an existing private key typed or pasted inside it, shows the key's address,
   * and on the user's confirmation there stores it as the user's embedded wallet of that chain
   * family (sharded like a created one, `imported: true` in the wallet account, automatic
   * recovery). The key never reaches the host page. Exporting it later works like any embedded
   * wallet (`useExportWallet`).
   *
   * `chainType: 'solana'` asks the page for a Solana secret key (base58 64 bytes, or
   * `solana-keygen`'s JSON array); once imported, the user is refreshed and the Solana wallet
   * connected, so `useSolanaWallets().wallets` lists it and Wallet Standard apps find it. One
   * wallet per chain family (spec section 5): a user with an Ethereum wallet may import a Solana
   * key, and the reverse.
   * @returns `{address, chainType}`: the EIP-55 (Ethereum) or base58 (Solana) address, once
   *   imported and connected.
   * @throws WalletError code `embedded_wallet_exists` when the user already has an embedded
   *   wallet of that family ('Only one Latchkey wallet per user is currently allowed' for
   *   Ethereum; before any screen opens); the import page's failure (e.g. 'The wallet import
   *   timed out.' after 15 s); ProviderRpcError 4001 when the screen is closed first;
   *   LatchkeyError `missing_or_invalid_token` when nobody is logged in, `invalid_input` for
   *   another `chainType`.
   */
  importWallet: (
    options?: ImportWalletOptions,
  ) => Promise<{ address: string; chainType: 'ethereum' | 'solana' }>;
}

/**
 * Imports an existing Ethereum or Solana private key as the logged-in user's embedded wallet
 * (issue 22 item 4; spec section 3, the wallet account's `imported`).
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { importWallet } = useImportWallet();
 * const { address } = await importWallet();                        // an Ethereum key
 * const { address: sol } = await importWallet({ chainType: 'solana' }); // a Solana key
 */
export function useImportWallet(): UseImportWalletReturnType {
  const { wallet, solana } = useInternalLatchkey('useImportWallet');
  const importWallet = useCallback(
    async ({ chainType = 'ethereum' }: ImportWalletOptions = {}) => {
      if (chainType === 'solana') return (await solana.manager()).importWallet();
      if (chainType !== 'ethereum') {
        throw new LatchkeyError(`Unknown chain type: ${String(chainType)}`, {
          code: 'invalid_input',
        });
      }
      return { address: await wallet.importWallet(), chainType };
    },
    [wallet, solana],
  );
  return { importWallet };
}
