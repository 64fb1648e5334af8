import type { DeviceShareStorage, SolanaSignRequest } from '@latchkey/api';
import type { MfaClient } from '../../mfa/types.ts';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import type { User } from '../../session/user.ts';
import {
  createEmbeddedWalletApproval,
  type EmbeddedWalletApproval,
  type EmbeddedWalletApprovalTheme,
} from '../embedded/approval.ts';
import type { EmbeddedWalletBridge } from '../embedded/bridge.ts';
import { frameBridgeFor } from '../embedded/frameBridge.ts';
import { WALLET_ERROR_MESSAGES, WalletError } from '../embedded/errors.ts';
import {
  createEmbeddedWalletExport,
  type EmbeddedWalletExport,
  type EmbeddedWalletExportTheme,
} from '../embedded/export.ts';
import {
  createEmbeddedWalletImportFrame,
  type EmbeddedWalletImportFrame,
} from '../embedded/import-frame.ts';
import { embeddedWalletOf } from '../embedded/types.ts';
import {
  createLatchkeyStandardWallet,
  type LatchkeyStandardWallet,
  registerStandardWallet,
} from './standard.ts';
import {
  type ApproveSolanaSignature,
  type EmbeddedSolanaWallet,
  type SolanaCluster,
  solanaWalletOf,
} from './types.ts';
import { createEmbeddedSolanaWallet } from './wallet.ts';

/** Where the Solana wallet stands on this page. */
export type SolanaWalletStatus = 'idle' | 'creating' | 'connecting' | 'connected' | 'error';

/** The Solana manager's observable state; replaced (never mutated) on each change. */
export type SolanaWalletState = {
  status: SolanaWalletStatus;
  /** The connected wallet (status 'connected'), else null. */
  wallet: EmbeddedSolanaWallet | null;
  /** `memory` when the frame's storage is blocked: the next visit needs recovery. */
  deviceStorage: DeviceShareStorage | null;
  /** The last failure while `status` is 'error'. */
  error: WalletError | null;
};

/** Parameters of {@link createSolanaWalletManager}. */
export type CreateSolanaWalletManagerParameters = {
  client: LatchkeyClient;
  /** The app's Solana clusters (`solanaClusters`), read at each use; the first is the default. */
  clusters: () => readonly SolanaCluster[];
  /** Default: the client's shared wallet frame (the one the Ethereum wallet uses). */
  bridge?: EmbeddedWalletBridge;
  /** Default: the client's shared MFA actions (or one over `bridge` when given). */
  mfa?: MfaClient;
  /**
   * Runs before creating when the user has an Ethereum embedded wallet: gets it on this device
   * (connect, recovery), so the frame derives the Solana key from its entropy. React passes the
   * wallet controller's `ready()`. Default: nothing (the frame then answers
   * `wallet_not_on_device` when it is not here).
   */
  ensureEthereumWallet?: () => Promise<unknown>;
  /** Register the wallet with the Wallet Standard once connected. Default true. */
  walletStandard?: boolean;
};

/**
 * The embedded Solana wallet's flows on this page (issue 22 item 2): creation, connection on
 * login, the approval hook and page, and the Wallet Standard registration. Shares the wallet
 * frame with the Ethereum wallet (`client.sharedWalletBridge`). Failures are WalletErrors.
 */
