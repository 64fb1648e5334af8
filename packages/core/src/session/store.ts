/**
 * The session store (spec section 4; issue 11): the session state and its listeners, the
 * stored tokens, `applySession`, refresh (single-flight in a tab, Web Locks across tabs),
 * restore at start-up, logout and cross-tab sync. Login methods and actions act on it
 * (`actions/`, `methods/<id>/actions.ts`); `createLatchkeyClient` composes them.
 */
import {
  ACCESS_TOKEN_REFRESH_MARGIN_S,
  type ForkSessionResponse,
  type ServerAppConfig,
  type SessionResponse,
} from '@latchkey/api';
import type { ApiClient } from '../api/createApiClient.ts';
import { ApiError } from '../errors/request.ts';
import type { Messages } from '../messages.ts';
import type { WalletRegistry } from '../wallets/registry.ts';
import { audienceMatches, decodeJwtPayload, isExpiring } from './jwt.ts';
import type { KeyValueStorage, storageKeys } from './storage.ts';
import { toUser, type User } from './user.ts';

/** Whether a user is logged in. `loading` until {@link SessionStore.initialize} settles. */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/**
 * The session as the UI sees it. The object is replaced (never mutated) on every change,
 * so it can feed React's `useSyncExternalStore` directly.
 */
export type SessionState = { status: SessionStatus; user: User | null };

/** The Web Locks API subset used to serialise refreshes across tabs. */
export type LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
};

/** Parameters of {@link createSessionStore}. */
export type CreateSessionStoreParameters = {
  /** App id, 25 characters (already validated). */
  appId: string;
  /** The API client (its bearer is the stored access token). */
  api: ApiClient;
  /** Where tokens live (already wrapped by `safeStorage`). */
  storage: KeyValueStorage;
  /** The app's storage keys (`storageKeys(appId)`). */
  keys: ReturnType<typeof storageKeys>;
  /** The resolved strings. */
  text: Messages;
  /** The page's wallets; emptied on logout. */
  wallets: WalletRegistry;
  /** Clock, ms since the epoch. */
  now: () => number;
  /** Where warnings go. */
  logger: { warn(...args: unknown[]): void };
  /** Cross-tab lock manager, or null. */
  locks: LockManagerLike | null;
  /** Where other tabs' `storage` events arrive, or null. */
  storageEvents: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
};

/**
 * The session store every action works on (issue 11). State changes notify the subscribers;
 * a listener that throws is logged and skipped.
 */
export interface SessionStore {
  readonly appId: string;
  readonly api: ApiClient;
  readonly text: Messages;
  readonly wallets: WalletRegistry;
  /** The current state (same object until it changes). */
  getState(): SessionState;
  /** Calls `listener` on every state change. @returns unsubscribe */
  subscribe(listener: (state: SessionState) => void): () => void;
  /** Makes `user` the session's user (status `authenticated`). */
  setUser(user: User): void;
  /**
   * Applies a session answer (login or refresh) per spec section 4: `session_update_action`
   * `set` (or none) stores both tokens, `ignore` only the access token (and marks server
   * cookies), `clear` destroys local state; a token for another app logs out.
   * @returns the user, or null when the answer ended the session.
   */
  applySession(response: SessionResponse): Promise<User | null>;
  /** A valid access token, refreshed when it expires within 60 s; null when logged out. */
  getAccessToken(): Promise<string | null>;
  /**
   * Refreshes the session (`POST /api/v1/sessions`), one at a time in this tab and across tabs.
   * With `force` false, a token another tab refreshed meanwhile is adopted without a request.
   * @returns the user, or null when the session is gone.
   */
  refresh(force: boolean): Promise<User | null>;
  /**
   * Forks the session (`POST /api/v1/sessions/fork`, issue 21): this client's session rotates as
   * on a refresh (its new tokens are stored), and a second, independent session of the same
   * user starts on the server, bound to the same wallet frame key as this one.
   * Serialised with refreshes (in this tab and, with `locks`, across tabs).
   * @returns the new session's refresh token (opaque; hand it to whoever should hold the second
   *   session), or null when logged out or the session is gone (local state then destroyed).
   * @throws ApiError (rate limits, network) as a refresh does, local state kept.
   */
  fork(): Promise<string | null>;
  /**
   * Makes a refresh token from {@link fork} (of this app) this client's session: a session
   * this client held is logged out first, then the token is refreshed (`POST /api/v1/sessions`,
   * spec section 7, "refresh from forked token").
   * @returns the user, or null when the token is not (or no longer) valid.
   */
  adoptRefreshToken(refreshToken: string): Promise<User | null>;
  /** Restores the session from storage once (later calls share the first promise). Never rejects. */
  initialize(): Promise<void>;
  /** Re-reads the user from `GET /api/v1/users/me`; null when logged out. */
  refreshUser(): Promise<User | null>;
  /** Logs out: tells the API (best effort) and always clears local state. */
  logout(): Promise<void>;
  /** The server app config, fetched once and cached; a failure is not cached. */
  getAppConfig(): Promise<ServerAppConfig>;
  /** Stops listening to other tabs and drops every subscriber. */
  destroy(): void;
  /**
   * A value kept with this session in the client's storage and cleared with it (logout, a
   * refused refresh, another tab's logout): e.g. the provider access tokens of cross-app
   * accounts (issue 21). JSON values only; undefined when unset or unreadable.
   */
  getSessionData(name: string): unknown;
  /** Sets (or, with undefined, removes) a value of {@link getSessionData}. */
  setSessionData(name: string, value: unknown): void;
}

