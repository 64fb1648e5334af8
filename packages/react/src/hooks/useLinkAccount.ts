import type { OAuthProvider } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { LinkListeners } from '../LatchkeyProvider/context.ts';
import { useInternalLatchkey } from './useInternalLatchkey.ts';

/**
 * Callbacks of {@link useLinkAccount}: `onSuccess({ user, linkMethod, linkedAccount })` when a
 * link finishes; `onError({ code, message })` with `must_be_authenticated` (no user logged in),
 * `exited_link_flow` (the modal closed before the end) or the server's code
 * (`cannot_link_more_of_type`, `linked_to_another_user`, ...).
 */
export type UseLinkAccountParameters = LinkListeners;

/** What {@link useLinkAccount} returns. Every helper opens the modal; none returns a value. */
export interface UseLinkAccountReturnType {
  /** LINK_EMAIL_SCREEN: an email, then its code (`POST /api/v1/passwordless/link`). */
  linkEmail: () => void;
  /** LINK_PHONE_SCREEN: a phone number, then its code (`POST /api/v1/passwordless_sms/link`). */
  linkPhone: () => void;
  /** LINK_WALLET_SCREEN: pick an external wallet, connect and sign (`POST /api/v1/siwe/link`). */
  linkWallet: () => void;
  /** LINK_PASSKEY_SCREEN: the user's passkeys (2, then 'View all'), Remove, 'Add new passkey'. */
  linkPasskey: () => void;
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

/**
 * Adds login methods to the logged-in user (issue 6; spec sections 2 "Linking", 4 "Auth mode",
 * 5 "Linking" rules, 6 "linking needs login").
 *
 * Rules the server enforces and the modal shows: one account of each type (up to 5 passkeys),
 * else 'User already has an account of type {type} linked.'; an account another user owns is
 * refused ('This account has already been linked to another user.'). Called while logged out,
 * a helper warns, opens nothing and reports `must_be_authenticated` to `onError`.
 * The latest callbacks are used; they need not be memoised.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { linkEmail, linkGoogle } = useLinkAccount({
 *   onSuccess: ({ linkMethod, linkedAccount }) => console.log('linked', linkMethod, linkedAccount),
 *   onError: ({ code }) => console.warn(code),
 * });
 * <button onClick={linkGoogle}>Link Google</button>
 */
export function useLinkAccount(
  parameters: UseLinkAccountParameters = {},
): UseLinkAccountReturnType {
  const { client, session, link, addLinkListeners } = useInternalLatchkey('useLinkAccount');
  const latest = useRef(parameters);
  latest.current = parameters;
  useEffect(
    () =>
      addLinkListeners({
        onSuccess: (result) => latest.current.onSuccess?.(result),
        onError: (error) => latest.current.onError?.(error),
      }),
    [addLinkListeners],
  );

  const authenticated = session.status === 'authenticated';
  const linkOAuth = useCallback(
    (provider: OAuthProvider) => {
      // Logged out: `link` warns and reports must_be_authenticated; no popup is opened.
      if (!authenticated) {
        link(SCREEN.AWAITING_OAUTH_SCREEN, { oauth: { provider } });
        return;
      }
      // The popup must open inside the click: start it before any state update.
      const result = client.linkOAuth(provider);
      result.catch(() => {}); // AWAITING_OAUTH_SCREEN reports it
      link(SCREEN.AWAITING_OAUTH_SCREEN, { mode: 'link', oauth: { provider, result } });
    },
    [authenticated, client, link],
  );

  return useMemo(
    () => ({
      linkEmail: () => void link(SCREEN.LINK_EMAIL_SCREEN),
      linkPhone: () => void link(SCREEN.LINK_PHONE_SCREEN),
      linkWallet: () => void link(SCREEN.LINK_WALLET_SCREEN),
      linkPasskey: () => void link(SCREEN.LINK_PASSKEY_SCREEN),
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
    }),
    [link, linkOAuth],
  );
}