export interface SolanaWalletManager {
  getState(): SolanaWalletState;
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: (state: SolanaWalletState) => void): () => void;
  /**
   * Creates the user's Solana wallet (`latchkey:solana-wallet:create`): derived from the
   * user's Ethereum embedded wallet when there is one (`ensureEthereumWallet` first), else fresh
   * (automatic recovery). Refreshes the user, checks it has the wallet, connects it.
   * @throws WalletError `missing_access_token`; `embedded_wallet_exists` (the user has a Solana
   *   wallet); `solana_wallet_user_recovery` (the Ethereum wallet has a password, spec section
   *   5); `wallet_proxy_timeout` ('walletProxy.solanaCreate timed out', 10 s);
   *   `refresh_user_failed`; `missing_embedded_wallet`; the frame's errors.
   */
  create(): Promise<EmbeddedSolanaWallet>;
  /**
   * Connects the user's Solana wallet on this device; one that is not on this device is
   * recovered (`latchkey:solana-wallet:recover`, automatic recovery). Resolves null when the
   * user has no Solana wallet. Registers the Wallet Standard wallet once connected.
   */
  connect(): Promise<EmbeddedSolanaWallet | null>;
  /**
   * Mounts the key import page asking for a Solana key (issue 22 item 4;
   * `createEmbeddedWalletImportFrame` with `chainType: 'solana'`) in `container`: the user types
   * or pastes a Solana secret key (64 bytes in base58, or `solana-keygen`'s JSON array) inside
   * that frame, checks its base58 address and confirms; the frame stores it as the user's Solana
   * wallet (`imported: true`, automatic recovery). When the page answers, the manager refreshes
   * the user, checks it has that wallet and connects it ({@link connect}: listed, registered
   * with the Wallet Standard), so `result` resolves with `{address, chainType: 'solana',
   * deviceStorage?, wallet, user}`. Errors: the page's (the server's `embedded_wallet_exists`,
   * the 15 s import timeout), `refresh_user_failed`, `missing_embedded_wallet`, connect's.
   * A user with an Ethereum wallet may import a Solana key (one wallet per chain family, spec
   * section 5).
   * @throws WalletError `embedded_wallet_exists` when the user already has a Solana wallet.
   */
  mountImport(
    container: HTMLElement,
    parameters?: { theme?: EmbeddedWalletExportTheme },
  ): EmbeddedWalletImportFrame & {
    readonly result: Promise<{
      address: string;
      chainType: 'solana';
      deviceStorage?: DeviceShareStorage;
      wallet: EmbeddedSolanaWallet;
      user: User;
    }>;
  };
  /**
   * Mounts the key export page for the user's Solana wallet (issue 22 item 4;
   * `createEmbeddedWalletExport` with its base58 address) in `container`. The page shows a
   * warning and a Reveal button, then the 64-byte secret key in base58, inside that frame only.
   * Call {@link ensureMfa} first (the page cannot ask for MFA behind the click).
   * @throws WalletError `no_embedded_wallet` when no Solana wallet is known.
   */
  mountExport(
    container: HTMLElement,
    parameters?: { theme?: EmbeddedWalletExportTheme },
  ): EmbeddedWalletExport;
  /** Sets the approval hook (the sign / send screens); null: signatures need `noPrompt`. */
  setApprover(approve: ApproveSolanaSignature | null): void;
  /** The host's `noPromptOnSignature` (read at each `signMessage`). Default `() => false`. */
  setNoPrompt(noPrompt: () => boolean): void;
  /**
   * Mounts the approval page for one Solana request (`latchkey:solana-wallet:approve`) in
   * `container`; `result` is the frame's `SolanaSignResponse` once the user approved inside it.
   * @throws WalletError `no_embedded_wallet` when no Solana wallet is known.
   */
  mountApproval(
    container: HTMLElement,
    parameters: {
      request: SolanaSignRequest;
      cluster: { name: string };
      buttonText?: string;
      theme?: EmbeddedWalletApprovalTheme;
    },
  ): EmbeddedWalletApproval;
  /**
   * Issue 15: before the approval page (which cannot ask for MFA behind the click), loads the
   * wallet in the hidden frame with `unlock`, asking the MFA handler when refused. Resolves at
   * once for a user without MFA methods.
   */
  ensureMfa(): Promise<void>;
  /** The Wallet Standard wallet ('Latchkey'), registered while a Solana wallet is connected. */
  readonly standardWallet: LatchkeyStandardWallet;
  /** Forgets the wallet in this page and unregisters the Wallet Standard wallet. */
  destroy(): void;
}

const IDLE: SolanaWalletState = { status: 'idle', wallet: null, deviceStorage: null, error: null };

/**
 * Creates the embedded Solana wallet's manager (issue 22 item 2). Load it lazily from
 * `@latchkey/core/solana` (it brings `@solana/kit` and the Wallet Standard packages).
 *
 * @example
 * const { createSolanaWalletManager } = await import('@latchkey/core/solana');
 * const solana = createSolanaWalletManager({ client, clusters: () => [devnet] });
 * solana.setApprover(showApprovalScreen);
 * const wallet = (await solana.connect()) ?? (await solana.create());
 * const signature = await wallet.signMessage(new TextEncoder().encode('hello'));
 */
