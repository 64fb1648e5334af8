import type { ConnectedWallet } from '@latchkey/core';
import { useCallback, useSyncExternalStore } from 'react';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useWallets} returns. */
export interface UseWalletsReturnType {
  /**
   * False while the session loads or the embedded wallet is being created or connected;
   * then true (also when the user has no wallet).
   */
  ready: boolean;
  /**
   * The wallets usable in this page, embedded first (`walletClientType: 'latchkey'`,
   * `connectorType: 'embedded'`), then connected external wallets. Each has
   * `getEthereumProvider()` (EIP-1193; works with viem's `custom()` and wagmi).
   */
  wallets: readonly ConnectedWallet[];
}

const NONE: readonly ConnectedWallet[] = [];

/**
 * The user's wallets (spec section 3; issue 3 item 8), from `client.wallets`.
 *
 * @throws {LatchkeyProviderMissingError} '`useWallets` was called outside the LatchkeyProvider
 *   component' (spec section 8, "Other") when used outside `<LatchkeyProvider>`.
 * @example
 * const { ready, wallets } = useWallets();
 * const embedded = wallets.find((w) => w.walletClientType === 'latchkey');
 * const provider = await embedded?.getEthereumProvider();
 */
export function useWallets(): UseWalletsReturnType {
  const { client, session, wallet } = useInternalLatchkey('useWallets');
  const subscribe = useCallback(
    (onChange: () => void) => client.wallets.subscribe(onChange),
    [client],
  );
  const wallets = useSyncExternalStore(subscribe, client.wallets.list, () => NONE);
  const subscribeStatus = useCallback(
    (onChange: () => void) => wallet.subscribe(onChange),
    [wallet],
  );
  const status = useSyncExternalStore(
    subscribeStatus,
    () => wallet.getState().status,
    () => 'idle' as const,
  );
  const ready = session.status !== 'loading' && status !== 'creating' && status !== 'connecting';
  return { ready, wallets };
}
