import type { LatchkeyClient, WalletController } from '@latchkey/core';
import type {
  SolanaCluster,
  SolanaWalletController,
  SolanaWalletState,
} from '@latchkey/core/solana';

/** The Solana state before the lazy entry is loaded. */
const IDLE: SolanaWalletState = { status: 'idle', wallet: null, deviceStorage: null, error: null };

/**
 * The embedded Solana wallet in the provider (issue 22 item 2): core's Solana controller
 * (`@latchkey/core/solana`, loaded on first use so `@solana/kit` and the Wallet Standard stay
 * out of the eager bundle), its state mirrored for `useSolanaWallets`. Internal.
 */
export interface SolanaWallets {
  /** The manager's state (idle until it is loaded). */
  getState(): SolanaWalletState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * The manager, created on first call (approvals, key import and export open the modal's
   * wallet screens).
   */
  manager(): Promise<SolanaWalletController>;
}

/** Parameters of {@link createSolanaWallets}. */
export interface CreateSolanaWalletsParameters {
  client: LatchkeyClient;
  /** The modal's (Ethereum) wallet controller: its screens and `ready()`. */
  wallet: WalletController;
  /** The latest resolved wallet config: `solanaClusters`, `noPromptOnSignature`. */
  getConfig: () => { solanaClusters: readonly SolanaCluster[]; noPromptOnSignature: boolean };
  /** `() => import('@latchkey/core/solana')` (tests pass a fake). */
  load: () => Promise<Pick<typeof import('@latchkey/core/solana'), 'createSolanaWalletController'>>;
}

/** Creates the provider's {@link SolanaWallets}. */
export function createSolanaWallets(p: CreateSolanaWalletsParameters): SolanaWallets {
  let state = IDLE;
  let pending: Promise<SolanaWalletController> | null = null;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    manager() {
      pending ??= p.load().then(({ createSolanaWalletController }) => {
        const manager = createSolanaWalletController({
          client: p.client,
          wallet: p.wallet,
          getConfig: p.getConfig,
        });
        const publish = (next: SolanaWalletState) => {
          state = next;
          for (const listener of [...listeners]) listener();
        };
        manager.subscribe(publish);
        publish(manager.getState());
        return manager;
      });
      pending.catch(() => {
        pending = null;
      });
      return pending;
    },
  };
}

type LinkedAccountsOf = {
  linkedAccounts: readonly {
    type: string;
    address?: string;
    walletClientType?: string;
    chainType?: string;
  }[];
};

/** The embedded (Latchkey) Solana wallet account of `user`, if any. */
export function solanaAccountOf(user: LinkedAccountsOf | null | undefined) {
  return user?.linkedAccounts.find(
    (a) => a.type === 'wallet' && a.walletClientType === 'latchkey' && a.chainType === 'solana',
  );
}

/** True when `user` has an embedded (Latchkey) Solana wallet among its linked accounts. */
export function hasSolanaWallet(user: LinkedAccountsOf | null | undefined): boolean {
  return solanaAccountOf(user) !== undefined;
}
