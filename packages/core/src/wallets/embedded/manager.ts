import { type DeviceShareStorage, type RecoveryMethod, ROUTES } from '@latchkey/api';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import type { User } from '../../session/user.ts';
import type { ConnectedWallet } from '../registry.ts';
import { createEmbeddedWalletBridge, type EmbeddedWalletBridge } from './bridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import { createEmbeddedWalletExport, type EmbeddedWalletExport } from './export.ts';
import {
  type ConfirmSignature,
  createEmbeddedEthereumProvider,
  type EmbeddedEthereumProvider,
} from './provider.ts';
import { type ChainConfig, embeddedWalletOf } from './types.ts';

/** Analytics event posted when creation fails (spec section 4). */
export const EMBEDDED_WALLET_CREATION_FAILED = 'embedded_wallet_creation_failed';

/** Where the embedded wallet stands. */
export type EmbeddedWalletStatus =
  'idle' | 'creating' | 'connecting' | 'needs-recovery' | 'connected' | 'error';

/** The manager's observable state; replaced (never mutated) on each change. */
export type EmbeddedWalletState = {
  status: EmbeddedWalletStatus;
  /** The embedded wallet's address once known. */
  address: string | null;
  /** The wallet's recovery method once known. */
  recoveryMethod: RecoveryMethod | null;
  /**
   * `memory` when the frame could not use its storage (blocked or partitioned): the wallet works
   * for this visit but the next one needs recovery. Show a warning.
   */
  deviceStorage: DeviceShareStorage | null;
  /** The last failure, while `status` is 'error'. */
  error: WalletError | null;
};

/** What {@link EmbeddedWalletManager.connect} resolves with. */
export type EmbeddedWalletConnectResult =
  | { status: 'connected'; address: string }
  /** This device has no share and the recovery needs the user (password screen). */
  | { status: 'needs-recovery'; address: string; recoveryMethod: RecoveryMethod };

/** Parameters of {@link createEmbeddedWalletManager}. */
export type CreateEmbeddedWalletManagerParameters = {
  client: LatchkeyClient;
  /** Chains the wallet may use (the React `supportedChains`). */
  chains: readonly ChainConfig[];
  /** The starting chain; must be in `chains`. */
  defaultChainId: number;
  /** Default: a bridge mounting the frame into `document` for `client.apiUrl` / `client.appId`. */
  bridge?: EmbeddedWalletBridge;
  /**
   * Where analytics go. Default: `POST /api/v1/analytics_events` through `client.api`
   * (no retry, errors ignored).
   */
  analytics?: (eventName: string, payload: Record<string, unknown>) => void | Promise<void>;
};

/**
 * The embedded wallet's flows (spec section 4) over one frame bridge. On success the wallet is
 * upserted into `client.wallets` (walletClientType 'latchkey', connectorType 'embedded').
 * Failures are {@link WalletError}s carrying the texts of spec section 8.
 */
