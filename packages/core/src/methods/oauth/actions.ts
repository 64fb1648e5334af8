/**
 * The OAuth method's client actions (social login; spec section 5; issues 5, 6 and 11): start a
 * login or a link (popup, or full-page redirect when blocked), complete one on the return page,
 * unlink. The round trip itself is the lazy `@latchkey/core/oauth` entry (`./index.ts`).
 */
import {
  CROSS_APP_PROVIDER_PREFIX,
  type CrossAppConnection,
  crossAppConnectionsPath,
  type CrossAppConnectionsResponse,
  crossAppProviderId,
  crossAppTransactPage,
  type CrossAppRpcRequest,
  type OAuthLoginProvider,
  type OAuthProvider,
} from '@latchkey/api';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { NOT_AUTHENTICATED } from '../../actions/requireSession.ts';
import { updateUser } from '../../actions/updateUser.ts';
import { LatchkeyError } from '../../errors/base.ts';
import type { SessionStore } from '../../session/store.ts';
import { type AuthenticateResult, toUser, type User } from '../../session/user.ts';
import type { InitOAuthOptions, OAuthFlowDeps, OAuthPurpose } from './flow.ts';
import type { Eip1193Provider } from '../../wallets/registry.ts';
import {
  CROSS_APP_TOKENS,
  type CrossAppTokens,
  type OAuthReturn,
  openOAuthPopup,
} from './oauth.ts';
import type { CrossAppAccount } from './user.ts';

/** The transact popup's size (spec section 9: 400x680). */
const TRANSACT_POPUP = 'popup=yes,width=400,height=680';

/** The lazy module `createLatchkeyClient({ oauth })` loads (`@latchkey/core/oauth`). */
export type OAuthModule = typeof import('./index.ts');

