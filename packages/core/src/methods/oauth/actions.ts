/**
 * The OAuth method's client actions (social login; spec section 5; issues 5, 6 and 11): start a
 * login or a link (popup, or full-page redirect when blocked), complete one on the return page,
 * unlink. The round trip itself is the lazy `@latchkey/core/oauth` entry (`./index.ts`).
 */
import {
  CROSS_APP_PROVIDER_PREFIX,
  crossAppProviderId,
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
import { type OAuthReturn, openOAuthPopup } from './oauth.ts';

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
  /** `POST /api/v1/oauth/unlink` `{provider, subject}`. @throws `ApiError` `cannot_unlink_last_account`, `account_not_linked`. */
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>;
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
    return module().then(
      (m) => m.startOAuthFlow(deps, provider, popup, options, purpose),
      (error: unknown) => {
        popup?.close();
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
      return (await module()).completeOAuthFlow(deps, returned);
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
  };
  return actions;
}