export interface EmbeddedWalletManager {
  getState(): EmbeddedWalletState;
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: (state: EmbeddedWalletState) => void): () => void;
  /**
   * Creates the wallet (spec section 4): access token, proxy init (30 s), create (10 s), refresh
   * user, check the user has it. Failure texts: 'Missing access token', 'walletProxy does not
   * exist', 'walletProxy.create timed out', 'did not send a response', 'Failed to refresh user',
   * 'Updated user is missing embedded wallet'; posts `embedded_wallet_creation_failed`.
   */
  create(parameters?: { recoveryMethod?: RecoveryMethod; password?: string }): Promise<{
    address: string;
    user: User;
  }>;
  /**
   * Connects the user's wallet on this device. Without a device share: silent recovery for
   * 'latchkey' recovery, else resolves `{status: 'needs-recovery', recoveryMethod}` (show the
   * password screen, then call {@link recover}).
   * @throws WalletError 'User has no embedded wallet' (code `no_embedded_wallet`).
   */
  connect(): Promise<EmbeddedWalletConnectResult>;
  /**
   * Recovers on this device (password for 'user-passcode'); reshares, so old shares die.
   * @throws WalletError type `invalid_recovery_pin` ('Invalid recovery password, please try again.');
   *   the status stays 'needs-recovery' so the user can retry.
   */
  recover(parameters?: { password?: string }): Promise<{ address: string }>;
  /** Changes the recovery method (e.g. 'latchkey' -> 'user-passcode' with a password). */
  setRecovery(parameters: { recoveryMethod: RecoveryMethod; password?: string }): Promise<{
    address: string;
    recoveryMethod: RecoveryMethod;
  }>;
  /** The connected wallet's EIP-1193 provider. @throws WalletError when not connected. */
  getProvider(): EmbeddedEthereumProvider;
  /**
   * Sets the approval hook used before each signature (the sign / send screens). `null` signs
   * without prompting (`noPromptOnSignature`). Takes effect for providers already handed out.
   */
  setConfirm(confirm: ConfirmSignature | null): void;
  /**
   * Mounts the key-export page of the connected wallet in `container` (EMBEDDED_WALLET_KEY_EXPORT
   * screen). The key is shown inside that frame only. @throws WalletError when no wallet is known.
   */
  mountExport(container: HTMLElement): EmbeddedWalletExport;
  /** The bridge in use (e.g. for `clear()` at logout). */
  readonly bridge: EmbeddedWalletBridge;
  /** Forgets the wallet in this page: removes it from `client.wallets`, destroys the bridge. */
  destroy(): void;
}

/**
 * Creates the embedded-wallet manager (spec sections 4 and 8). Load this module lazily
 * (`await import('@latchkey/core/embedded-wallet')`): it brings viem.
 *
 * @example
 * const { createEmbeddedWalletManager } = await import('@latchkey/core/embedded-wallet');
 * const wallet = createEmbeddedWalletManager({ client, chains: [anvil], defaultChainId: 31337 });
 * if (shouldCreateWalletOnLogin('users-without-wallets', user)) await wallet.create();
 * else if ((await wallet.connect()).status === 'needs-recovery') showPasswordScreen();
 */
