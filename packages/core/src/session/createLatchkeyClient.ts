import {
  ACCESS_TOKEN_REFRESH_MARGIN_S,
  type AuthenticateResponse,
  isEmailAddress,
  type OAuthProvider,
  type ServerAppConfig,
  type SessionResponse,
  ROUTES,
  type SiweAuthenticateRequest,
  type UserWire,
} from '@latchkey/api';
import { type ApiClient, createApiClient } from '../api/createApiClient.ts';
import { LatchkeyError } from '../errors/base.ts';
import { ApiError } from '../errors/request.ts';
import { AlreadyLoggedInError, InvalidInputError } from '../errors/session.ts';
import { type MessageOverrides, type Messages, resolveMessages } from '../messages.ts';
import type { InitOAuthOptions } from '../methods/oauth/flow.ts';
import { type OAuthReturn, openOAuthPopup } from '../methods/oauth/oauth.ts';
import type { PasskeyCeremonies } from '../passkey/types.ts';
import { validateAppId } from '../validateAppId.ts';
import { type AccountMethods, createAccountMethods } from './accounts.ts';
import { audienceMatches, decodeJwtPayload, isExpiring } from './jwt.ts';
import { createWalletRegistry, type WalletRegistry } from '../wallets/registry.ts';
import { defaultStorage, type KeyValueStorage, safeStorage, storageKeys } from './storage.ts';
import { createWalletFrameBinding, type WalletBridgeModule } from './walletFrameBinding.ts';
import type { EmbeddedWalletBridge } from '../wallets/embedded/bridge.ts';
import { type AuthenticateResult, toUser, type User } from './user.ts';

/** Whether a user is logged in. `loading` until {@link LatchkeyClient.initialize} settles. */
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