export function createSolanaWalletManager(
  parameters: CreateSolanaWalletManagerParameters,
): SolanaWalletManager {
  const { client } = parameters;
  const { bridge, mfa } = frameBridgeFor(client, parameters);
  const frame = <K extends 'solanaCreate' | 'solanaConnect' | 'solanaRecover' | 'solanaRpc'>(
    name: K,
  ): NonNullable<EmbeddedWalletBridge[K]> => {
    const method = bridge[name];
    if (!method) {
      throw new WalletError(WALLET_ERROR_MESSAGES.proxyMissing, { code: 'wallet_proxy_missing' });
    }
    return method.bind(bridge) as NonNullable<EmbeddedWalletBridge[K]>;
  };
  // The frame's calls that load the key, retried after an MFA verification.
  const guarded: Pick<EmbeddedWalletBridge, 'solanaRpc'> = {
    solanaRpc: (p) => mfa.withMfa(() => frame('solanaRpc')(p)),
  };

  let state = IDLE;
  const listeners = new Set<(state: SolanaWalletState) => void>();
  let approver: ApproveSolanaSignature | null = null;
  let noPrompt: () => boolean = () => false;
  let unregister: (() => void) | null = null;
  const standardWallet = createLatchkeyStandardWallet({
    chains: parameters.clusters().map((c) => c.chain),
  });

  function set(next: Partial<SolanaWalletState>) {
    state = { ...state, ...next };
    if (next.status !== undefined && next.status !== 'error' && next.error === undefined) {
      state.error = null;
    }
    standardWallet.setWallet(state.wallet);
    if (state.wallet && parameters.walletStandard !== false && !unregister) {
      unregister = registerStandardWallet(standardWallet);
    }
    for (const listener of [...listeners]) {
      try {
        listener(state);
      } catch {
        // Listeners must not break the flow.
      }
    }
  }

  function fail(error: unknown): never {
    const walletError =
      error instanceof WalletError
        ? error
        : new WalletError(error instanceof Error ? error.message : String(error), { cause: error });
    set({ status: 'error', error: walletError });
    throw walletError;
  }

  function publish(address: string, deviceStorage: DeviceShareStorage | undefined) {
    const wallet = createEmbeddedSolanaWallet({
      bridge: guarded,
      address,
      clusters: parameters.clusters,
      approve: (request) =>
        approver
          ? approver(request)
          : Promise.reject(
              new WalletError('Signing needs the approval screen', { type: 'approval_required' }),
            ),
      noPrompt: () => noPrompt(),
    });
    set({ status: 'connected', wallet, deviceStorage: deviceStorage ?? null });
    return wallet;
  }

  const userAccount = () => solanaWalletOf(client.getState().user);

  /** The refreshed user, which must have the Solana wallet `address` (create and import). */
  async function refreshedWith(address: string): Promise<User> {
    let refreshed: User | null;
    try {
      refreshed = await client.refreshUser();
    } catch (cause) {
      throw new WalletError(WALLET_ERROR_MESSAGES.refreshUserFailed, {
        code: 'refresh_user_failed',
        cause,
      });
    }
    if (!refreshed || solanaWalletOf(refreshed)?.address !== address) {
      throw new WalletError(WALLET_ERROR_MESSAGES.missingEmbeddedWallet, {
        code: 'missing_embedded_wallet',
      });
    }
    return refreshed;
  }

  function solanaWalletExists(): WalletError {
    return new WalletError('The user already has a Solana embedded wallet', {
      code: 'embedded_wallet_exists',
    });
  }

  async function connect(): Promise<EmbeddedSolanaWallet | null> {
    const account = userAccount();
    if (!account) return null;
    if (state.status === 'connected' && state.wallet?.address === account.address) {
      return state.wallet;
    }
    set({ status: 'connecting' });
    try {
      try {
        const result = await mfa.withMfa(() =>
          frame('solanaConnect')({ address: account.address }),
        );
        return publish(result.address, result.deviceStorage);
      } catch (error) {
        if (!(error instanceof WalletError && error.type === 'wallet_not_on_device')) throw error;
        // Not on this device: Solana wallets have automatic recovery only (spec section 5).
        const result = await mfa.withMfa(() =>
          frame('solanaRecover')({ address: account.address }),
        );
        return publish(result.address, result.deviceStorage);
      }
    } catch (error) {
      return fail(error);
    }
  }

  function forget() {
    // Apps hear `change` with no accounts first, then the wallet leaves their lists.
    set(IDLE);
    unregister?.();
    unregister = null;
  }

  // Logout (or another user) forgets the wallet and unregisters it from the Wallet Standard.
  let sessionUserId = client.getState().user?.id ?? null;
  const unsubscribeSession =
    typeof client.subscribe === 'function'
      ? client.subscribe((session) => {
          const id = session.user?.id ?? null;
          const previous = sessionUserId;
          sessionUserId = id;
          if (id === previous || previous === null) return;
          forget();
        })
      : undefined;

  return {
    standardWallet,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async create() {
      set({ status: 'creating' });
      try {
        const token = await client.getAccessToken();
        if (!token) {
          throw new WalletError(WALLET_ERROR_MESSAGES.missingAccessToken, {
            code: 'missing_access_token',
          });
        }
        const user = client.getState().user;
        if (solanaWalletOf(user)) throw solanaWalletExists();
        const ethereum = embeddedWalletOf(user);
        if (ethereum && (ethereum.recoveryMethod ?? 'latchkey') !== 'latchkey') {
          throw new WalletError(
            'A Solana wallet cannot be created while the Ethereum wallet has a recovery password',
            { code: 'solana_wallet_user_recovery' },
          );
        }
        if (ethereum) await parameters.ensureEthereumWallet?.();
        const created = await mfa.withMfa(() =>
          frame('solanaCreate')(ethereum ? { ethereumAddress: ethereum.address } : {}),
        );
        await refreshedWith(created.address);
        return publish(created.address, created.deviceStorage);
      } catch (error) {
        return fail(error);
      }
    },
    connect,
    mountImport(container, { theme } = {}) {
      if (userAccount()) throw solanaWalletExists();
      const page = createEmbeddedWalletImportFrame({
        apiUrl: client.apiUrl,
        appId: client.appId,
        getAccessToken: () => client.getAccessToken(),
        container,
        chainType: 'solana',
        ...(theme ? { theme } : {}),
      });
      const result = page.result.then(async (out) => {
        // Not idle while the user is refreshed: the auto-connect must not race this connect.
        set({ status: 'creating' });
        let user: User;
        try {
          user = await refreshedWith(out.address);
        } catch (error) {
          return fail(error);
        }
        // Loads the imported wallet in the hidden frame (recovering it when the page could
        // only keep its share in memory) and publishes it.
        const wallet = await connect();
        if (!wallet) {
          return fail(
            new WalletError(WALLET_ERROR_MESSAGES.missingEmbeddedWallet, {
              code: 'missing_embedded_wallet',
            }),
          );
        }
        return {
          ...out,
          address: wallet.address,
          chainType: 'solana' as const,
          wallet,
          user,
        };
      });
      result.catch(() => {});
      return { iframe: page.iframe, ready: page.ready, result, destroy: () => page.destroy() };
    },
    mountExport(container, { theme } = {}) {
      const address = state.wallet?.address ?? userAccount()?.address;
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
        ...(theme ? { theme } : {}),
      });
    },
    setApprover(next) {
      approver = next;
    },
    setNoPrompt(next) {
      noPrompt = next;
    },
    mountApproval(container, { request, cluster, buttonText, theme }) {
      const address = state.wallet?.address ?? userAccount()?.address;
      if (!address) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
        });
      }
      return createEmbeddedWalletApproval({
        apiUrl: client.apiUrl,
        appId: client.appId,
        getAccessToken: () => client.getAccessToken(),
        address,
        container,
        chainType: 'solana',
        request,
        cluster: { name: cluster.name },
        ...(buttonText ? { buttonText } : {}),
        ...(theme ? { theme } : {}),
      });
    },
    async ensureMfa() {
      if ((client.getState().user?.mfaMethods ?? []).length === 0) return;
      const address = state.wallet?.address ?? userAccount()?.address;
      if (!address) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
        });
      }
      await mfa.withMfa(() => frame('solanaConnect')({ address, unlock: true }));
    },
    destroy() {
      unsubscribeSession?.();
      forget();
      listeners.clear();
    },
  };
}
