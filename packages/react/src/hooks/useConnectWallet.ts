import { useInternalLatchkey } from './useInternalLatchkey.ts';

/** What {@link useConnectWallet} returns. */
export interface UseConnectWalletReturnType {
  /**
   * Opens the modal in connect-only mode (spec section 2: CONNECT_ONLY_LANDING_SCREEN,
   * AWAITING_CONNECT_ONLY_CONNECTION): the user connects an external wallet without logging in.
   * The wallet then appears in `useWallets()` / `client.wallets` with `linked: false`.
   */
  connectWallet: () => void;
}

/**
 * Connect an external wallet without a login (spec section 6: "Connect-only mode needs no login").
 *
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { connectWallet } = useConnectWallet();
 * <button onClick={connectWallet}>Connect wallet</button>
 */
export function useConnectWallet(): UseConnectWalletReturnType {
  const { connectWallet } = useInternalLatchkey('useConnectWallet');
  return { connectWallet };
}
