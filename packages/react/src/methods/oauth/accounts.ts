/**
 * The OAuth method's account helpers (issue 11): its part of `useLinkAccount` and
 * `useUnlinkAccount`, listed in `METHOD_ACCOUNTS` (`../links.ts`). Apart from `./link.ts` so an
 * app that never calls those hooks does not ship them (the provider reads `./link.ts` eagerly).
 */
import { crossAppProviderId, type OAuthProvider } from '@latchkey/api';
import { SCREEN, type User } from '@latchkey/core';
import type { LinkActionContext, MethodAccounts } from '../linkTypes.ts';

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
  /**
   * Links another Latchkey app's account (issue 21; spec sections 1 and 4 "Cross-app auth"):
   * `appId` is a provider app of `client.getCrossAppConnections()`. Its 440x680 sign-in popup
   * opens synchronously (call it inside the click), then CROSS_APP_AUTH_SCREEN waits for it
   * ('User canceled flow' when the popup closes without an answer, 120 s at most). The user
   * gets a `cross_app` linked account with the provider's embedded wallets.
   */
  linkCrossApp: (parameters: { appId: string }) => void;
}

/** The OAuth call of `useUnlinkAccount`. */
export interface OAuthUnlinkActions {
  /** `POST /api/v1/oauth/unlink` `{ provider, subject }`: `subject` is the provider's user id. */
  unlinkOAuth: (provider: OAuthProvider, subject: string) => Promise<User>;
}

/**
 * `linkOAuth` (and `linkCrossApp`, on its own screen): the popup opens in the click (before any
 * state update), then the screen waits.
 */
function linkOAuthWith(
  { client, link, authenticated }: LinkActionContext,
  screen: typeof SCREEN.AWAITING_OAUTH_SCREEN | typeof SCREEN.CROSS_APP_AUTH_SCREEN,
) {
  return (provider: Parameters<LinkActionContext['client']['linkOAuth']>[0]) => {
    // Logged out: `link` warns and reports must_be_authenticated; no popup is opened.
    if (!authenticated) {
      link(screen, { oauth: { provider } });
      return;
    }
    // The popup must open inside the click: start it before any state update.
    const result = client.linkOAuth(provider);
    result.catch(() => {}); // the screen reports it
    link(screen, { mode: 'link', oauth: { provider, result } });
  };
}

export const oauthAccounts = {
  linkActions: (context): OAuthLinkActions => {
    const linkOAuth = linkOAuthWith(context, SCREEN.AWAITING_OAUTH_SCREEN);
    const linkCrossApp = linkOAuthWith(context, SCREEN.CROSS_APP_AUTH_SCREEN);
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
      linkCrossApp: ({ appId }) => linkCrossApp(crossAppProviderId(appId)),
    };
  },
  unlinkActions: (client): OAuthUnlinkActions => ({
    unlinkOAuth: (provider, subject) => client.unlinkOAuth(provider, subject),
  }),
} satisfies MethodAccounts;