/** The OAuth method's part of the client. */
export interface OAuthActions {
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
    provider: OAuthLoginProvider,
    options?: InitOAuthOptions,
  ): Promise<AuthenticateResult | null>;
  /**
   * Completes a social login from the return page's `latchkey_oauth_code`,
   * `latchkey_oauth_state` and `latchkey_oauth_provider` (redirect mode). Errors as
   * {@link initOAuth}. A flow started by `linkOAuth` links instead (`POST /api/v1/oauth/link`
   * with the bearer token) and resolves `{user, isNewUser: false}`.
   */
  completeOAuth(returned: OAuthReturn): Promise<AuthenticateResult>;
  /**
   * Links a social account (issue 6): like `initOAuth` (call it synchronously in the click; a
   * popup, or a full-page redirect when blocked) but finishes with `POST /api/v1/oauth/link`.
   * After a redirect, `completeOAuth` links too and resolves `{user, isNewUser: false}`.
   * @returns the updated user (popup), or null when the page is leaving for the provider.
   * @throws `ApiError` `linked_to_another_user`, `cannot_link_more_of_type`; the OAuth errors
   *   of `initOAuth`.
   */
  linkOAuth(provider: OAuthLoginProvider, options?: InitOAuthOptions): Promise<User | null>;
  /**
   * Logs in with another app's account (issue 21; spec sections 1, 4 "Cross-app auth", 9):
   * `providerAppId` is a provider app of `GET /api/v1/apps/{appId}/cross-app/connections`. Call
   * it synchronously in the click: it opens the 440x680 popup on the provider's sign-in page
   * (its login and consent) before any await; a blocked popup falls back to a full-page
   * redirect. The user gets a `cross_app` linked account with the provider's wallets.
   * @returns the login result (popup), or null when the page is leaving (redirect).
   * @throws `LatchkeyError` `cross_app_canceled` ('User canceled flow') when the popup closes
   *   without an answer, `cross_app_timeout` ('Authorization request timed out after 2
   *   minutes.'), `oauth_unexpected` ('Unexpected auth flow. This may be a phishing attempt.')
   *   on a state mismatch, `oauth_user_denied` when the user cancels at the provider; `ApiError`
   *   `cross_app_invalid_connection` ('Invalid connected app') for a provider this app may not
   *   use.
   */
  loginWithCrossAppAccount(parameters: { appId: string }): Promise<AuthenticateResult | null>;
  /**
   * Links another app's account to the logged-in user (issue 21): as
   * {@link loginWithCrossAppAccount}, finished by `POST /api/v1/oauth/link`.
   * @returns the updated user (popup), or null when the page is leaving (redirect).
   * @throws as {@link loginWithCrossAppAccount}; `missing_or_invalid_token` when logged out;
   *   `ApiError` `linked_to_another_user`.
   */
  linkCrossAppAccount(parameters: { appId: string }): Promise<User | null>;
  /**
   * The provider apps this app's users may log in with (issue 21; spec sections 3 "Cross-app
   * connection" and 7): `GET /api/v1/apps/{appId}/cross-app/connections`, no auth, ordered by
   * provider name. Fetched once per client and shared (the login list's buttons read their
   * names and icons from it); a failed fetch is not kept, so the next call asks again.
   * @returns each connection: `provider_app_id`, `provider_app_name`, `provider_app_icon_url`
   *   (or null), `provider_app_custom_api_url` (null: this server), `read_only`.
   * @throws `ApiError`, `TimeoutError`, `NetworkError` (retried as any GET).
   */
  getCrossAppConnections(): Promise<CrossAppConnection[]>;
  /**
   * The listing {@link getCrossAppConnections} answered, read synchronously (a login-list
   * button renders its provider's name and icon from it at once); null until it answered.
   */
  knownCrossAppConnections(): readonly CrossAppConnection[] | null;
  /** `POST /api/v1/oauth/unlink` `{provider, subject}`. @throws `ApiError` `cannot_unlink_last_account`, `account_not_linked`. */
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>;
  /**
   * Asks the provider app's user to run `request` with the cross-app wallet `address` (issue 21
   * item 3; spec section 7, the transact popup): opens the provider's transact page in a
   * 400x680 popup before any await (call it synchronously in the click), where the user logs in
   * to the provider if needed and approves inside the provider's wallet frame. Needs the
   * provider access token of a cross-app login or link made in this session (kept with the
   * session; it lasts 1 h).
   * @returns the signature (`personal_sign`, `eth_signTypedData_v4`) or the transaction hash
   *   (`eth_sendTransaction`), 0x-hex.
   * @throws `LatchkeyError` `cross_app_invalid_address` ('Cannot request a signature with this
   *   wallet address') when no cross-app account of the user has that wallet;
   *   `cross_app_invalid_token` ('Transactions require a valid token') without an unexpired
   *   provider token (log in or link the account again), or as the provider's server answers;
   *   `cross_app_popup_blocked` ('Failed to initialize signature request');
   *   `cross_app_request_timeout` ('Request timeout') after 120 s; `cross_app_read_only` for a
   *   read-only connection (before any popup when {@link getCrossAppConnections} has answered,
   *   else from the provider's server); `ProviderRpcError` 4001 ('User rejected request') when the user
   *   rejects or closes the popup.
   */
  crossAppRequest(parameters: { address: string; request: CrossAppRpcRequest }): Promise<string>;
  /**
   * An EIP-1193 provider for the cross-app wallet `address` (issue 21; e.g. for wagmi):
   * `eth_accounts` / `eth_requestAccounts` answer `[address]`, `eth_chainId` the chain
   * `chainId` (default 1; `wallet_switchEthereumChain` changes it); `personal_sign`,
   * `eth_signTypedData_v4` and `eth_sendTransaction` go through {@link crossAppRequest} (call
   * them in a click); any other method is refused with 4200.
   * @throws as {@link crossAppRequest} from its signing methods.
   */
  getCrossAppProvider(parameters: { address: string; chainId?: number }): Promise<Eip1193Provider>;
}

/**
 * Builds the OAuth actions on `store`.
 * @param load - Loads the round trip, e.g. `() => import('@latchkey/core/oauth')`; without it
 *   `initOAuth` / `completeOAuth` / `linkOAuth` throw `LatchkeyError` `oauth_unsupported`.
 */
