import type { OAuthProvider } from '@latchkey/api';
import { type AuthenticateResult, type LatchkeyError, toLatchkeyError } from '@latchkey/core';
import { useCallback, useRef, useState } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { oauthCaptchaOptions } from './captcha.ts';

/** Callbacks of {@link useLoginWithOAuth}; the latest ones are used (no memoising needed). */
export interface UseLoginWithOAuthParameters {
  /**
   * After a login in the provider's popup: the user (with `oAuthTokens`) and whether the
   * account was just created. Not called after a full-page redirect (see {@link useLoginWithOAuth}).
   */
  onComplete?: (result: AuthenticateResult) => void;
  /** After a failed login, with the error (its `code` is stable). */
  onError?: (error: LatchkeyError) => void;
}

/** Where a headless OAuth login is; `error` is set only while `status` is 'error'. */
export interface LoginWithOAuthState {
  /** 'loading': the popup is open, or the page is leaving for the provider (redirect). */
  status: 'initial' | 'loading' | 'done' | 'error';
  error: LatchkeyError | null;
}

/** What {@link useLoginWithOAuth} returns. */
export interface UseLoginWithOAuthReturnType {
  /**
   * Starts a social login with `provider` ('google', 'apple', 'twitter', 'github', ...):
   * `client.initOAuth` (PKCE, RFC 7636), which opens the provider's popup before any await, so
   * call it synchronously in the click; a blocked popup falls back to a full-page redirect.
   * Never rejects: failures land in `state.error` and `onError` (`oauth_user_denied`,
   * `oauth_unexpected` on a state mismatch, `oauth_unsupported`, the server's codes).
   */
  initOAuth: (parameters: { provider: OAuthProvider; captchaToken?: string }) => Promise<void>;
  state: LoginWithOAuthState;
}

/**
 * Headless social login for a custom UI (issue 12; Privy's `useLoginWithOAuth`; spec section 5),
 * on the client's `initOAuth`, as the modal's social buttons start it (`./index.ts`).
 *
 * Popup (the usual case): `state` 'loading' -> 'done' and `onComplete({ user, isNewUser })`.
 * Redirect (popup blocked): the page leaves while `state` is 'loading'; on return the
 * provider's return page (`./returnPage.ts`) finishes the login in the modal on
 * AWAITING_OAUTH_SCREEN, and `useLogin({ onComplete, onError })` listeners fire, not this hook's
 * (a fresh page has no state of this hook).
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { initOAuth, state } = useLoginWithOAuth({ onComplete: ({ user }) => go(user) });
 * <button onClick={() => void initOAuth({ provider: 'google' })}>Google</button>
 */
export function useLoginWithOAuth(
  parameters: UseLoginWithOAuthParameters = {},
): UseLoginWithOAuthReturnType {
  const { client } = useInternalLatchkey('useLoginWithOAuth');
  const latest = useRef(parameters);
  latest.current = parameters;
  const [state, setState] = useState<LoginWithOAuthState>({ status: 'initial', error: null });

  const initOAuth = useCallback(
    async ({ provider, captchaToken }: { provider: OAuthProvider; captchaToken?: string }) => {
      let result: AuthenticateResult | null;
      try {
        // Called before any await, so the popup opens inside the user's gesture.
        const running = client.initOAuth(provider, oauthCaptchaOptions(captchaToken));
        setState({ status: 'loading', error: null });
        result = await running;
      } catch (thrown) {
        const error = toLatchkeyError(thrown);
        setState({ status: 'error', error });
        latest.current.onError?.(error);
        return;
      }
      if (!result) return; // redirect: the page is leaving for the provider
      setState({ status: 'done', error: null });
      latest.current.onComplete?.(result);
    },
    [client],
  );
  return { initOAuth, state };
}
