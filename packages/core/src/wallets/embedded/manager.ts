import {
  type DeviceShareStorage,
  MFA_REQUIRED_MESSAGE,
  type RecoveryMethod,
  ROUTES,
} from '@latchkey/api';
import type { MfaClient } from '../../mfa/types.ts';
import type { LatchkeyClient } from '../../session/createLatchkeyClient.ts';
import type { User } from '../../session/user.ts';
import type { ConnectedWallet } from '../registry.ts';
import type { EmbeddedWalletBridge } from './bridge.ts';
import {
  type CloudOAuthReturn,
  createEmbeddedWalletCloudFrame,
  type EmbeddedWalletCloudAction,
  type EmbeddedWalletCloudFrame,
  type EmbeddedWalletCloudResult,
} from './cloud-frame.ts';
import { frameBridgeFor } from './frameBridge.ts';
import { PROVIDER_ERRORS, ProviderRpcError, WALLET_ERROR_MESSAGES, WalletError } from './errors.ts';
import {
  createEmbeddedWalletApproval,
  type EmbeddedWalletApproval,
  type EmbeddedWalletApprovalRequest,
  type EmbeddedWalletApprovalTheme,
} from './approval.ts';
import {
  createEmbeddedWalletExport,
  type EmbeddedWalletExport,
  type EmbeddedWalletExportTheme,
} from './export.ts';
import {
  createEmbeddedWalletImportFrame,
  type EmbeddedWalletImportFrame,
  type EmbeddedWalletImportResult,
} from './import-frame.ts';
import {
  createEmbeddedWalletPasswordFrame,
  type EmbeddedWalletPasswordAction,
  type EmbeddedWalletPasswordFrame,
  type EmbeddedWalletPasswordResult,
} from './password-frame.ts';
import {
  APPROVAL_SCREEN_NEEDED,
  type ApproveSignature,
  createEmbeddedEthereumProvider,
  type EmbeddedEthereumProvider,
} from './provider.ts';
import { type ChainConfig, embeddedWalletOf } from './types.ts';
import type { CloudRecoveryMethod } from '@latchkey/api';

/**
 * Why the manager refuses a password (issue 24): passwords are typed on the password page
 * (`mountPassword`), the same text the hidden frame answers with `user_gesture_required`.
 */