/** Parameters of {@link createLatchkeyClient}. */
export type CreateLatchkeyClientParameters = {
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
   * Loads the browser half of passkeys, e.g. `() => import('@latchkey/core/passkey')` (a lazy
   * chunk: @simplewebauthn/browser stays out of the eager bundle). Without it the passkey
   * methods throw `passkey_unsupported`. `LatchkeyProvider` passes it.
   */
  passkeys?: () => Promise<PasskeyCeremonies>;
  /**
   * Loads the social-login half (`() => import('@latchkey/core/oauth')`, issue 5) on first use,
   * so it stays out of the eager bundle. Without it `initOAuth` / `completeOAuth` throw
   * `oauth_unsupported`. `LatchkeyProvider` passes it.
   */
  oauth?: () => Promise<typeof import('../methods/oauth/index.ts')>;
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

/** Parameters of {@link LatchkeyClient.sendEmailCode}. */
export type SendEmailCodeParameters = { email: string; captchaToken?: string };
/** Parameters of {@link LatchkeyClient.loginWithEmailCode}. */
export type LoginWithEmailCodeParameters = { email: string; code: string };

/** Parameters of {@link LatchkeyClient.sendSmsCode}: E.164 or '+callingcode number'. */
export type SendSmsCodeParameters = { phoneNumber: string; captchaToken?: string };
/**
 * Options of {@link LatchkeyClient.signupWithPasskey} and {@link LatchkeyClient.loginWithPasskey}.
 * `captchaToken` goes as `token` in the init call's body (apps with a captcha; issue 6).
 */
export type PasskeyLoginOptions = { captchaToken?: string };

/** Parameters of {@link LatchkeyClient.loginWithSmsCode}. */
export type LoginWithSmsCodeParameters = { phoneNumber: string; code: string };

/**
 * The framework-free Latchkey client: config, session, login methods, and (from
 * {@link AccountMethods}) linking, unlinking, email update and terms consent (issue 6).
 */
export interface LatchkeyClient extends AccountMethods {
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
  /** Sends a login code by email (spec section 4). Never retried. */
  sendEmailCode(parameters: SendEmailCodeParameters): Promise<void>;
  /** Logs in (or signs up) with an emailed code (spec section 4). */
  loginWithEmailCode(parameters: LoginWithEmailCodeParameters): Promise<AuthenticateResult>;
  /**
   * Texts a login code (spec section 4; `POST /api/v1/passwordless_sms/init`). Never retried.
   * `phoneNumber` is the phone input's `qualifiedPhoneNumber` ('+1 4155552671') or E.164.
   * @throws {InvalidInputError} for an empty number; `ApiError` `invalid_data` for one the server
   *   cannot parse, `not_supported` / `twilio_verification_failed` from the SMS provider.
   */
  sendSmsCode(parameters: SendSmsCodeParameters): Promise<void>;
  /** Logs in (or signs up) with a texted code (`POST /api/v1/passwordless_sms/authenticate`). */
  loginWithSmsCode(parameters: LoginWithSmsCodeParameters): Promise<AuthenticateResult>;
  /**
   * Logs in (or signs up) with a signed EIP-4361 message (spec sections 4 and 7,
   * `POST /api/v1/siwe/authenticate`). Get the nonce first with `api.siweInit`.
   * @throws {AlreadyLoggedInError} when logged in; `ApiError` as the server answers.
   */
  loginWithSiwe(parameters: SiweAuthenticateRequest): Promise<AuthenticateResult>;
  /**
   * Links a wallet to the logged-in user with a signed EIP-4361 message
   * (`POST /api/v1/siwe/link`). @returns the updated user.
   */
  linkWithSiwe(parameters: SiweAuthenticateRequest): Promise<User>;
  /**
   * Signs up with a new passkey (spec section 4; `POST /api/v1/passkeys/register/init`, the
   * browser's create dialog, then `POST /api/v1/passkeys/register/authenticate`).
   * @throws {AlreadyLoggedInError} when logged in; `LatchkeyError` `passkey_not_allowed` when the
   *   user cancels or the dialog times out; `ApiError` as the server answers.
   */
  signupWithPasskey(options?: PasskeyLoginOptions): Promise<AuthenticateResult>;
  /**
   * Logs in with a passkey the browser already has (discoverable credentials;
   * `POST /api/v1/passkeys/authenticate/init`, the browser's dialog, then
   * `POST /api/v1/passkeys/authenticate`). Errors as {@link signupWithPasskey}.
   */
  loginWithPasskey(options?: PasskeyLoginOptions): Promise<AuthenticateResult>;
  /**
   * Adds a passkey to the logged-in user (`POST /api/v1/passkeys/register/link`; at most 5,
   * else `ApiError` `cannot_link_more_of_type`). @returns the updated user.
   */
  linkPasskey(): Promise<User>;
  /**
   * Starts a social login (issue 5). Call it synchronously in the click handler: it opens the
   * popup before any await, and falls back to a full-page redirect when the popup is blocked.
   * The client makes the PKCE verifier and state code (kept in sessionStorage).
   * @returns the login result with `oAuthTokens` (popup), or null when the page is leaving for
   *   the provider (redirect; the return page completes with {@link completeOAuth}).
   * @throws `LatchkeyError` `oauth_unexpected` ('Unexpected auth flow. This may be a phishing
   *   attempt.') on a state mismatch, `oauth_user_denied` when the user denied; `ApiError` as
   *   the server answers (`invalid_credentials`, `linked_to_another_user`, ...).
   */
  initOAuth(
    provider: OAuthProvider,
    options?: InitOAuthOptions,
  ): Promise<AuthenticateResult | null>;
  /**
   * Completes a social login from the return page's `latchkey_oauth_code`,
   * `latchkey_oauth_state` and `latchkey_oauth_provider` (redirect mode). Errors as
   * {@link initOAuth}. A flow started by `linkOAuth` links instead (`POST /api/v1/oauth/link`
   * with the bearer token) and resolves `{user, isNewUser: false}`.
   */
  completeOAuth(returned: OAuthReturn): Promise<AuthenticateResult>;
  /** A valid access token, refreshed when it expires within 60 s; null when logged out. */
  getAccessToken(): Promise<string | null>;
  /** Forces a session refresh (spec section 4); null when the session is gone. */
  refreshSession(): Promise<User | null>;
  /** Re-reads the user from `GET /api/v1/users/me`; null when logged out. */
  refreshUser(): Promise<User | null>;
  /** Logs out: tells the API (best effort) and always clears local state. */
  logout(): Promise<void>;
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
 * await client.sendEmailCode({ email: 'alice@example.com' });
 * const { user, isNewUser } = await client.loginWithEmailCode({ email: 'alice@example.com', code: '123456' });
 */
export function createLatchkeyClient(parameters: CreateLatchkeyClientParameters): LatchkeyClient {
  validateAppId(parameters.appId);
  const appId = parameters.appId;
  const wallets = createWalletRegistry();
  const keys = storageKeys(appId);
  const storage = safeStorage(parameters.storage ?? defaultStorage());
  const now = parameters.now ?? (() => Date.now());
  const logger = parameters.logger ?? console;
  const text: Messages = resolveMessages(parameters.messages);
  const locks =
    parameters.locks === undefined
      ? ((globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks ?? null)
      : parameters.locks;

  const walletFrame = createWalletFrameBinding({
    apiUrl: parameters.apiUrl,
    appId,
    load: parameters.walletFrame,
    getAccessToken: () => getAccessToken(),
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

  /**
   * Applies a session answer (login or refresh) per spec section 4.
   * @returns the user, or null when the answer ended the session.
   */
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

  /**
   * One refresh at a time in this tab (single-flight) and across tabs (Web Locks).
   * With `force` false, a token another tab refreshed meanwhile is adopted without a request.
   */
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
      client.refreshUser().catch((error: unknown) => {
        logger.warn('Latchkey: could not follow a login in another tab', error);
      });
    }
  }
  const events =
    parameters.storageEvents === undefined
      ? typeof (globalThis as { addEventListener?: unknown }).addEventListener === 'function'
        ? (globalThis as unknown as Pick<EventTarget, 'addEventListener' | 'removeEventListener'>)
        : null
      : parameters.storageEvents;
  events?.addEventListener('storage', onStorage);

  async function loadPasskeys(): Promise<PasskeyCeremonies> {
    if (!parameters.passkeys) {
      throw new LatchkeyError(text.passkeyUnknownError, {
        code: 'passkey_unsupported',
        details: "Pass `passkeys: () => import('@latchkey/core/passkey')` to createLatchkeyClient",
      });
    }
    return parameters.passkeys();
  }

  async function loadOAuth() {
    if (!parameters.oauth) {
      throw new LatchkeyError('Social login is not available in this build.', {
        code: 'oauth_unsupported',
        details: "Pass `oauth: () => import('@latchkey/core/oauth')` to createLatchkeyClient",
      });
    }
    return parameters.oauth();
  }

  /**
   * One passkey ceremony: options from `initPath`, the browser's dialog, then the matching
   * finish call (registration: sign-up, or link with `token`; authentication: log in).
   */
  async function passkeyCeremony<T = AuthenticateResponse>(
    initPath: string,
    token: string | null,
    captchaToken?: string,
  ): Promise<T> {
    if (!token && state.status === 'authenticated') {
      throw new AlreadyLoggedInError(text.alreadyLoggedIn);
    }
    const ceremonies = await loadPasskeys();
    const register = initPath === ROUTES.passkeyRegisterInit;
    const post = <R>(path: string, body: unknown) =>
      api.request<R>({ method: 'POST', path, body, accessToken: token });
    const { options } = await post<{ options: Record<string, unknown> }>(
      initPath,
      captchaToken && !token ? { token: captchaToken } : {},
    );
    const response = await (register
      ? ceremonies.createPasskey(options)
      : ceremonies.getPasskey(options));
    return post<T>(
      register
        ? token
          ? ROUTES.passkeyRegisterLink
          : ROUTES.passkeyRegisterAuthenticate
        : ROUTES.passkeyAuthenticate,
      { response },
    );
  }

  async function loginAnswer(response: AuthenticateResponse): Promise<AuthenticateResult> {
    const user = await applySession(response);
    if (!user) {
      throw new LatchkeyError('The login did not create a session.', {
        code: 'session_not_created',
        details: `session_update_action ${response.session_update_action}, or a token for another app`,
      });
    }
    return { user, isNewUser: response.is_new_user };
  }

  /**
   * The bearer token for a code send: while logged in (link and update-email flows) the
   * server skips the captcha gate for authenticated inits; logged out, none is sent.
   */
  async function bearerIfLoggedIn(): Promise<string | null> {
    return state.status === 'authenticated' ? getAccessToken() : null;
  }

  function setUser(user: User) {
    setState({ status: 'authenticated', user });
  }

  function oauthDeps() {
    return {
      appId,
      api,
      login: loginAnswer,
      getAccessToken,
      link: async (wire: UserWire) => {
        const user = toUser(wire);
        setUser(user);
        return user;
      },
    };
  }

  const accounts = createAccountMethods({
    api,
    text,
    currentUser: () => (state.status === 'authenticated' ? state.user : null),
    getAccessToken,
    setUser,
    linkOAuth(provider, options = {}) {
      if (state.status !== 'authenticated') {
        return Promise.reject(
          new LatchkeyError(text.mustBeLoggedInToLink, { code: 'missing_or_invalid_token' }),
        );
      }
      // Synchronously, inside the user's gesture: before any await.
      const popup = options.redirect ? null : openOAuthPopup(appId);
      return loadOAuth().then(
        (m) =>
          m
            .startOAuthFlow(oauthDeps(), provider, popup, options, 'link')
            .then((result) => result?.user ?? null),
        (error: unknown) => {
          popup?.close();
          throw error;
        },
      );
    },
  });

  const client: LatchkeyClient = {
    ...accounts,
    appId,
    apiUrl: api.apiUrl,
    api,
    wallets,
    getAppConfig() {
      if (!configPromise) {
        configPromise = api.getAppConfig().catch((error: unknown) => {
          configPromise = null;
          throw error;
        });
      }
      return configPromise;
    },
    initialize() {
      if (!initPromise) initPromise = restore();
      return initPromise;
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async sendEmailCode({ email, captchaToken }) {
      if (!isEmailAddress(email)) throw new InvalidInputError(text.invalidEmail);
      await api.sendEmailCode(
        { email: email.trim(), ...(captchaToken ? { token: captchaToken } : {}) },
        { accessToken: await bearerIfLoggedIn() },
      );
    },
    async loginWithEmailCode({ email, code }) {
      if (state.status === 'authenticated') throw new AlreadyLoggedInError(text.alreadyLoggedIn);
      const response = await api.authenticateEmail({ email: email.trim(), code: code.trim() });
      const user = await applySession(response);
      if (!user) {
        throw new LatchkeyError('The login did not create a session.', {
          code: 'session_not_created',
          details: `session_update_action ${response.session_update_action}, or a token for another app`,
        });
      }
      return { user, isNewUser: response.is_new_user };
    },
    async sendSmsCode({ phoneNumber, captchaToken }) {
      const trimmed = phoneNumber.trim();
      if (!/\d/.test(trimmed)) throw new InvalidInputError(text.invalidPhone);
      await api.sendSmsCode(
        { phoneNumber: trimmed, ...(captchaToken ? { token: captchaToken } : {}) },
        { accessToken: await bearerIfLoggedIn() },
      );
    },
    async loginWithSmsCode({ phoneNumber, code }) {
      if (state.status === 'authenticated') throw new AlreadyLoggedInError(text.alreadyLoggedIn);
      const response = await api.authenticateSms({
        phoneNumber: phoneNumber.trim(),
        code: code.trim(),
      });
      const user = await applySession(response);
      if (!user) {
        throw new LatchkeyError('The login did not create a session.', {
          code: 'session_not_created',
          details: `session_update_action ${response.session_update_action}, or a token for another app`,
        });
      }
      return { user, isNewUser: response.is_new_user };
    },
    async loginWithSiwe(siwe) {
      if (state.status === 'authenticated') throw new AlreadyLoggedInError(text.alreadyLoggedIn);
      const response = await api.siweAuthenticate(siwe);
      const user = await applySession(response);
      if (!user) {
        throw new LatchkeyError('The login did not create a session.', {
          code: 'session_not_created',
          details: `session_update_action ${response.session_update_action}, or a token for another app`,
        });
      }
      return { user, isNewUser: response.is_new_user };
    },
    async linkWithSiwe(siwe) {
      const token = state.status === 'authenticated' ? await getAccessToken() : null;
      if (!token) {
        throw new LatchkeyError(text.mustBeLoggedInToLink, { code: 'missing_or_invalid_token' });
      }
      const { user } = await api.request<{ user: UserWire }>({
        method: 'POST',
        path: ROUTES.siweLink,
        body: siwe,
        accessToken: token,
      });
      const next = toUser(user);
      setState({ status: 'authenticated', user: next });
      return next;
    },
    initOAuth(provider, options = {}) {
      if (state.status === 'authenticated') {
        return Promise.reject(new AlreadyLoggedInError(text.alreadyLoggedIn));
      }
      // Synchronously, inside the user's gesture: before any await.
      const popup = options.redirect ? null : openOAuthPopup(appId);
      return loadOAuth().then(
        (m) => m.startOAuthFlow(oauthDeps(), provider, popup, options, 'login'),
        (error: unknown) => {
          popup?.close();
          throw error;
        },
      );
    },
    async completeOAuth(returned) {
      const m = await loadOAuth();
      return m.completeOAuthFlow(oauthDeps(), returned);
    },
    async signupWithPasskey(options = {}) {
      return loginAnswer(
        await passkeyCeremony(ROUTES.passkeyRegisterInit, null, options.captchaToken),
      );
    },
    async loginWithPasskey(options = {}) {
      return loginAnswer(
        await passkeyCeremony(ROUTES.passkeyAuthenticateInit, null, options.captchaToken),
      );
    },
    async linkPasskey() {
      const token = state.status === 'authenticated' ? await getAccessToken() : null;
      if (!token) {
        throw new LatchkeyError(text.mustBeLoggedInToLink, { code: 'missing_or_invalid_token' });
      }
      const { user } = await passkeyCeremony<{ user: UserWire }>(ROUTES.passkeyRegisterInit, token);
      const next = toUser(user);
      setState({ status: 'authenticated', user: next });
      return next;
    },
    getAccessToken,
    refreshSession: () => refresh(true),
    async refreshUser() {
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
    },
    logout,
    destroy() {
      events?.removeEventListener('storage', onStorage);
      listeners.clear();
    },
    prepareLogin: () => walletFrame.prepare(),
    sharedWalletBridge: (create) => walletFrame.shared(create),
  };
  return client;
}
