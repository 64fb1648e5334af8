/**
 * `createLatchkeyClient`: composes the session store (`store.ts`), the generic actions
 * (`actions/`) and every login method's actions (the registry `actions/methods/index.ts`) into the
 * public client (issue 11). The client's shape is unchanged.
 */
import type { ServerAppConfig } from '@latchkey/api';
import { acceptTerms } from '../actions/acceptTerms.ts';
import { type ApiClient, createApiClient } from '../api/createApiClient.ts';
import { type MessageOverrides, type Messages, resolveMessages } from '../messages.ts';
import {
  type AccountMethods,
  type MethodActions,
  type MethodLoaders,
  methodActions,
} from '../actions/methods/index.ts';
import { validateAppId } from '../validateAppId.ts';
import { createWalletRegistry, type WalletRegistry } from '../wallets/registry.ts';
import type { EmbeddedWalletBridge } from '../wallets/embedded/bridge.ts';
import { defaultStorage, type KeyValueStorage, safeStorage, storageKeys } from './storage.ts';
import {
  createSessionStore,
  type LockManagerLike,
  type SessionState,
  type SessionStore,
} from './store.ts';
import type { User } from './user.ts';
import { createWalletFrameBinding, type WalletBridgeModule } from './walletFrameBinding.ts';

export type { LockManagerLike, SessionState, SessionStatus } from './store.ts';

/** Parameters of {@link createLatchkeyClient}. */
export type CreateLatchkeyClientParameters = MethodLoaders & {
  /** App id, 25 characters (spec section 5). */
  appId: string;
  /** Base URL of the Latchkey API. */
  apiUrl: string;
  /** Where tokens live. Default: `localStorage` when usable, else memory. Failures fall back to memory. */
  storage?: KeyValueStorage;
  /** `fetch` to use; defaults to the global one. */
  fetch?: typeof fetch;
  /** Request timeout in ms. Default 20000. */
  timeoutMs?: number;
  /** Retries of idempotent requests. Default 3. */
  retries?: number;
  /** First retry delay in ms (doubles). Default 250. */
  retryDelayMs?: number;
  /** Clock, ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /** Cross-tab lock manager. Default `navigator.locks` when available; `null` disables. */
  locks?: LockManagerLike | null;
  /**
   * Where `storage` events of other tabs arrive, to follow their logins and logouts.
   * Default `globalThis` when it has `addEventListener` (a browser window); `null` disables.
   */
  storageEvents?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** Where warnings go. Default `console`. */
  logger?: { warn(...args: unknown[]): void };
  /** String overrides (see `messages`). */
  messages?: MessageOverrides;
  /**
   * Loads the wallet frame bridge (`() => import('@latchkey/core/wallet-bridge')`, a small lazy
   * chunk without viem; issue 10). With it, every login carries a DPoP proof by the wallet
   * frame's own key and the session is bound to that key: only that frame can obtain the user's
   * wallet shares, never a stolen token. Without it, sessions are unbound and the embedded wallet
   * answers `session_not_bound`. `LatchkeyProvider` passes it.
   */
  walletFrame?: () => Promise<WalletBridgeModule>;
  /** How long a login waits for the wallet frame's proof, in ms. Default 10000. */
  loginProofTimeoutMs?: number;
};

/**
 * The framework-free Latchkey client: config, session, every login method's actions
 * ({@link MethodActions}, from `methods/<id>/actions.ts`) and, from {@link AccountMethods},
 * linking, unlinking, account updates and terms consent (issue 6).
 */
export interface LatchkeyClient extends AccountMethods, MethodActions {
  readonly appId: string;
  readonly apiUrl: string;
  readonly api: ApiClient;
  /** The wallets usable in this page (embedded and external); emptied on logout. */
  readonly wallets: WalletRegistry;
  /** The server app config, fetched once and cached; a failure is not cached. */
  getAppConfig(): Promise<ServerAppConfig>;
  /**
   * Restores the session from storage (idempotent; later calls share the first promise).
   * Never rejects: on failure the status becomes `unauthenticated` and the tokens are kept.
   */
  initialize(): Promise<void>;
  /** The current state (same object until it changes). */
  getState(): SessionState;
  /** Calls `listener` on every state change. @returns unsubscribe */
  subscribe(listener: (state: SessionState) => void): () => void;
  /** A valid access token, refreshed when it expires within 60 s; null when logged out. */
  getAccessToken(): Promise<string | null>;
  /** Forces a session refresh (spec section 4); null when the session is gone. */
  refreshSession(): Promise<User | null>;
  /**
   * Forks the session (`POST /api/v1/sessions/fork`, spec section 7, issue 21): this session
   * rotates as on a refresh, and a second, independent session of the same user starts (its own
   * tokens: logging one out leaves the other). The second session is bound to the same wallet
   * frame key as this one, so its holder reaches the embedded wallet only through this page's
   * wallet frame, and it passes MFA on its own.
   * @returns the second session's refresh token, or null when logged out or the session is gone.
   * @throws ApiError on a rate limit or network failure (this session kept).
   * @example const handOff = await client.forkSession(); // give it to a worker, a second tab...
   */
  forkSession(): Promise<string | null>;
  /**
   * Starts this client from a refresh token of {@link forkSession} (spec section 7, "refresh from
   * forked token"): logs out a session it held, then refreshes with the token.
   * @returns the user, or null when the token is not (or no longer) valid.
   */
  restoreForkedSession(refreshToken: string): Promise<User | null>;
  /** Re-reads the user from `GET /api/v1/users/me`; null when logged out. */
  refreshUser(): Promise<User | null>;
  /** Logs out: tells the API (best effort) and always clears local state. */
  logout(): Promise<void>;
  /**
   * Makes `user` the session's user, as a link or unlink answer does: for the account updates
   * made through the wallet frame (MFA enrolment and removal, issue 15). @internal
   */
  setUser?(user: User): void;
  /** Stops listening to other tabs and drops every subscriber. The client stays usable. */
  destroy(): void;
  /**
   * Starts loading the wallet frame so the next login's DPoP proof is ready quickly (the modal
   * calls it when it opens). Does nothing without the `walletFrame` loader.
   */
  prepareLogin(): void;
  /**
   * The page's one wallet frame bridge, made with `create` on first use and shared by the login
   * proofs and the embedded wallet manager (issue 10). @internal
   */
  sharedWalletBridge(
    create: WalletBridgeModule['createEmbeddedWalletBridge'],
  ): EmbeddedWalletBridge;
}