/**
 * Creates the session store (spec section 4).
 *
 * Refresh rules: `missing_or_invalid_token` from the server destroys local state, answers null
 * and warns `text.refreshTokenInvalid`; an access token whose `aud` is not the app id logs the
 * user out; concurrent refreshes share one request, and across tabs they are serialised with
 * `locks` (`latchkey-refresh-<appId>`) with storage re-read inside the lock, because reusing a
 * rotated refresh token revokes the whole session. Other tabs' `storage` events are followed:
 * their logout logs this tab out, their login fetches the user here.
 *
 * @param parameters - See {@link CreateSessionStoreParameters}.
 * @returns A {@link SessionStore} in state `loading`.
 */
export function createSessionStore(parameters: CreateSessionStoreParameters): SessionStore {
  const { appId, api, storage, keys, text, wallets, now, logger, locks } = parameters;
  let state: SessionState = { status: 'loading', user: null };
  const listeners = new Set<(state: SessionState) => void>();
  /** Bumped whenever local state is destroyed, so a refresh in flight cannot resurrect it. */
  let epoch = 0;
  let configPromise: Promise<ServerAppConfig> | null = null;
  let initPromise: Promise<void> | null = null;
  let refreshInFlight: Promise<User | null> | null = null;

  function setState(next: SessionState) {
    if (next.status === state.status && next.user === state.user) return;
    state = next;
    for (const listener of [...listeners]) {
      try {
        listener(state);
      } catch (error) {
        logger.warn('Latchkey: a session listener threw', error);
      }
    }
  }

  function read() {
    return {
      token: storage.getItem(keys.token),
      refreshToken: storage.getItem(keys.refreshToken),
      cookies: storage.getItem(keys.cookies) === 'true',
    };
  }

  function store(key: string, value: string | null) {
    if (value) storage.setItem(key, value);
    else storage.removeItem(key);
  }

  function destroyLocalState() {
    epoch++;
    storage.removeItem(keys.token);
    storage.removeItem(keys.refreshToken);
    storage.removeItem(keys.cookies);
    storage.removeItem(keys.sessionData);
    wallets.clear();
    setState({ status: 'unauthenticated', user: null });
  }

  /** True when the token names this app; otherwise the caller must log out. */
  function tokenIsForThisApp(token: string): boolean {
    const claims = decodeJwtPayload(token);
    return claims !== null && audienceMatches(claims, appId);
  }

  function tokenIsFresh(token: string): boolean {
    const claims = decodeJwtPayload(token);
    return claims !== null && !isExpiring(claims, now(), ACCESS_TOKEN_REFRESH_MARGIN_S);
  }

  async function applySession(response: SessionResponse): Promise<User | null> {
    const { token, refresh_token: refreshToken } = response;
    const action = response.session_update_action as
      SessionResponse['session_update_action'] | undefined;
    if (token && !tokenIsForThisApp(token)) {
      logger.warn('Latchkey: the access token was issued for another app; logging out');
      await logout();
      return null;
    }
    switch (action) {
      case 'clear':
        destroyLocalState();
        return null;
      case 'ignore':
        if (token) store(keys.token, token);
        storage.setItem(keys.cookies, 'true');
        break;
      default:
        // 'set' and no action: store both.
        store(keys.token, token);
        store(keys.refreshToken, refreshToken);
        if (!refreshToken) storage.setItem(keys.cookies, 'true');
        else storage.removeItem(keys.cookies);
    }
    const user = toUser(response.user);
    setState({ status: 'authenticated', user });
    return user;
  }

  function withLock<T>(fn: () => Promise<T>): Promise<T> {
    return locks ? locks.request(`latchkey-refresh-${appId}`, fn) : fn();
  }

  function refresh(force: boolean): Promise<User | null> {
    if (refreshInFlight) return refreshInFlight;
    const tokenBefore = storage.getItem(keys.token);
    refreshInFlight = withLock(async () => {
      const { token, refreshToken, cookies } = read();
      if (!force && token && token !== tokenBefore && tokenIsFresh(token)) return state.user;
      if (!token && !refreshToken && !cookies) {
        if (state.status !== 'unauthenticated') destroyLocalState();
        return null;
      }
      const startEpoch = epoch;
      let response: SessionResponse;
      try {
        response = await api.refreshSession(refreshToken ? { refresh_token: refreshToken } : {}, {
          accessToken: token,
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'missing_or_invalid_token') {
          logger.warn(text.refreshTokenInvalid);
          destroyLocalState();
          return null;
        }
        throw error;
      }
      if (epoch !== startEpoch) return null; // logged out meanwhile
      return applySession(response);
    }).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function fork(): Promise<string | null> {
    // One rotation of the refresh token at a time: after a refresh this tab has in flight.
    if (refreshInFlight) await refreshInFlight.catch(() => null);
    return withLock(async () => {
      const { token, refreshToken, cookies } = read();
      if (!refreshToken && !cookies) return null;
      const startEpoch = epoch;
      let response: ForkSessionResponse;
      try {
        response = await api.forkSession(refreshToken ? { refresh_token: refreshToken } : {}, {
          accessToken: token,
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'missing_or_invalid_token') {
          logger.warn(text.refreshTokenInvalid);
          destroyLocalState();
          return null;
        }
        throw error;
      }
      if (epoch !== startEpoch) return null; // logged out meanwhile
      const user = await applySession(response);
      return user ? response.new_session_refresh_token : null;
    });
  }

  async function adoptRefreshToken(refreshToken: string): Promise<User | null> {
    const held = read();
    if (held.token || held.refreshToken || held.cookies) await logout();
    store(keys.refreshToken, refreshToken);
    return refresh(true);
  }

  async function restore(): Promise<void> {
    try {
      const { token, refreshToken, cookies } = read();
      if (token) {
        if (!tokenIsForThisApp(token)) {
          await logout();
          return;
        }
        if (tokenIsFresh(token)) {
          const startEpoch = epoch;
          try {
            const { user } = await api.getMe({ accessToken: token });
            if (epoch === startEpoch) setState({ status: 'authenticated', user: toUser(user) });
            return;
          } catch (error) {
            if (!(error instanceof ApiError && error.code === 'missing_or_invalid_token'))
              throw error;
          }
        }
      }
      if (token || refreshToken || cookies) await refresh(true);
    } catch (error) {
      logger.warn('Latchkey: could not restore the session', error);
    } finally {
      if (state.status === 'loading') setState({ status: 'unauthenticated', user: null });
    }
  }

  async function getAccessToken(): Promise<string | null> {
    if (initPromise && state.status === 'loading') await initPromise;
    const { token, refreshToken, cookies } = read();
    if (token) {
      if (!tokenIsForThisApp(token)) {
        await logout();
        return null;
      }
      if (tokenIsFresh(token)) return token;
    } else if (!refreshToken && !cookies) {
      // Another tab may have logged out: follow it.
      if (state.status === 'authenticated') setState({ status: 'unauthenticated', user: null });
      return null;
    }
    await refresh(false);
    const next = storage.getItem(keys.token);
    return next && tokenIsForThisApp(next) ? next : null;
  }

  async function logout(): Promise<void> {
    const { token, refreshToken } = read();
    destroyLocalState();
    try {
      await api.logout(refreshToken ? { refresh_token: refreshToken } : {}, { accessToken: token });
    } catch {
      // Best effort: local state is already gone.
    }
  }

  async function refreshUser(): Promise<User | null> {
    const token = await getAccessToken();
    if (!token && !read().cookies) {
      if (state.status !== 'unauthenticated') setState({ status: 'unauthenticated', user: null });
      return null;
    }
    const startEpoch = epoch;
    try {
      const { user } = await api.getMe({ accessToken: token });
      if (epoch !== startEpoch) return null;
      const next = toUser(user);
      setState({ status: 'authenticated', user: next });
      return next;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'missing_or_invalid_token') {
        return refresh(true);
      }
      throw error;
    }
  }

  /**
   * Another tab changed this app's tokens: a removed token means it logged out; a new token
   * while logged out here means it logged in, so fetch the user.
   */
  function onStorage(event: Event) {
    const key = (event as { key?: string | null }).key;
    if (key !== null && key !== keys.token) return; // null: the other tab cleared all storage
    const { token, refreshToken, cookies } = read();
    if (!token && !refreshToken && !cookies) {
      if (state.status === 'authenticated') setState({ status: 'unauthenticated', user: null });
    } else if (token && state.status === 'unauthenticated') {
      refreshUser().catch((error: unknown) => {
        logger.warn('Latchkey: could not follow a login in another tab', error);
      });
    }
  }
  const events = parameters.storageEvents;
  events?.addEventListener('storage', onStorage);

  function readSessionData(): Record<string, unknown> {
    try {
      const value: unknown = JSON.parse(storage.getItem(keys.sessionData) ?? '{}');
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  return {
    getSessionData: (name) => readSessionData()[name],
    setSessionData(name, value) {
      const data = readSessionData();
      if (value === undefined) delete data[name];
      else data[name] = value;
      if (Object.keys(data).length === 0) storage.removeItem(keys.sessionData);
      else storage.setItem(keys.sessionData, JSON.stringify(data));
    },
    appId,
    api,
    text,
    wallets,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setUser: (user) => setState({ status: 'authenticated', user }),
    applySession,
    getAccessToken,
    refresh,
    fork,
    adoptRefreshToken,
    initialize() {
      if (!initPromise) initPromise = restore();
      return initPromise;
    },
    refreshUser,
    logout,
    getAppConfig() {
      if (!configPromise) {
        configPromise = api.getAppConfig().catch((error: unknown) => {
          configPromise = null;
          throw error;
        });
      }
      return configPromise;
    },
    destroy() {
      events?.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}
