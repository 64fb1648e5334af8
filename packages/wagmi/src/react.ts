'use client';
/**
 * `@latchkey/wagmi/react`: keeps a wagmi config's Latchkey connector in step with the
 * `<LatchkeyProvider>` (its wallets, login and logout).
 */
import { useWallets } from '@latchkey/react';
import type { Config } from '@wagmi/core';
import { useEffect, useMemo, useRef } from 'react';
import type { LatchkeyConnector } from './connector.ts';
import { getLatchkeyConnector, syncLatchkeyWagmi } from './sync.ts';

/** Options of {@link useLatchkeyWagmiSync}. */
export type UseLatchkeyWagmiSyncOptions = {
  /** The connector (default: the config's first Latchkey connector). */
  connector?: LatchkeyConnector | undefined;
  /** Gets a failed automatic `connect` (default: `console.warn`). */
  onError?: ((error: unknown) => void) | undefined;
};

/**
 * Gives `config`'s Latchkey connector the `<LatchkeyProvider>`'s wallets (`useWallets()`: the
 * embedded wallet and those connected through Latchkey) and runs {@link syncLatchkeyWagmi}
 * while mounted: wagmi connects when the user logs in and has a wallet, and disconnects on
 * logout. Call it once, in a component inside `<LatchkeyProvider>`, with the config given to
 * wagmi's `<WagmiProvider>`.
 *
 * @throws LatchkeyProviderMissingError outside `<LatchkeyProvider>`; ConnectorNotFoundError
 *   (wagmi) when `config` has no Latchkey connector.
 * @example
 * const config = createConfig({ chains: [sepolia], connectors: [latchkeyConnector()], transports });
 * function LatchkeyWagmi() {
 *   useLatchkeyWagmiSync(config);
 *   return null;
 * }
 * <LatchkeyProvider appId={appId} apiUrl={apiUrl}>
 *   <WagmiProvider config={config}>
 *     <QueryClientProvider client={queryClient}>
 *       <LatchkeyWagmi />
 *       <App />
 *     </QueryClientProvider>
 *   </WagmiProvider>
 * </LatchkeyProvider>;
 */
export function useLatchkeyWagmiSync(
  config: Config,
  options: UseLatchkeyWagmiSyncOptions = {},
): void {
  const { wallets } = useWallets();
  const connector = useMemo(
    () => options.connector ?? getLatchkeyConnector(config),
    [config, options.connector],
  );
  // The latest `onError` without restarting the sync when the caller passes a new function.
  const onError = useRef(options.onError);
  useEffect(() => {
    onError.current = options.onError;
  });
  // Declared first: the sync's first check already sees the wallets.
  useEffect(() => {
    connector.setWallets(wallets);
  }, [connector, wallets]);
  useEffect(
    () =>
      syncLatchkeyWagmi(config, {
        connector,
        onError: (error) =>
          onError.current ? onError.current(error) : console.warn('[latchkey] wagmi', error),
      }),
    [config, connector],
  );
}