/**
 * Creates the Latchkey client (spec sections 3, 4 and 6).
 *
 * Session refresh rules (spec section 4):
 * - `missing_or_invalid_token` from the server: local state destroyed, null returned,
 *   `console.warn('Unable to refresh tokens - token is missing or no longer valid')`.
 * - `session_update_action` `set` stores both tokens, `clear` destroys local state,
 *   `ignore` stores only the access token if given (and marks that server cookies may exist),
 *   no action stores both.
 * - An access token whose `aud` is not the app id logs the user out.
 * - Concurrent refreshes share one request; across tabs they are serialised with
 *   `navigator.locks` (`latchkey-refresh-<appId>`) and storage is re-read inside the lock,
 *   because reusing a rotated refresh token revokes the whole session.
 * - `storage` events of other tabs are followed: their logout logs this tab out, their login
 *   fetches the user here. Call `destroy()` to stop listening.
 *
 * @param parameters - See {@link CreateLatchkeyClientParameters}.
 * @returns A {@link LatchkeyClient}; call `initialize()` once at start-up.
 * @throws {InvalidAppIdError} when `appId` is not a 25-character string.
 * @example
 * const client = createLatchkeyClient({ appId, apiUrl: 'http://localhost:8787' });
 * await client.initialize();
 * client.subscribe(({ status, user }) => render(status, user));
 */
export function createLatchkeyClient(parameters: CreateLatchkeyClientParameters): LatchkeyClient {
  validateAppId(parameters.appId);
  const appId = parameters.appId;
  const keys = storageKeys(appId);
  const storage = safeStorage(parameters.storage ?? defaultStorage());
  const logger = parameters.logger ?? console;
  const text: Messages = resolveMessages(parameters.messages);

  const walletFrame = createWalletFrameBinding({
    apiUrl: parameters.apiUrl,
    appId,
    load: parameters.walletFrame,
    getAccessToken: () => store.getAccessToken(),
    timeoutMs: parameters.loginProofTimeoutMs,
    logger,
  });

  const api = createApiClient({
    appId,
    apiUrl: parameters.apiUrl,
    fetch: parameters.fetch,
    timeoutMs: parameters.timeoutMs,
    retries: parameters.retries,
    retryDelayMs: parameters.retryDelayMs,
    getAccessToken: () => storage.getItem(keys.token),
    loginProof: (htu, serverNowMs) => walletFrame.proof(htu, serverNowMs),
  });

  const store: SessionStore = createSessionStore({
    appId,
    api,
    storage,
    keys,
    text,
    wallets: createWalletRegistry(),
    now: parameters.now ?? (() => Date.now()),
    logger,
    locks:
      parameters.locks === undefined
        ? ((globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks ?? null)
        : parameters.locks,
    storageEvents:
      parameters.storageEvents === undefined
        ? typeof (globalThis as { addEventListener?: unknown }).addEventListener === 'function'
          ? (globalThis as unknown as Pick<EventTarget, 'addEventListener' | 'removeEventListener'>)
          : null
        : parameters.storageEvents,
  });

  return {
    ...methodActions(store, parameters, walletFrame.shared),
    appId,
    apiUrl: api.apiUrl,
    api,
    wallets: store.wallets,
    getAppConfig: store.getAppConfig,
    initialize: store.initialize,
    getState: store.getState,
    subscribe: store.subscribe,
    getAccessToken: store.getAccessToken,
    refreshSession: () => store.refresh(true),
    forkSession: store.fork,
    restoreForkedSession: store.adoptRefreshToken,
    refreshUser: store.refreshUser,
    logout: store.logout,
    setUser: store.setUser,
    acceptTerms: () => acceptTerms(store),
    destroy: store.destroy,
    prepareLogin: () => walletFrame.prepare(),
    sharedWalletBridge: walletFrame.shared,
  };
}
