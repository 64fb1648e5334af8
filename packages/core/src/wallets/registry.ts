/**
 * The wallets a user has in this page: the embedded wallet and any connected external wallets
 * (spec sections 3 and 7; issue 3 `useWallets()`, issue 4 connect-only). A plain observable list,
 * so the React hooks and the login methods that add wallets never import each other.
 */

import type { EIP1193RequestFn, EIP1474Methods } from 'viem';

/**
 * A `request` for any method: what {@link Eip1193Provider} answers for a method or params viem's
 * schema does not list (e.g. a method name held in a `string`). Resolves with `unknown`.
 */
export type Eip1193LooseRequest = (args: { method: string; params?: unknown }) => Promise<unknown>;

/**
 * An EIP-1193 provider (https://eips.ethereum.org/EIPS/eip-1193): `request`, `on`,
 * `removeListener`. Assignable without a cast to viem's `EIP1193Provider` (so to `custom()` and
 * wagmi connectors): `request` is viem's typed `EIP1193RequestFn<EIP1474Methods>` (a known
 * method's params and result are typed, e.g. `eth_chainId` resolves with a hex string),
 * overloaded with {@link Eip1193LooseRequest} for any other call. Implementations return
 * `Promise<unknown>` and so state the typed overload with a cast (`as Eip1193Provider['request']`).
 */
export interface Eip1193Provider {
  request: EIP1193RequestFn<EIP1474Methods> & Eip1193LooseRequest;
  on(event: string, listener: (...args: unknown[]) => void): void;
  removeListener(event: string, listener: (...args: unknown[]) => void): void;
}

/** A wallet the user can sign with in this page. */
export interface ConnectedWallet {
  /** EIP-55 checksummed address. */
  address: string;
  chainType: 'ethereum';
  /** CAIP-2 chain id the wallet is on, e.g. 'eip155:31337'. */
  chainId: string;
  /** 'latchkey' for the embedded wallet; the wallet's name for external ones ('metamask', ...). */
  walletClientType: string;
  /** 'embedded', 'injected', 'wallet_connect', 'coinbase_wallet', ... */
  connectorType: string;
  imported: boolean;
  /** True when the wallet is a linked account of the logged-in user. */
  linked: boolean;
  /** The wallet's EIP-1193 provider; works with viem's `custom()` transport and wagmi. */
  getEthereumProvider(): Promise<Eip1193Provider>;
  /** Switches the wallet to `chainId` (a number, e.g. 31337). */
  switchChain(chainId: number): Promise<void>;
  /** Forgets the wallet in this page (external wallets); the embedded wallet ignores it. */
  disconnect(): void;
}

/** The observable list of {@link ConnectedWallet}s. */
export interface WalletRegistry {
  /** The wallets, embedded first, then external ones in connection order. */
  list(): readonly ConnectedWallet[];
  /** Adds a wallet, or replaces the one with the same address and client type. */
  upsert(wallet: ConnectedWallet): void;
  /** Removes the wallet with this address (case-insensitive) and client type, if any. */
  remove(address: string, walletClientType?: string): void;
  /** Removes every wallet (logout). */
  clear(): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (wallets: readonly ConnectedWallet[]) => void): () => void;
}

const same = (a: ConnectedWallet, address: string, type?: string) =>
  a.address.toLowerCase() === address.toLowerCase() &&
  (type === undefined || a.walletClientType === type);

/** Creates an empty {@link WalletRegistry}. */
export function createWalletRegistry(): WalletRegistry {
  let wallets: readonly ConnectedWallet[] = [];
  const listeners = new Set<(w: readonly ConnectedWallet[]) => void>();
  const set = (next: ConnectedWallet[]) => {
    next.sort(
      (a, b) => Number(b.connectorType === 'embedded') - Number(a.connectorType === 'embedded'),
    );
    wallets = next;
    for (const listener of listeners) listener(wallets);
  };
  return {
    list: () => wallets,
    upsert(wallet) {
      const index = wallets.findIndex((w) => same(w, wallet.address, wallet.walletClientType));
      const next = [...wallets];
      if (index === -1) next.push(wallet);
      else next[index] = wallet;
      set(next);
    },
    remove(address, walletClientType) {
      if (!wallets.some((w) => same(w, address, walletClientType))) return;
      set(wallets.filter((w) => !same(w, address, walletClientType)));
    },
    clear() {
      if (wallets.length > 0) set([]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