export function oauthActions(
  store: SessionStore,
  load: (() => Promise<OAuthModule>) | undefined,
): OAuthActions {
  const { api, appId } = store;

  async function module(): Promise<OAuthModule> {
    if (!load) {
      throw new LatchkeyError('Social login is not available in this build.', {
        code: 'oauth_unsupported',
        details: "Pass `oauth: () => import('@latchkey/core/oauth')` to createLatchkeyClient",
      });
    }
    return load();
  }

  const deps: OAuthFlowDeps = {
    appId,
    api,
    login: (answer) => completeLogin(store, answer),
    getAccessToken: () => store.getAccessToken(),
    link: async (wire) => {
      const user = toUser(wire);
      store.setUser(user);
      return user;
    },
  };

  /**
   * Opens the popup synchronously (inside the user's gesture, before any await), then loads. A
   * cross-app sign-in's popup is 440x680 (spec section 9).
   */
  function start(provider: OAuthLoginProvider, options: InitOAuthOptions, purpose: OAuthPurpose) {
    const cross = provider.startsWith(CROSS_APP_PROVIDER_PREFIX);
    const popup = options.redirect
      ? null
      : openOAuthPopup(appId, cross ? 440 : 480, cross ? 680 : 640);
    return module()
      .then(
        (m) => m.startOAuthFlow(deps, provider, popup, options, purpose),
        (error: unknown) => {
          popup?.close();
          throw error;
        },
      )
      .then(async (result) => {
        if (cross) (await module()).rememberCrossAppToken(store, result);
        return result;
      });
  }

  let connections: Promise<CrossAppConnection[]> | null = null;
  /** The listing once it answered (read synchronously by `crossAppRequest`, in the click). */
  let listed: CrossAppConnection[] | null = null;
  function getCrossAppConnections(): Promise<CrossAppConnection[]> {
    if (!connections) {
      const pending = api
        .request<CrossAppConnectionsResponse>({
          method: 'GET',
          path: crossAppConnectionsPath(appId),
        })
        .then((answer) => (listed = answer.connections));
      connections = pending;
      pending.catch(() => {
        if (connections === pending) connections = null;
      });
    }
    return connections;
  }

  /** The eager half of `crossAppRequest`: checks, then opens the popup inside the click. */
  function crossAppRequest({
    address,
    request,
  }: {
    address: string;
    request: CrossAppRpcRequest;
  }): Promise<string> {
    const wanted = address.toLowerCase();
    const account = store
      .getState()
      .user?.linkedAccounts.find(
        (a): a is CrossAppAccount =>
          a.type === 'cross_app' &&
          (a as CrossAppAccount).embeddedWallets.some((w) => w.address.toLowerCase() === wanted),
      );
    const token = account
      ? (store.getSessionData(CROSS_APP_TOKENS) as CrossAppTokens | undefined)?.[
          account.providerApp.id
        ]
      : undefined;
    const live = token && (token.expiresAt === null || token.expiresAt > Date.now()) ? token : null;
    // A read-only connection (spec section 6) is refused here when the listing is known; the
    // provider's server refuses it anyway.
    const readOnly =
      account !== undefined &&
      listed?.some((c) => c.provider_app_id === account.providerApp.id && c.read_only) === true;
    const win = typeof window === 'undefined' ? undefined : window;
    let popup: Window | null = null;
    if (account && live && !readOnly) {
      try {
        const path = crossAppTransactPage(
          account.providerApp.id,
          appId,
          win?.location.origin ?? '',
        );
        popup =
          win?.open(`${api.apiUrl}${path}`, `latchkey-transact-${appId}`, TRANSACT_POPUP) ?? null;
      } catch {
        popup = null;
      }
    }
    if (!win || !popup || !live) {
      // Which refusal it is (and its text) is the lazy half's.
      return module().then((m) => {
        throw m.crossAppRefusal(
          !account ? 'address' : !live ? 'token' : readOnly ? 'read-only' : 'popup',
        );
      });
    }
    const opened = popup;
    return module().then(
      (m) =>
        m.exchangeWithTransactPopup({
          win,
          popup: opened,
          apiOrigin: new URL(api.apiUrl).origin,
          token: live.accessToken,
          request,
        }),
      (error: unknown) => {
        opened.close();
        throw error;
      },
    );
  }

  const actions: OAuthActions = {
    // Issue 21: the OAuth flow with provider `latchkey:{appId}` (its popup and limits: `start`).
    loginWithCrossAppAccount: ({ appId: id }) => actions.initOAuth(crossAppProviderId(id)),
    linkCrossAppAccount: ({ appId: id }) => actions.linkOAuth(crossAppProviderId(id)),
    initOAuth(provider, options = {}) {
      try {
        requireLoggedOut(store);
      } catch (error) {
        return Promise.reject(error);
      }
      return start(provider, options, 'login');
    },
    async completeOAuth(returned) {
      const result = await (await module()).completeOAuthFlow(deps, returned);
      (await module()).rememberCrossAppToken(store, result);
      return result;
    },
    linkOAuth(provider, options = {}) {
      if (store.getState().status !== 'authenticated') {
        return Promise.reject(
          new LatchkeyError(store.text.mustBeLoggedInToLink, { code: NOT_AUTHENTICATED }),
        );
      }
      return start(provider, options, 'link').then((result) => result?.user ?? null);
    },
    unlinkOAuth: (provider, subject) =>
      updateUser(store, (bearer) => api.oauthUnlink({ provider, subject }, bearer)),
    crossAppRequest,
    getCrossAppConnections,
    knownCrossAppConnections: () => listed,
    getCrossAppProvider: async ({ address, chainId = 1 }) =>
      (await module()).createCrossAppProvider(address, chainId, (request) =>
        crossAppRequest({ address, request }),
      ),
  };
  return actions;
}
