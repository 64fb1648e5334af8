/** What the link flow needs of the OAuth method (issue 11): see `../types.ts`, MethodLink. */
import { CROSS_APP_PROVIDER_PREFIX, OAUTH_METHOD, type OAuthProvider } from '@latchkey/api';
import type { AuthenticateResult, OAuthReturn, User } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

/** The social-login half (popup, PKCE, return page), a lazy chunk loaded on first use. */
const loadOAuth = () => import('@latchkey/core/oauth');

export const oauthLink: MethodLink = {
  contract: OAUTH_METHOD,
  // AWAITING_OAUTH_SCREEN (issue 6) and CROSS_APP_AUTH_SCREEN (issue 21) link the provider of
  // `params.oauth`.
  linkMethodOf: (_screen, params) =>
    params.oauth?.provider ? String(params.oauth.provider) : undefined,
  // A provider `p` links `p_oauth` accounts; another app's account is `cross_app`.
  accountTypeOf: (provider) =>
    provider.startsWith(CROSS_APP_PROVIDER_PREFIX) ? 'cross_app' : `${provider}_oauth`,
  loaders: { oauth: loadOAuth },
  // The return page (`./returnPage.ts`): only when the URL carries `latchkey_oauth_*`, both
  // chunks load in parallel; a return read after unmount is ignored. (An effect: never on SSR.)
  onProviderMount: (context) => {
    if (!window.location.search.includes('latchkey_oauth_')) return;
    let live = true;
    void Promise.all([import('./returnPage.ts'), loadOAuth()]).then(([page, oauth]) => {
      if (live) page.handleOAuthReturn(context, oauth);
    });
    return () => {
      live = false;
    };
  },
};

declare module '../../Modal/types.ts' {
  interface ScreenParams {
    /**
     * AWAITING_OAUTH_SCREEN (issue 5): the provider, and either the running popup flow
     * (`client.initOAuth`, started in the click) or the return page's parameters (redirect).
     */
    oauth?: {
      /** A social provider, or `latchkey:{providerAppId}` (CROSS_APP_AUTH_SCREEN, issue 21). */
      provider: OAuthProvider | string;
      /**
       * The running popup flow: `client.initOAuth` (login: an `AuthenticateResult`) or, with
       * `mode: 'link'`, `client.linkOAuth` (the updated `User`); null when the page redirects.
       */
      result?: Promise<AuthenticateResult | User | null>;
      returned?: OAuthReturn;
    };
  }
}
