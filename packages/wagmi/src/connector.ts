import type { ConnectedWallet, Eip1193Provider, WalletRegistry } from '@latchkey/core';
import {
  BaseError,
  ChainNotConfiguredError,
  type Connector,
  type CreateConnectorFn,
  createConnector,
  ProviderNotFoundError,
} from '@wagmi/core';
import {
  type Address,
  getAddress,
  hexToNumber,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem';

/**
 * Where the connector reads the user's wallets from: `client.wallets` of a Latchkey client
 * (`@latchkey/core`'s `WalletRegistry`: the embedded wallet first, then the external wallets
 * connected through Latchkey, emptied on logout).
 */
export type LatchkeyWalletSource = Pick<WalletRegistry, 'list' | 'subscribe'>;

/** Parameters of {@link latchkeyConnector}. */
export type LatchkeyConnectorParameters = {
  /**
   * The Latchkey client whose wallets the connector offers (`createLatchkeyClient()` of
   * `@latchkey/core`; give the same client to `<LatchkeyProvider client>` to share it with
   * React). Omitted: the wallets are the ones {@link LatchkeyConnectorProperties.setWallets}
   * gives, which `useLatchkeyWagmiSync(config)` of `@latchkey/wagmi/react` does with the
   * `<LatchkeyProvider>`'s wallets.
   */
  client?: { wallets: LatchkeyWalletSource } | undefined;
  /** The connector's id (default `'latchkey'`). */
  id?: string | undefined;
  /** The connector's name, shown by wallet lists (default `'Latchkey'`). */
  name?: string | undefined;
  /** An icon URL (or data URL) for wallet lists. */
  icon?: string | undefined;
};

/** What a Latchkey connector adds to wagmi's connector interface. */
export type LatchkeyConnectorProperties = {
  /** The user's wallets the connector can use: embedded first, then external ones. */
  getWallets(): readonly ConnectedWallet[];
  /**
   * The wallet wagmi signs with: the one {@link setActiveWallet} chose while it is listed,
   * else the first listed (the embedded wallet when the user has one); undefined when the
   * user has no wallet (logged out).
   */
  getActiveWallet(): ConnectedWallet | undefined;
  /**
   * Makes the listed wallet with `address` (case-insensitive) the one wagmi uses; while
   * connected, wagmi's account and chain follow it (a `change` event).
   * @throws LatchkeyWalletNotFoundError when no listed wallet has that address.
   */
  setActiveWallet(address: string): Promise<void>;
  /**
   * Replaces the wallet list (what `useLatchkeyWagmiSync` does with `useWallets()`). While
   * connected: the active wallet's account and chain are followed, and an empty list (logout)
   * disconnects wagmi.
   */
  setWallets(wallets: readonly ConnectedWallet[]): void;
  /** Calls `listener` after each change of the wallet list; returns the unsubscribe function. */
  onWalletsChange(listener: (wallets: readonly ConnectedWallet[]) => void): () => void;
};

/** The object {@link latchkeyConnector}'s function makes (before wagmi adds `emitter` and `uid`). */
type Self = ReturnType<CreateConnectorFn<Eip1193Provider, LatchkeyConnectorProperties>>;

/** A Latchkey connector as wagmi's config holds it (`config.connectors`). */
export type LatchkeyConnector = Connector<
  CreateConnectorFn<Eip1193Provider, LatchkeyConnectorProperties>
>;

/** Thrown by `setActiveWallet` for an address that is none of the user's wallets. */
export class LatchkeyWalletNotFoundError extends BaseError {
  override name = 'LatchkeyWalletNotFoundError';
  constructor(address: string) {
    super(`No Latchkey wallet has the address ${address}.`, {
      metaMessages: ['The wallets are the embedded wallet and those connected through Latchkey.'],
    });
  }
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A wagmi connector for the Latchkey wallets (the role of `@privy-io/wagmi`): the embedded
 * wallet, whose signatures go through Latchkey's approval screens, and the external wallets
 * the user connected through Latchkey (`setActiveWallet` picks one; default: the embedded
 * wallet, else the first external wallet).
 *
 * - `connect()` uses the active wallet's EIP-1193 provider (`getEthereumProvider()`); the
 *   accounts are its `eth_accounts`, the chain its `eth_chainId`; `connect({ chainId })`
 *   switches first. Latchkey decides who is logged in: this never opens a login.
 * - While connected it follows the wallet list: another active wallet or chain becomes a
 *   `change` event; an empty list (logout) disconnects wagmi. The provider's
 *   `accountsChanged`, `chainChanged` and `disconnect` events are followed as well.
 * - `disconnect()` only ends wagmi's connection: the Latchkey session and wallets stay.
 * - `switchChain({ chainId })` asks the wallet (`ConnectedWallet.switchChain`): the embedded
 *   wallet switches only to the app's Latchkey chains (`supportedChains`).
 * - Connecting on login is `syncLatchkeyWagmi(config)` (or `useLatchkeyWagmiSync(config)` in
 *   React), not the connector.
 *
 * Errors: `connect`, `getProvider` and `switchChain` reject with wagmi's
 * `ProviderNotFoundError` when the user has no wallet; `switchChain` with viem's
 * `SwitchChainError` (wrapping wagmi's `ChainNotConfiguredError` for a chain the wagmi config
 * lacks, or the wallet's error, e.g. 4902 for a chain Latchkey does not offer) or
 * `UserRejectedRequestError` (4001). Signing errors are the provider's EIP-1193 errors
 * (4001 when the user closes Latchkey's approval screen).
 *
 * @example
 * import { createLatchkeyClient } from '@latchkey/core';
 * import { createConfig, http } from '@wagmi/core';
 * import { sepolia } from 'viem/chains';
 * import { latchkeyConnector, syncLatchkeyWagmi } from '@latchkey/wagmi';
 *
 * const client = createLatchkeyClient({ appId, apiUrl });
 * const config = createConfig({
 *   chains: [sepolia],
 *   connectors: [latchkeyConnector({ client })],
 *   transports: { [sepolia.id]: http() },
 * });
 * syncLatchkeyWagmi(config); // connected while the user has a wallet
 */
export function latchkeyConnector(parameters: LatchkeyConnectorParameters = {}) {
  return createConnector<Eip1193Provider, LatchkeyConnectorProperties>((config) => {
    let wallets: readonly ConnectedWallet[] = [];
    /** The address `setActiveWallet` chose (null: the first listed wallet). */
    let chosen: string | null = null;
    let connected = false;
    /** The wallet whose provider events are followed, and how to stop following them. */
    let followed: { wallet: ConnectedWallet; stop: () => void } | null = null;
    /** Bumped by every follow or disconnect: an older asynchronous follow gives up. */
    let generation = 0;
    const listeners = new Set<(wallets: readonly ConnectedWallet[]) => void>();

    const activeWallet = () =>
      (chosen === null ? undefined : wallets.find((w) => sameAddress(w.address, chosen!))) ??
      wallets[0];

    const requireWallet = () => {
      const wallet = activeWallet();
      if (!wallet) throw new ProviderNotFoundError();
      return wallet;
    };

    const accountsOf = async (wallet: ConnectedWallet): Promise<readonly Address[]> => {
      const provider = await wallet.getEthereumProvider();
      const accounts = await provider.request({ method: 'eth_accounts' });
      // A wallet connected through Latchkey answers with its address; fall back to it.
      return (accounts.length > 0 ? accounts : [wallet.address]).map((a) => getAddress(a));
    };

    const chainIdOf = async (wallet: ConnectedWallet): Promise<number> => {
      const provider = await wallet.getEthereumProvider();
      return hexToNumber(await provider.request({ method: 'eth_chainId' }));
    };

    function unfollow() {
      followed?.stop();
      followed = null;
    }

    function disconnected() {
      generation++;
      unfollow();
      connected = false;
    }

    /** Follows `wallet`'s provider events and tells wagmi its accounts and chain. */
    async function follow(wallet: ConnectedWallet, announce: boolean) {
      const mine = ++generation;
      if (followed?.wallet !== wallet) {
        unfollow();
        const provider = await wallet.getEthereumProvider();
        if (mine !== generation) return;
        const onAccounts = (accounts: unknown) => connector.onAccountsChanged(accounts as string[]);
        const onChain = (chainId: unknown) => connector.onChainChanged(String(chainId));
        // EIP-1193 passes a ProviderRpcError (`{ code, message }`).
        const onDisconnect = (error: unknown) => connector.onDisconnect(error as Error | undefined);
        provider.on('accountsChanged', onAccounts);
        provider.on('chainChanged', onChain);
        provider.on('disconnect', onDisconnect);
        followed = {
          wallet,
          stop: () => {
            provider.removeListener('accountsChanged', onAccounts);
            provider.removeListener('chainChanged', onChain);
            provider.removeListener('disconnect', onDisconnect);
          },
        };
      }
      if (!announce) return;
      const [accounts, chainId] = await Promise.all([accountsOf(wallet), chainIdOf(wallet)]);
      if (mine !== generation) return;
      config.emitter.emit('change', { accounts, chainId });
    }

    /** wagmi's `switchChain`: through the wallet (`ConnectedWallet.switchChain`). */
    async function switchChain({ chainId }: { chainId: number }) {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError());
      const wallet = requireWallet();
      try {
        await wallet.switchChain(chainId);
      } catch (error) {
        if ((error as { code?: unknown }).code === UserRejectedRequestError.code) {
          throw new UserRejectedRequestError(error as Error);
        }
        throw new SwitchChainError(error as Error);
      }
      config.emitter.emit('change', { chainId });
      return chain;
    }

    const connector: Self = {
      id: parameters.id ?? 'latchkey',
      name: parameters.name ?? 'Latchkey',
      type: latchkeyConnector.type,
      ...(parameters.icon ? { icon: parameters.icon } : {}),

      async setup() {
        const source = parameters.client?.wallets;
        if (!source) return;
        connector.setWallets(source.list());
        source.subscribe((next) => connector.setWallets(next));
      },

      async connect({ chainId, withCapabilities } = {}) {
        try {
          for (;;) {
            const wallet = requireWallet();
            await follow(wallet, false);
            const accounts = await accountsOf(wallet);
            let current = await chainIdOf(wallet);
            if (chainId !== undefined && chainId !== current) {
              current = (await switchChain({ chainId })).id;
            }
            // The list changed meanwhile (e.g. the embedded wallet arrived): use the new one.
            if (activeWallet() !== wallet) continue;
            connected = true;
            return {
              // wagmi's `withCapabilities` form (no capabilities are reported).
              accounts: (withCapabilities
                ? accounts.map((address) => ({ address, capabilities: {} }))
                : accounts) as never,
              chainId: current,
            };
          }
        } catch (error) {
          disconnected();
          throw error;
        }
      },

      async disconnect() {
        disconnected();
      },

      async getAccounts() {
        const wallet = activeWallet();
        return wallet ? accountsOf(wallet) : [];
      },

      async getChainId() {
        return chainIdOf(requireWallet());
      },

      async getProvider() {
        return requireWallet().getEthereumProvider();
      },

      async isAuthorized() {
        return activeWallet() !== undefined;
      },

      switchChain,

      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) connector.onDisconnect();
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) });
      },

      onChainChanged(chainId: string) {
        config.emitter.emit('change', { chainId: Number(chainId) });
      },

      onDisconnect(error?: Error) {
        // EIP-1193 1013: the wallet reconnects by itself (as wagmi's injected connector reads it).
        if ((error as { code?: unknown } | undefined)?.code === 1013) return;
        const wasConnected = connected;
        disconnected();
        if (wasConnected) config.emitter.emit('disconnect');
      },

      getWallets: () => wallets,

      getActiveWallet: () => activeWallet(),

      async setActiveWallet(address: string) {
        const wallet = wallets.find((w) => sameAddress(w.address, address));
        if (!wallet) throw new LatchkeyWalletNotFoundError(address);
        chosen = wallet.address;
        if (connected) await follow(wallet, true);
      },

      setWallets(next: readonly ConnectedWallet[]) {
        if (next === wallets) return;
        wallets = next;
        if (chosen !== null && !wallets.some((w) => sameAddress(w.address, chosen!))) {
          chosen = null;
        }
        for (const listener of [...listeners]) listener(wallets);
        if (!connected) return;
        const wallet = activeWallet();
        if (!wallet) {
          connector.onDisconnect();
          return;
        }
        if (wallet !== followed?.wallet) {
          follow(wallet, true).catch((error: unknown) => {
            config.emitter.emit('error', {
              error: error instanceof Error ? error : new Error(String(error)),
            });
          });
        }
      },

      onWalletsChange(listener: (wallets: readonly ConnectedWallet[]) => void) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    };
    return connector;
  });
}

/** The connector's `type` (wagmi's `unstable_connector(latchkeyConnector)` finds it by type). */
latchkeyConnector.type = 'latchkey' as const;

/** True when `connector` is a {@link latchkeyConnector} of a wagmi config. */
export function isLatchkeyConnector(connector: Connector): connector is LatchkeyConnector {
  return (
    connector.type === latchkeyConnector.type &&
    typeof (connector as Partial<LatchkeyConnectorProperties>).setWallets === 'function'
  );
}
