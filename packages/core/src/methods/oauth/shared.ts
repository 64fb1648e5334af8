/**
 * The lazy half of social login (`@latchkey/core/oauth`): PKCE, the pending flow in
 * sessionStorage, and the texts of a failed login (spec section 8).
 */
import {
  OAUTH_PROVIDER_DISPLAY,
  OAUTH_PROVIDERS,
  type OAuthLoginProvider,
  type OAuthProvider,
  providerAppIdOf,
} from '@latchkey/api';
import { LatchkeyError } from '../../errors/base.ts';
import { isOAuthProvider, type OAuthReturn } from './oauth.ts';

/** The social providers. */
export const OAUTH_PROVIDER_NAMES: readonly OAuthProvider[] = OAUTH_PROVIDERS;

/** Query parameters of the return page (design.md names). */
export const OAUTH_RETURN_PARAMS = {
  code: 'latchkey_oauth_code',
  state: 'latchkey_oauth_state',
  provider: 'latchkey_oauth_provider',
} as const;

/** The message of a state mismatch (spec section 5). */
export const UNEXPECTED_AUTH_FLOW = 'Unexpected auth flow. This may be a phishing attempt.';

/** Reads the return parameters from a URL, or null when it carries none. */
export function readOAuthReturn(href: string): OAuthReturn | null {
  const url = new URL(href);
  const code = url.searchParams.get(OAUTH_RETURN_PARAMS.code);
  const state = url.searchParams.get(OAUTH_RETURN_PARAMS.state);
  const provider = url.searchParams.get(OAUTH_RETURN_PARAMS.provider);
  if (code === null && state === null) return null;
  return { code: code ?? '', state: state ?? '', provider: provider ?? '' };
}

/** `href` without the return parameters (for `history.replaceState`). */
export function stripOAuthReturn(href: string): string {
  const url = new URL(href);
  for (const name of Object.values(OAUTH_RETURN_PARAMS)) url.searchParams.delete(name);
  return url.href;
}

/** The error of a state that is missing or differs from the stored one. */
export function unexpectedAuthFlowError(): LatchkeyError {
  return new LatchkeyError(UNEXPECTED_AUTH_FLOW, { code: 'oauth_unexpected' });
}

/** Display names of the providers (spec section 8 texts say `{provider}`). */
export { OAUTH_PROVIDER_DISPLAY };

/** A flow this tab started: kept in sessionStorage until the return. */
export interface PendingOAuth {
  provider: OAuthLoginProvider;
  state: string;
  verifier: string;
  mode: 'popup' | 'redirect';
  /** 'link' when the flow links to the logged-in user (issue 6); absent means 'login'. */
  purpose?: 'login' | 'link';
}

/** The message a returning popup sends to the tab that opened it. */
export const OAUTH_MESSAGE_TYPE = 'latchkey:oauth-return';
/** BroadcastChannel name (a popup whose opener was cut by COOP still reaches the opener). */
export const oauthChannelName = (appId: string) => `latchkey-oauth-${appId}`;
const pendingKey = (appId: string) => `latchkey:oauth:${appId}`;

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes, base64url (43 characters): a state code or PKCE verifier. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** RFC 7636 S256 challenge of `verifier`. */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function savePendingOAuth(appId: string, pending: PendingOAuth): void {
  storage()?.setItem(pendingKey(appId), JSON.stringify(pending));
}

export function readPendingOAuth(appId: string): PendingOAuth | null {
  const raw = storage()?.getItem(pendingKey(appId));
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as PendingOAuth;
    const known = isOAuthProvider(p.provider) || providerAppIdOf(String(p.provider)) !== undefined;
    return known && typeof p.state === 'string' ? p : null;
  } catch {
    return null;
  }
}

export function clearPendingOAuth(appId: string): void {
  storage()?.removeItem(pendingKey(appId));
}

/**
 * The social-login strings (spec sections 4 and 8, "OAuth and Farcaster"), English. They live
 * in this lazy module; override them like core's catalogue (same keys in `messages`).
 */
export const oauthMessages = {
  oauthFailedTitle: 'Authentication failed',
  oauthLinkedToAnotherUser: 'This account has already been linked to another user.',
  oauthInvalidCredentials: 'Something went wrong. Try again.',
  oauthUserDenied: 'Retry and check {provider} to finish connecting your account.',
  oauthTooManyRequests: 'Too many requests. Please wait before trying again.',
  oauthTooManyRequestsProvider:
    'Request limit reached for {provider}. Please wait a moment and try again.',
  oauthAccountSuspended: 'Your {provider} account is suspended. Please try another login method.',
  oauthCannotLinkMore: 'You cannot authorize more than one account for this user.',
  oauthSomethingWentWrong: 'Something went wrong. Please try again.',
  oauthUnexpectedFlow: 'Unexpected auth flow. This may be a phishing attempt.',
  oauthVerifyingTitle: 'Logging in with {provider}',
  oauthVerifyingDetail: 'Finish signing in with {provider} in the window that opened.',
  oauthConnectedTitle: 'Successfully connected with {provider}',
  oauthConnectedDetail: "You're good to go!",
  oauthRetry: 'Retry',
};
export type OAuthMessageKey = keyof typeof oauthMessages;

/** What the failed OAuth screen shows (spec section 8, "OAuth and Farcaster"). */
export interface OAuthFailure {
  title: string;
  detail: string;
  retryable: boolean;
}

/**
 * The texts of a failed OAuth login (spec section 8). `code` is the error code
 * (`errorCodeOf(error)`); `provider` a provider id.
 */
export function oauthFailure(
  code: string | undefined,
  provider: string,
  messages: OAuthMessages,
  message?: string,
): OAuthFailure {
  const name = isOAuthProvider(provider) ? OAUTH_PROVIDER_DISPLAY[provider] : provider;
  const fill = (t: string) => t.replace(/\{provider\}/g, name);
  const title = messages.oauthFailedTitle;
  switch (code) {
    case 'linked_to_another_user':
      return { title, detail: messages.oauthLinkedToAnotherUser, retryable: false };
    case 'invalid_credentials':
      return { title, detail: messages.oauthInvalidCredentials, retryable: true };
    case 'oauth_user_denied':
      return { title, detail: fill(messages.oauthUserDenied), retryable: true };
    case 'too_many_requests':
      return { title, detail: fill(messages.oauthTooManyRequestsProvider), retryable: false };
    case 'oauth_account_suspended':
      return { title, detail: fill(messages.oauthAccountSuspended), retryable: false };
    case 'cannot_link_more_of_type':
      return { title, detail: messages.oauthCannotLinkMore, retryable: false };
    case 'oauth_unexpected':
      return {
        title,
        detail: provider.startsWith('latchkey:')
          ? messages.oauthSomethingWentWrong
          : message === UNEXPECTED_AUTH_FLOW || !message
            ? UNEXPECTED_AUTH_FLOW
            : message,
        retryable: false,
      };
    default:
      return { title, detail: messages.oauthSomethingWentWrong, retryable: true };
  }
}

/** The strings {@link oauthFailure} needs (all in `messages`). */
export interface OAuthMessages {
  oauthFailedTitle: string;
  oauthLinkedToAnotherUser: string;
  oauthInvalidCredentials: string;
  oauthUserDenied: string;
  oauthTooManyRequests: string;
  oauthTooManyRequestsProvider: string;
  oauthAccountSuspended: string;
  oauthCannotLinkMore: string;
  oauthSomethingWentWrong: string;
}
