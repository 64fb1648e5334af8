import { LatchkeyError, NOT_AUTHENTICATED } from '@latchkey/core';
import type { EmbeddedSolanaWallet } from '@latchkey/core/solana';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { hasSolanaWallet } from '../solana/solanaWallets.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

export type { EmbeddedSolanaWallet };

/** What {@link useSolanaWallets} returns (Privy's names). */
export interface UseSolanaWalletsReturnType {
  /**
   * False while the session loads or the Solana wallet is being created or connected (also
   * when the user has one that is not connected yet); then true, also when the user has none.
   */
  ready: boolean;
  /**
   * The user's embedded Solana wallets on this page (at most one): `{ address, chainType:
   * 'solana', signMessage(bytes) -> 64-byte signature, signTransaction(tx) -> signed tx,
   * signAndSendTransaction(tx, { cluster? }) -> { signature } (base58) }`, where `tx` is a
   * `@solana/kit` `Transaction` or its wire bytes. Signatures the app's wallet policy does not
   * let the hidden frame make open the sign / send screen, where the user approves inside the
   * wallet's approval page; closing it rejects with WalletError `user_rejected`.
   */
  wallets: readonly EmbeddedSolanaWallet[];
  /**
   * Creates the logged-in user's embedded Solana wallet: derived from the user's Ethereum
   * embedded wallet when there is one (it is connected first, recovering it if needed), else
   * from fresh entropy with automatic recovery. Connects it and registers it with the Wallet
   * Standard ('Latchkey').
   * @returns the wallet.
   * @throws LatchkeyError `missing_or_invalid_token` when nobody is logged in; WalletError
   *   `embedded_wallet_exists` (the user has a Solana wallet), `solana_wallet_user_recovery`
   *   (the Ethereum wallet has a recovery password: spec section 5), `wallet_proxy_timeout`
   *   ('walletProxy.solanaCreate timed out', 10 s), `refresh_user_failed`,
   *   `missing_embedded_wallet`, and the frame's errors.
   */
  createWallet: () => Promise<EmbeddedSolanaWallet>;
}

const NONE: readonly EmbeddedSolanaWallet[] = [];

/**
 * The user's embedded Solana wallet (issue 22 item 2; Privy's `useSolanaWallets`). Its key
 * lives in the wallet frame only; send clusters come from `config.solanaClusters` (the first
 * is the default). The lazy `@latchkey/core/solana` entry is loaded when the user has a Solana
 * wallet, or on `createWallet`.
 *
 * @throws {LatchkeyProviderMissingError} outside `<LatchkeyProvider>`.
 * @example
 * const { ready, wallets, createWallet } = useSolanaWallets();
 * const wallet = wallets[0] ?? (await createWallet());
 * const signature = await wallet.signMessage(new TextEncoder().encode('hello'));
 * const { signature: sent } = await wallet.signAndSendTransaction(compileTransaction(message));
 */
export function useSolanaWallets(): UseSolanaWalletsReturnType {
  const { session, solana } = useInternalLatchkey('useSolanaWallets');
  const state = useSyncExternalStore(solana.subscribe, solana.getState, solana.getState);
  const waiting =
    state.status === 'creating' ||
    state.status === 'connecting' ||
    (state.status === 'idle' &&
      session.status === 'authenticated' &&
      hasSolanaWallet(session.user));
  const ready = session.status !== 'loading' && !waiting;
  const wallets = useMemo(() => (state.wallet ? [state.wallet] : NONE), [state.wallet]);
  const createWallet = useCallback(async () => {
    if (session.status !== 'authenticated') {
      throw new LatchkeyError('The user must be logged in to use the embedded wallet.', {
        code: NOT_AUTHENTICATED,
      });
    }
    const manager = await solana.manager();
    return manager.create();
  }, [session.status, solana]);
  return { ready, wallets, createWallet };
}
