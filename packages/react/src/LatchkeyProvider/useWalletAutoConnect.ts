import { type SessionState, walletAutoConnectStep, type WalletController } from '@latchkey/core';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Connects the embedded wallet after login and on reload, and forgets it on logout (issue 3).
 * A login in progress finishes first (its modal closes); a wallet that needs the user's
 * recovery opens its method's screen (spec section 4, core's `recoveryScreenFor`):
 * EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN for a password, EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN
 * for Google Drive or iCloud (issue 23). Core's `walletAutoConnectStep` decides; `open` is also
 * true while a cloud recovery return is shown (`useCloudRecoveryReturn`).
 */
export function useWalletAutoConnect(
  session: SessionState,
  wallet: WalletController,
  open: boolean,
): void {
  const walletStatus = useSyncExternalStore(
    wallet.subscribe,
    () => wallet.getState().status,
    () => 'idle' as const,
  );
  useEffect(() => {
    const step = walletAutoConnectStep({ session, walletStatus, open });
    if (step === 'reset') wallet.reset();
    if (step !== 'connect') return;
    void (async () => {
      try {
        const manager = await wallet.manager();
        if (manager.getState().status !== 'idle') return;
        const result = await manager.connect();
        if (result.status === 'needs-recovery') {
          // The manager's lazy entry is loaded by now: the route costs nothing more.
          const { recoveryScreenFor } = await import('@latchkey/core/embedded-wallet');
          const screen = recoveryScreenFor([result.recoveryMethod]);
          if (!screen) throw new Error(`No recovery screen for ${result.recoveryMethod}`);
          await wallet.prompt(screen, { kind: 'recover', methods: [result.recoveryMethod] });
        }
      } catch (error) {
        console.warn('[latchkey] could not connect the embedded wallet', error);
      }
    })();
  }, [session, wallet, walletStatus, open]);
}