const PASSWORD_IN_FRAME = 'Passwords are typed in the wallet frame.';

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
  /**
   * The MFA actions (issue 15) whose handler is asked when the frame answers
   * `missing_or_invalid_mfa`. Default: the client's shared one (`mfaClientOf(client)`) when the
   * manager uses the client's shared frame, else one over its own bridge.
   */
  mfa?: MfaClient;
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
   * Automatic recovery only: a wallet sealed by a password is created on the password page
   * ({@link mountPassword} with `create`; issue 24), where the password is typed.
   * @throws WalletError type `user_gesture_required` for `recoveryMethod: 'user-passcode'`.
   */
  create(parameters?: { recoveryMethod?: RecoveryMethod }): Promise<{
    address: string;
    user: User;
  }>;
  /**
   * Connects the user's wallet on this device. Without a device share: silent recovery for
   * 'latchkey' recovery, else resolves `{status: 'needs-recovery', recoveryMethod}` (show the
   * password screen: {@link mountPassword} with `recover`).
   * @throws WalletError 'User has no embedded wallet' (code `no_embedded_wallet`).
   */
  connect(): Promise<EmbeddedWalletConnectResult>;
  /**
   * Recovers a wallet with automatic ('latchkey') recovery on this device; reshares, so old
   * shares die. A 'user-passcode' wallet is recovered on the password page instead
   * ({@link mountPassword} with `recover`; issue 24).
   * @throws WalletError type `user_gesture_required` for a 'user-passcode' wallet.
   */
  recover(): Promise<{ address: string }>;
  /**
   * Mounts the password page (issue 24 item 4; `createEmbeddedWalletPasswordFrame`) in
   * `container` for `action`: `create` the wallet sealed by a new password, `recover` it on this
   * device, `set` a first password (from automatic recovery) or `change` it. The password is
   * typed and used inside that frame only. When the page answers, the manager adopts the outcome
   * ({@link adoptPassword}) before the frame's `result` resolves, so `result` resolves with a
   * connected wallet (and, for `create`, the refreshed user). Errors: the page's (e.g.
   * `recovery_attempts_exceeded`), or the creation failures of {@link create} (with the
   * `embedded_wallet_creation_failed` analytics event); `session_not_bound` logs out.
   * @throws WalletError `no_embedded_wallet` when the action needs a wallet and there is none.
   */
  mountPassword(
    container: HTMLElement,
    parameters: {
      action: EmbeddedWalletPasswordAction;
      theme?: EmbeddedWalletExportTheme;
      /** For the downloaded recovery file's name. */
      appName?: string;
    },
  ): EmbeddedWalletPasswordFrame & {
    readonly result: Promise<EmbeddedWalletPasswordResult & { user?: User }>;
  };
  /**
   * Mounts the cloud recovery page (issue 23; `createEmbeddedWalletCloudFrame`) in `container`
   * for `action` with `provider` (spec sections 2, 4 and 8, EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN):
   * `create` the wallet backed up to the user's Google Drive or iCloud, `recover` it from there on
   * this device, or `set` (change) its backup to it. The provider's sign-in runs from a click
   * inside that frame; the cloud key never reaches this page. A `done` answer is adopted like the
   * password page's ({@link adoptPassword}: `create` refreshes the user and checks the wallet)
   * before `result` resolves. A `redirect` answer (a blocked Google pop-up) has already sent the
   * top window to the provider, with the pending flow kept for the return; `returnUrl` defaults
   * to this page's origin (one of the app's allowed origins). Errors: the page's, the creation
   * failures of {@link create} (with `embedded_wallet_creation_failed`); `session_not_bound`
   * logs out.
   * @throws WalletError `no_embedded_wallet` when `recover` or `set` finds no wallet.
   */
  mountCloud(
    container: HTMLElement,
    parameters: {
      action: EmbeddedWalletCloudAction;
      provider: CloudRecoveryMethod;
      theme?: EmbeddedWalletExportTheme;
      /** Default the container's window's origin. */
      returnUrl?: string;
      /** What the provider's redirect brought back (`takeCloudRecoveryReturn`). */
      oauthReturn?: CloudOAuthReturn;
    },
  ): EmbeddedWalletCloudFrame & {
    readonly result: Promise<EmbeddedWalletCloudResult & { user?: User }>;
  };
  /**
   * Adopts what the password page did (issue 24): publishes the wallet created, recovered or
   * reshared there, with 'user-passcode' recovery, without ever receiving the password. `create`
   * refreshes the user and checks it now has that wallet (the failures of {@link create});
   * `set`/`change` refresh the user best effort. The hidden frame loads the new device share
   * from the frame origin's storage at the next signature.
   */
  adoptPassword(
    action: EmbeddedWalletPasswordAction,
    result: EmbeddedWalletPasswordResult,
  ): Promise<{ address: string; user?: User }>;
  /**
   * Mounts the key import page (issue 22 item 4; `createEmbeddedWalletImportFrame`) in
   * `container`: the user types or pastes an existing Ethereum private key inside that frame,
   * checks its address and confirms; the frame shards and stores it as the user's embedded wallet
   * (`imported: true`, automatic recovery). When the page answers, the manager refreshes the
   * user, checks it now has that wallet and connects it (as after {@link create}), so `result`
   * resolves with `{address, deviceStorage, user}`. Errors: the page's (the server's
   * 'Only one Latchkey wallet per user is currently allowed', the 15 s import timeout),
   * 'Failed to refresh user', 'Updated user is missing embedded wallet'.
   * @throws WalletError `embedded_wallet_exists` when the user already has an embedded wallet.
   */
  mountImport(
    container: HTMLElement,
    parameters?: { theme?: EmbeddedWalletExportTheme },
  ): EmbeddedWalletImportFrame & {
    readonly result: Promise<EmbeddedWalletImportResult & { user: User }>;
  };
  /** The connected wallet's EIP-1193 provider. @throws WalletError when not connected. */
  getProvider(): EmbeddedEthereumProvider;
  /**
   * Sets the approval hook (issue 24): it shows the approval page of each signing request (the
   * sign / send screens, through {@link mountApproval}) and resolves with the frame's answer.
   * `null`: signing methods fail with 4100 'Signing needs the approval screen'. Takes effect
   * for providers already handed out.
   */
  setApprover(approve: ApproveSignature | null): void;
  /**
   * The host's `noPromptOnSignature` (read at each request): signing methods first ask the
   * hidden frame to sign without a prompt; the frame does only when the app's server-side
   * wallet policy allows it, else the approval hook is used. Default `() => false`.
   */
  setNoPrompt(noPrompt: () => boolean): void;
  /**
   * Mounts the approval page of the connected wallet in `container` for one signing request
   * (`createEmbeddedWalletApproval`; issue 24). `result` is the signature or the signed
   * transaction once the user approved inside the frame.
   * @throws WalletError when no wallet is known.
   */
  mountApproval(
    container: HTMLElement,
    parameters: {
      request: EmbeddedWalletApprovalRequest;
      chain: ChainConfig;
      buttonText?: string;
      theme?: EmbeddedWalletApprovalTheme;
    },
  ): EmbeddedWalletApproval;
  /**
   * Mounts the key-export page of the connected wallet in `container` (EMBEDDED_WALLET_KEY_EXPORT
   * screen). The key is shown inside that frame only. @throws WalletError when no wallet is known.
   */
  mountExport(container: HTMLElement): EmbeddedWalletExport;
  /** The bridge in use (e.g. for `clear()` at logout). */
  readonly bridge: EmbeddedWalletBridge;
  /**
   * The MFA actions (issue 15): enrolment, verification, and the handler asked when the frame
   * refuses a share for want of MFA. `connect`, `recover` and the provider's requests retry
   * through {@link MfaClient.withMfa} (up to 4 attempts; 'MFA canceled', `mfa_timeout`).
   */
  readonly mfa: MfaClient;
  /**
   * Issue 15: makes sure this session may obtain the wallet's shares before a visible frame page
   * needs them (approval, export), which cannot be retried behind the user's click: loads the
   * wallet in the hidden frame through {@link MfaClient.withMfa}, so a `missing_or_invalid_mfa`
   * asks the MFA handler and retries (up to 4 attempts). Resolves at once when the hidden frame
   * still holds the key (it keeps it no longer than the session's verification).
   * Resolves at once for a user without MFA methods. `onDevice: false` (recovery on a device
   * without the wallet's share): asks the handler unless this page saw the session verified
   * lately (`mfa.verifiedUntil()`).
   * @throws WalletError `no_embedded_wallet`; the errors of {@link MfaClient.withMfa} ('MFA
   *   canceled', `mfa_timeout`, `missing_or_invalid_mfa`); the frame's other errors.
   */
  ensureMfa(options?: { onDevice?: boolean }): Promise<void>;
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
  const { bridge, mfa, shared: sharedBridge } = frameBridgeFor(client, parameters);
  // The frame's wallet calls, retried after an MFA verification when it refuses the auth share.
  const guarded: EmbeddedWalletBridge = {
    ...bridge,
    connect: (p) => mfa.withMfa(() => bridge.connect(p)),
    recover: (p) => mfa.withMfa(() => bridge.recover(p)),
    rpc: (p) => mfa.withMfa(() => bridge.rpc(p)),
  };
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
  let approver: ApproveSignature | null = null;
  let noPrompt: () => boolean = () => false;
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
      bridge: guarded,
      address,
      chains,
      chainId: provider?.chainId ?? parameters.defaultChainId,
      approve: (request) =>
        approver
          ? approver(request)
          : Promise.reject(
              new ProviderRpcError(PROVIDER_ERRORS.unauthorized.code, APPROVAL_SCREEN_NEEDED),
            ),
      noPrompt: () => noPrompt(),
    });
    const current = provider;
    const wallet = (): ConnectedWallet => ({
      address,
      chainType: 'ethereum',
      chainId: `eip155:${current.chainId}`,
      walletClientType: 'latchkey',
      connectorType: 'embedded',
      // Issue 22 item 4: a key the user imported (the wallet account's `imported`).
      imported: walletOfUser()?.imported === true,
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
          // An MFA prompt of the previous session has nothing left to unlock ('MFA canceled').
          mfa.verify.cancel();
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
      const result = await guarded.recover({ address });
      publish(result.address, recoveryMethod, result.deviceStorage);
      return { status: 'connected', address: result.address };
    }
    set({ status: 'needs-recovery', address, recoveryMethod });
    return { status: 'needs-recovery', address, recoveryMethod };
  }

  /** Refreshes the user, checks it has the created wallet, publishes it (spec section 4). */
  async function adoptCreated(
    created: { address: string; deviceStorage?: DeviceShareStorage },
    recoveryMethod: RecoveryMethod,
  ): Promise<{ address: string; user: User }> {
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
    publish(account.address, account.recoveryMethod ?? recoveryMethod, created.deviceStorage);
    return { address: account.address, user };
  }

  /** Posts `embedded_wallet_creation_failed` (fire and forget) and fails with `error`. */
  function creationFailed(error: unknown): never {
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

  /**
   * Adopts a visible page's custody outcome (password page, issue 24; cloud page, issue 23):
   * the wallet created, recovered or reshared there with `result.recoveryMethod`.
   */
  async function adoptCustodyPage(
    action: EmbeddedWalletPasswordAction,
    result: EmbeddedWalletPasswordResult,
  ): Promise<{ address: string; user?: User }> {
    if (action === 'create') {
      set({ status: 'creating' });
      try {
        return await adoptCreated(result, result.recoveryMethod);
      } catch (error) {
        return creationFailed(error);
      }
    }
    if (action === 'recover' || !provider || state.address !== result.address) {
      publish(result.address, result.recoveryMethod, result.deviceStorage);
    } else {
      set({ recoveryMethod: result.recoveryMethod, deviceStorage: result.deviceStorage ?? null });
    }
    if (action === 'recover') return { address: result.address };
    // Best effort: the user's wallet account now carries the new recovery method.
    const user = await client.refreshUser().catch(() => null);
    return { address: result.address, ...(user ? { user } : {}) };
  }

  /**
   * The wallet a visible custody page (password, cloud) acts on: none for `create`, else the
   * connected or the user's embedded wallet.
   * @throws WalletError `no_embedded_wallet` when an action but `create` has no wallet.
   */
  function custodyPageAddress(action: string): string | undefined {
    if (action === 'create') return undefined;
    const address = state.address ?? walletOfUser()?.address;
    if (!address) {
      throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
        code: 'no_embedded_wallet',
      });
    }
    return address;
  }

  /**
   * A visible custody page's failure: a creation reports `embedded_wallet_creation_failed`; a
   * session not bound to the frame's key moves the manager to its error state; rethrown.
   */
  function custodyPageFailed(action: string, error: unknown): never {
    if (action === 'create') return creationFailed(error);
    if (error instanceof WalletError && error.type === 'session_not_bound') fail(error);
    throw error;
  }

  return {
    bridge,
    mfa,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async create(p = {}) {
      if (p.recoveryMethod === 'user-passcode') {
        throw new WalletError(PASSWORD_IN_FRAME, { type: 'user_gesture_required' });
      }
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
        return await adoptCreated(created, p.recoveryMethod ?? 'latchkey');
      } catch (error) {
        return creationFailed(error);
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
          const result = await guarded.connect({ address: account.address });
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
    async recover() {
      const account = walletOfUser();
      if (!account) {
        return fail(
          new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, { code: 'no_embedded_wallet' }),
        );
      }
      const recoveryMethod = account.recoveryMethod ?? 'latchkey';
      if (recoveryMethod === 'user-passcode') {
        // Typed on the password page only (issue 24); the hidden frame would refuse it anyway.
        throw new WalletError(PASSWORD_IN_FRAME, { type: 'user_gesture_required' });
      }
      set({ status: 'connecting', address: account.address, recoveryMethod });
      try {
        const result = await guarded.recover({ address: account.address });
        publish(result.address, recoveryMethod, result.deviceStorage);
        return { address: result.address };
      } catch (error) {
        return fail(error);
      }
    },
    adoptPassword: adoptCustodyPage,
    async ensureMfa({ onDevice = true } = {}) {
      // A user without MFA needs nothing (the server refuses a stale answer anyway).
      if ((client.getState().user?.mfaMethods ?? []).length === 0) return;
      if (!onDevice) {
        // No device share to unlock with (recovery on a new device): ask unless this page saw
        // the session verified with a minute to spare; the server still decides.
        await mfa.withMfa(async () => {
          if (mfa.verifiedUntil() > Date.now() + 60_000) return;
          throw new WalletError(MFA_REQUIRED_MESSAGE, {
            type: 'missing_or_invalid_mfa',
            code: 'missing_or_invalid_mfa',
          });
        });
        return;
      }
      const address = state.address ?? walletOfUser()?.address;
      if (!address) {
        throw new WalletError(WALLET_ERROR_MESSAGES.noEmbeddedWallet, {
          code: 'no_embedded_wallet',
        });
      }
      await guarded.connect({ address, unlock: true });
    },
    mountPassword(container, { action, theme, appName }) {
      const address = custodyPageAddress(action);
      const frame = createEmbeddedWalletPasswordFrame({
        apiUrl: client.apiUrl,
        appId: client.appId,
        getAccessToken: () => client.getAccessToken(),
        container,
        action,
        ...(address ? { address } : {}),
        ...(theme ? { theme } : {}),
        ...(appName ? { appName } : {}),
      });
      const result = frame.result.then(
        async (out) => ({ ...out, ...(await adoptCustodyPage(action, out)) }),
        (error: unknown) => custodyPageFailed(action, error),
      );
      result.catch(() => {});
      return { iframe: frame.iframe, ready: frame.ready, result, destroy: () => frame.destroy() };
    },
    mountCloud(container, { action, provider, theme, returnUrl, oauthReturn }) {
      const address = custodyPageAddress(action);
      const origin = returnUrl ?? container.ownerDocument.defaultView?.location?.origin;
      const frame = createEmbeddedWalletCloudFrame({
        apiUrl: client.apiUrl,
        appId: client.appId,
        getAccessToken: () => client.getAccessToken(),
        container,
        action,
        provider,
        ...(address ? { address } : {}),
        ...(origin && origin !== 'null' ? { returnUrl: origin } : {}),
        ...(oauthReturn ? { oauthReturn } : {}),
        ...(theme ? { theme } : {}),
      });
      const result = frame.result.then(
        async (out) =>
          out.status === 'done' ? { ...out, ...(await adoptCustodyPage(action, out)) } : out,
        (error: unknown) => custodyPageFailed(action, error),
      );
      result.catch(() => {});
      return { iframe: frame.iframe, ready: frame.ready, result, destroy: () => frame.destroy() };
    },
    mountImport(container, { theme } = {}) {
      if (walletOfUser()) {
        throw new WalletError(WALLET_ERROR_MESSAGES.onlyOneWallet, {
          code: 'embedded_wallet_exists',
        });
      }
      const frame = createEmbeddedWalletImportFrame({
        apiUrl: client.apiUrl,
        appId: client.appId,
        getAccessToken: () => client.getAccessToken(),
        container,
        ...(theme ? { theme } : {}),
      });
      const result = frame.result.then(
        async (out) => {
          set({ status: 'creating' });
          try {
            return { ...out, ...(await adoptCreated(out, 'latchkey')) };
          } catch (error) {
            return fail(error);
          }
        },
        (error: unknown) => {
          if (error instanceof WalletError && error.type === 'session_not_bound') fail(error);
          throw error;
        },
      );
      result.catch(() => {});
      return { iframe: frame.iframe, ready: frame.ready, result, destroy: () => frame.destroy() };
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
    setApprover(next) {
      approver = next;
    },
    setNoPrompt(next) {
      noPrompt = next;
    },
    mountApproval(container, { request, chain, buttonText, theme }) {
      const address = state.address ?? walletOfUser()?.address;
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
        request,
        chain: { id: chain.id, name: chain.name, nativeCurrency: chain.nativeCurrency },
        ...(buttonText ? { buttonText } : {}),
        ...(theme ? { theme } : {}),
      });
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
