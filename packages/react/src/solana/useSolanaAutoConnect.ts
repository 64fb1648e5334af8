import type { SessionState } from '@latchkey/core';
import { useEffect } from 'react';
import { hasSolanaWallet, type SolanaWallets } from './solanaWallets.ts';

/**
 * Connects the user's embedded Solana wallet after login and on reload (issue 22 item 2), as
 * the Ethereum one is: a Solana wallet among the user's linked accounts loads
 * `@latchkey/core/solana` and connects (recovering it when it is not on this device), which
 * registers it with the Wallet Standard. Logout is the manager's own (it follows the session).
 */
export function useSolanaAutoConnect(session: SessionState, solana: SolanaWallets): void {
  useEffect(() => {
    if (session.status !== 'authenticated' || !hasSolanaWallet(session.user)) return;
    if (solana.getState().status !== 'idle') return;
    void solana
      .manager()
      .then((manager) => (manager.getState().status === 'idle' ? manager.connect() : null))
      .catch((error: unknown) => {
        console.warn('[latchkey] could not connect the embedded Solana wallet', error);
      });
  }, [session, solana]);
}
