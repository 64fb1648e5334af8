/** What the link flow needs of the OAuth method (issue 11): see `../types.ts`, MethodLink. */
import { OAUTH_METHOD, type OAuthProvider } from '@latchkey/api';
import { type AuthenticateResult, type OAuthReturn, SCREEN, type User } from '@latchkey/core';
import type { LinkActionContext, MethodLink } from '../linkTypes.ts';
import { handleOAuthReturn } from './returnPage.ts';

/** The OAuth helpers of `useLinkAccount`: one per provider, plus `linkOAuth(provider)`. */
export interface OAuthLinkActions {
  /**
   * Links a social account: the provider's popup opens synchronously (call it inside the click
   * handler, or the browser blocks it), then AWAITING_OAUTH_SCREEN waits for it.
   */
  linkOAuth: (provider: OAuthProvider) => void;
  linkGoogle: () => void;
  linkTwitter: () => void;
  linkDiscord: () => void;
  linkGithub: () => void;
  linkSpotify: () => void;
  linkInstagram: () => void;
  linkTiktok: () => void;
  linkLinkedIn: () => void;
  linkApple: () => void;
}

/** The OAuth call of `useUnlinkAccount`. */
export interface OAuthUnlinkActions {
  /** `POST /api/v1/oauth/unlink` `{ provider, subject }`: `subject` is the provider's user id. */
  unlinkOAuth: (provider: OAuthProvider, subject: string) => Promise<User>;
}

/** `linkOAuth`: the popup opens in the click (before any state update), then the screen waits. */
function linkOAuthWith({ client, link, authenticated }: LinkActionContext) {
  return (provider: OAuthProvider) => {
    // Logged out: `link` warns and reports must_be_authenticated; no popup is opened.
    if (!authenticated) {
      link(SCREEN.AWAITING_OAUTH_SCREEN, { oauth: { provider } });
      return;
    }
    // The popup must open inside the click: start it before any state update.
    const result = client.linkOAuth(provider);
    result.catch(() => {}); // AWAITING_OAUTH_SCREEN reports it
    link(SCREEN.AWAITING_OAUTH_SCREEN, { mode: 'link', oauth: { provider, result } });
  };
}

export const oauthLink = {
  contract: OAUTH_METHOD,
  // AWAITING_OAUTH_SCREEN links the provider of `params.oauth` (issue 6).
  linkMethodOf: (_screen, params) =>
    params.oauth?.provider ? String(params.oauth.provider) : undefined,
  // A provider `p` links `p_oauth` accounts.
  accountTypeOf: (provider) => `${provider}_oauth`,
  // The social-login half (popup, PKCE, return page) loads on first use.
  loaders: { oauth: () => import('@latchkey/core/oauth') },
  onProviderMount: handleOAuthReturn,
  linkActions: (context): OAuthLinkActions => {
    const linkOAuth = linkOAuthWith(context);
    return {
      linkOAuth,
      linkGoogle: () => linkOAuth('google'),
      linkTwitter: () => linkOAuth('twitter'),
      linkDiscord: () => linkOAuth('discord'),
      linkGithub: () => linkOAuth('github'),
      linkSpotify: () => linkOAuth('spotify'),
      linkInstagram: () => linkOAuth('instagram'),
      linkTiktok: () => linkOAuth('tiktok'),
      linkLinkedIn: () => linkOAuth('linkedin'),
      linkApple: () => linkOAuth('apple'),
    };
  },
  unlinkActions: (client): OAuthUnlinkActions => ({
    unlinkOAuth: (provider, subject) => client.unlinkOAuth(provider, subject),
  }),
} satisfies MethodLink;

declare module '../../Modal/types.ts' {
  interface ScreenParams {
    /**
     * AWAITING_OAUTH_SCREEN (issue 5): the provider, and either the running popup flow
     * (`client.initOAuth`, started in the click) or the return page's parameters (redirect).
     */
    oauth?: {
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
