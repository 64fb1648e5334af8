import {
  type SessionState,
  SCREEN,
  walletAutoConnectStep,
  type WalletController,
} from '@latchkey/core';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Connects the embedded wallet after login and on reload, and forgets it on logout (issue 3).
 * A login in progress finishes first (its modal closes); a wallet that needs the user's
 * recovery opens EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN. Core's `walletAutoConnectStep` decides.
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
          await wallet.prompt(SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN, { kind: 'recover' });
        }
      } catch (error) {
        console.warn('[latchkey] could not connect the embedded wallet', error);
      }
    })();
  }, [session, wallet, walletStatus, open]);
}