export function createEmbeddedWalletManager(
  parameters: CreateEmbeddedWalletManagerParameters,
): EmbeddedWalletManager {
  const { client, chains } = parameters;
  if (!chains.some((c) => c.id === parameters.defaultChainId)) {
    throw new Error(`defaultChainId ${parameters.defaultChainId} is not in chains`);
  }
  // The client's shared frame (issue 10): the one whose key the login bound the session to.
  const sharedBridge = parameters.bridge
    ? undefined
    : client.sharedWalletBridge?.(createEmbeddedWalletBridge);
  const bridge =
    parameters.bridge ??
    sharedBridge ??
    createEmbeddedWalletBridge({
      apiUrl: client.apiUrl,
      appId: client.appId,
      getAccessToken: () => client.getAccessToken(),
    });
  const analytics =
    parameters.analytics ??
    ((eventName: string, payload: Record<string, unknown>) =>
      client.api.request({
        method: 'POST',
        path: ROUTES.analyticsEvents,
        body: { event_name: eventName, client_id: null, payload },
        retry: false,
      }));

  let state: EmbeddedWalletState = {
    status: 'idle',
    address: null,
    recoveryMethod: null,
    deviceStorage: null,
    error: null,
  };
  const listeners = new Set<(state: EmbeddedWalletState) => void>();
  let confirm: ConfirmSignature | null = null;
  let provider: EmbeddedEthereumProvider | null = null;
  let chainListener: ((chainId: unknown) => void) | null = null;

  function set(patch: Partial<EmbeddedWalletState>) {
    state = { ...state, ...patch };
    if (patch.status !== undefined && patch.status !== 'error' && patch.error === undefined) {
      state.error = null;
    }
    for (const listener of [...listeners]) {
      try {
        listener(state);
      } catch {
        // Listeners must not break the flow.
      }
    }
  }

  function fail(error: unknown, status: EmbeddedWalletStatus = 'error'): never {
    const walletError =
      error instanceof WalletError
        ? error
        : new WalletError(error instanceof Error ? error.message : String(error), {
            cause: error,
          });
    if (walletError.type === 'session_not_bound') {
      // Issue 10: the frame's key is not the one this session was bound to (its storage was
      // cleared, or the login carried no frame proof). Only a new login binds a session to the
      // frame's key: log out so the user can (whatever flow found it: connect, recover, create).
      void Promise.resolve()
        .then(() => client.logout())
        .catch(() => {});
    }
    set({ status, error: status === 'error' ? walletError : null });
    throw walletError;
  }

  function publish(
    address: string,
    recoveryMethod: RecoveryMethod | null,
    deviceStorage: DeviceShareStorage | undefined,
  ) {
    if (provider && chainListener) provider.removeListener('chainChanged', chainListener);
    provider = createEmbeddedEthereumProvider({
      bridge,
      address,
      chains,
      chainId: provider?.chainId ?? parameters.defaultChainId,
      confirm: (request) => (confirm ? confirm(request) : Promise.resolve()),
    });
    const current = provider;
    const wallet = (): ConnectedWallet => ({
      address,
      chainType: 'ethereum',
      chainId: `eip155:${current.chainId}`,
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      imported: false,
      linked: true,
      getEthereumProvider: async () => current,
      switchChain: async (chainId: number) => {
        await current.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${chainId.toString(16)}` }],
        });
      },
      disconnect: () => {},
    });
    chainListener = () => client.wallets.upsert(wallet());
    current.on('chainChanged', chainListener);
    client.wallets.upsert(wallet());
    set({ status: 'connected', address, recoveryMethod, deviceStorage: deviceStorage ?? null });
  }

  const walletOfUser = () => embeddedWalletOf(client.getState().user);

  // Logout (or another user) forgets the wallet here; `client.wallets` is emptied by the client.
  let sessionUserId = client.getState().user?.id ?? null;
  const unsubscribeSession =
    typeof client.subscribe === 'function'
      ? client.subscribe((session) => {
          const id = session.user?.id ?? null;
          const previous = sessionUserId;
          sessionUserId = id;
          // Only a logout or a switch of user matters; a first login keeps the frame warm.
          if (id === previous || previous === null) return;
          if (provider && chainListener) provider.removeListener('chainChanged', chainListener);
          provider = null;
          // The frame holds the previous user's shares in memory: drop it (storage is kept).
          bridge.reset?.();
          set({
            status: 'idle',
            address: null,
            recoveryMethod: null,
            deviceStorage: null,
            error: null,
          });
        })
      : undefined;

  async function silentOrNeedsRecovery(
    address: string,
    recoveryMethod: RecoveryMethod,
  ): Promise<EmbeddedWalletConnectResult> {
    if (recoveryMethod === 'latchkey') {
      const result = await bridge.recover({ address });
      publish(result.address, recoveryMethod, result.deviceStorage);
      return { status: 'connected', address: result.address };
    }
    set({ status: 'needs-recovery', address, recoveryMethod });
    return { status: 'needs-recovery', address, recoveryMethod };
  }

  return {
    bridge,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async create(p = {}) {
      set({ status: 'creating' });
      try {
        const token = await client.getAccessToken();
        if (!token) {
          throw new WalletError(WALLET_ERROR_MESSAGES.missingAccessToken, {
            code: 'missing_access_token',
          });
        }
        if (walletOfUser()) {
          throw new WalletError(WALLET_ERROR_MESSAGES.onlyOneWallet, {
            code: 'embedded_wallet_exists',
          });
        }
        await bridge.ready();
        const created = await bridge.create(p);
        let user: User | null;
        try {
          user = await client.refreshUser();
        } catch (cause) {
          throw new WalletError(WALLET_ERROR_MESSAGES.refreshUserFailed, {
            code: 'refresh_user_failed',
            cause,
          });
        }
        if (!user) {
          throw new WalletError(WALLET_ERROR_MESSAGES.refreshUserFailed, {
            code: 'refresh_user_failed',
          });
        }
        const account = embeddedWalletOf(user);
        if (!account || account.address.toLowerCase() !== created.address.toLowerCase()) {
          throw new WalletError(WALLET_ERROR_MESSAGES.missingEmbeddedWallet, {
            code: 'missing_embedded_wallet',
          });
        }
        publish(
          account.address,
          account.recoveryMethod ?? p.recoveryMethod ?? 'latchkey',
          created.deviceStorage,
        );
        return { address: account.address, user };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Fire and forget: no retry, errors ignored (spec section 7).
        try {
          Promise.resolve(analytics(EMBEDDED_WALLET_CREATION_FAILED, { error: message })).catch(
            () => {},
          );
        } catch {
          // ignored
        }
        return fail(error);
      }
    },
    async connect() {
      const account = walletOfUser();
      if (!account) {
        return fail(
          new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, { code: 'no_embedded_wallet' }),
        );
      }
      const recoveryMethod = account.recoveryMethod ?? 'latchkey';
      set({ status: 'connecting', address: account.address, recoveryMethod });
      try {
        try {
          const result = await bridge.connect({ address: account.address });
          publish(result.address, recoveryMethod, result.deviceStorage);
          return { status: 'connected', address: result.address };
        } catch (error) {
          if (error instanceof WalletError && error.type === 'wallet_not_on_device') {
            return await silentOrNeedsRecovery(account.address, recoveryMethod);
          }
          throw error;
        }
      } catch (error) {
        return fail(error);
      }
    },
    async recover(p = {}) {
      const account = walletOfUser();
      if (!account) {
        return fail(
          new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, { code: 'no_embedded_wallet' }),
        );
      }
      const recoveryMethod = account.recoveryMethod ?? 'latchkey';
      const previous = state.status;
      set({ status: 'connecting', address: account.address, recoveryMethod });
      try {
        const result = await bridge.recover({
          address: account.address,
          ...(p.password === undefined ? {} : { password: p.password }),
        });
        publish(result.address, recoveryMethod, result.deviceStorage);
        return { address: result.address };
      } catch (error) {
        if (
          error instanceof WalletError &&
          (error.type === 'invalid_recovery_pin' || error.type === 'invalid_request_arguments') &&
          recoveryMethod === 'user-passcode'
        ) {
          // The user may try again: stay on the password screen.
          return fail(
            new WalletError(WALLET_ERROR_MESSAGES.invalidRecoveryPassword, {
              type: 'invalid_recovery_pin',
              cause: error,
            }),
            previous === 'needs-recovery' ? 'needs-recovery' : 'error',
          );
        }
        return fail(error);
      }
    },
    async setRecovery({ recoveryMethod, password }) {
      const address = state.address ?? walletOfUser()?.address;
      if (!address) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
        });
      }
      const result = await bridge.setRecovery({
        address,
        recoveryMethod,
        ...(password === undefined ? {} : { password }),
      });
      set({ recoveryMethod: result.recoveryMethod, deviceStorage: result.deviceStorage ?? null });
      // Best effort: the user's wallet account now carries the new recovery method.
      await client.refreshUser().catch(() => null);
      return { address: result.address, recoveryMethod: result.recoveryMethod };
    },
    getProvider() {
      if (!provider) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
          details: 'the embedded wallet is not connected',
        });
      }
      return provider;
    },
    setConfirm(next) {
      confirm = next;
    },
    mountExport(container) {
      const address = state.address ?? walletOfUser()?.address;
      if (!address) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
        });
      }
      return createEmbeddedWalletExport({
        apiUrl: client.apiUrl,
        appId: client.appId,
        getAccessToken: () => client.getAccessToken(),
        address,
        container,
      });
    },
    destroy() {
      unsubscribeSession?.();
      if (provider && chainListener) provider.removeListener('chainChanged', chainListener);
      if (state.address) client.wallets.remove(state.address, 'latchkey');
      provider = null;
      // A frame shared with the client's login proofs is only unmounted; the next use remounts it.
      if (sharedBridge) bridge.reset?.();
      else bridge.destroy();
      listeners.clear();
    },
  };
}
