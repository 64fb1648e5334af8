import { hasEmbeddedWallet, type SessionState, type WalletController } from '@latchkey/core';
import { useEffect, useSyncExternalStore } from 'react';
import { hasSolanaWallet, type SolanaWallets } from './solanaWallets.ts';

/** Ethereum wallet statuses during which its shares may still change (a recovery reshares). */
const ETHEREUM_UNSETTLED: ReadonlySet<string> = new Set(['idle', 'creating', 'connecting']);

/**
 * Connects the user's embedded Solana wallet after login and on reload (issue 22 item 2), as
 * the Ethereum one is: a Solana wallet among the user's linked accounts loads
 * `@latchkey/core/solana` and connects (recovering it when it is not on this device), which
 * registers it with the Wallet Standard. Logout is the manager's own (it follows the session).
 *
 * When the user also has an Ethereum embedded wallet, the Solana wallet connects only once that
 * one has settled (connected, or failed): a Solana wallet derived from it shares its shares, so
 * two recoveries running at once would each reshare the same secret and leave this device with
 * a share of the losing split ('This device's wallet share is out of date').
 */
export function useSolanaAutoConnect(
  session: SessionState,
  solana: SolanaWallets,
  wallet: Pick<WalletController, 'subscribe' | 'getState'>,
): void {
  const ethereumStatus = useSyncExternalStore(
    wallet.subscribe,
    () => wallet.getState().status,
    () => 'idle' as const,
  );
  useEffect(() => {
    if (session.status !== 'authenticated' || !hasSolanaWallet(session.user)) return;
    if (hasEmbeddedWallet(session.user) && ETHEREUM_UNSETTLED.has(ethereumStatus)) return;
    if (solana.getState().status !== 'idle') return;
    void solana
      .manager()
      .then((manager) => (manager.getState().status === 'idle' ? manager.connect() : null))
      .catch((error: unknown) => {
        console.warn('[latchkey] could not connect the embedded Solana wallet', error);
      });
  }, [session, solana, ethereumStatus]);
}
