import { useCallback, useRef } from 'react';
import type { UserOwnedRecoveryOption } from '../config/walletConfig.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** Options of {@link UseSetWalletRecoveryReturnType.setWalletRecovery}. */
export interface SetWalletRecoveryOptions {
  /**
   * The backup to set. Absent: the user picks among the app's `userOwnedRecoveryOptions` on
   * EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN (that method's screen directly when it offers one).
   */
  recoveryMethod?: UserOwnedRecoveryOption;
}

/** What {@link useSetWalletRecovery} returns. */
export interface UseSetWalletRecoveryReturnType {
  /**
   * Sets or changes the embedded wallet's backup (spec sections 2, 3 and 4; issue 23), in the
   * modal, over the wallet's own frames (the cloud key and the password never reach this page):
   * - no `recoveryMethod`: EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN lists the app's
   *   `userOwnedRecoveryOptions` with the 'Why do I need to secure my account?' explainer;
   * - `'google-drive'` or `'icloud'`: EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN, where the user signs
   *   in to the provider from a click inside the wallet frame and the recovery key is saved in
   *   the user's own drive;
   * - `'user-passcode'`: as `useSetWalletPassword().setWalletPassword()` (the update splash for a
   *   wallet on automatic recovery, the change flow for a wallet that has a password).
   * Connects the wallet first (EMBEDDED_WALLET_CONNECTING_SCREEN and recovery if needed).
   * Resolves once the backup is set.
   * @throws ProviderRpcError 4001 'user rejected' on Cancel or close; LatchkeyError
   *   `missing_or_invalid_token` when logged out; WalletError `no_embedded_wallet` ('User has no
   *   embedded wallet'); Error 'Unknown recovery method' for another method; the wallet frame's
   *   errors.
   */
  setWalletRecovery: (options?: SetWalletRecoveryOptions) => Promise<void>;
}

/**
 * Lets the user back up the embedded wallet to a password, Google Drive or iCloud (issue 23;
 * spec sections 2 and 4). `useSetWalletPassword` keeps working for the password alone.
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { setWalletRecovery } = useSetWalletRecovery();
 * <button onClick={() => setWalletRecovery()}>Back up wallet</button>
 */
export function useSetWalletRecovery(): UseSetWalletRecoveryReturnType {
  const { wallet, config } = useInternalLatchkey('useSetWalletRecovery');
  const options = useRef(config.wallet.userOwnedRecoveryOptions);
  options.current = config.wallet.userOwnedRecoveryOptions;
  const setWalletRecovery = useCallback(
    async ({ recoveryMethod }: SetWalletRecoveryOptions = {}) => {
      const manager = await wallet.ready();
      // The routing is the lazy wallet entry's (loaded with the manager).
      const { setRecoveryPrompt } = await import('@latchkey/core/embedded-wallet');
      const next = setRecoveryPrompt(
        options.current,
        manager.getState().recoveryMethod,
        recoveryMethod,
      );
      await wallet.prompt(next.screen, next.params);
    },
    [wallet],
  );
  return { setWalletRecovery };
}
