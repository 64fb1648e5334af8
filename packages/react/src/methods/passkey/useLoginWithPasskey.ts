import { type AuthenticateResult, type LatchkeyError, toLatchkeyError } from '@latchkey/core';
import { useCallback, useRef, useState } from 'react';
import { useInternalLatchkey } from '../../hooks/useInternalLatchkey.ts';
import { passkeyLogin } from './start.ts';

/** Callbacks of {@link useLoginWithPasskey}; the latest ones are used (no memoising needed). */
export interface UseLoginWithPasskeyParameters {
  /** After a login or signup: the user and whether the account was just created. */
  onComplete?: (result: AuthenticateResult) => void;
  /** After a failed ceremony, with the error (its `code` is stable). */
  onError?: (error: LatchkeyError) => void;
}

/** Where a headless passkey login is; `error` is set only while `status` is 'error'. */
export interface LoginWithPasskeyState {
  /** 'loading': the init call, the browser's WebAuthn dialog and the verify call are running. */
  status: 'initial' | 'loading' | 'done' | 'error';
  error: LatchkeyError | null;
}

/** What {@link useLoginWithPasskey} returns. */
export interface UseLoginWithPasskeyReturnType {
  /**
   * Logs in with a passkey the browser already has (`POST /api/v1/passkeys/authenticate/init`,
   * `navigator.credentials.get`, `POST /api/v1/passkeys/authenticate`; WebAuthn Level 2
   * discoverable credentials). Call it in a click: browsers want a user gesture for the dialog.
   * Never rejects: failures land in `state.error` and `onError`.
   */
  loginWithPasskey: (parameters?: { captchaToken?: string }) => Promise<void>;
  /**
   * Signs up with a new passkey (`POST /api/v1/passkeys/register/init`,
   * `navigator.credentials.create`, `POST /api/v1/passkeys/register/authenticate`). As
   * `loginWithPasskey`.
   */
  signupWithPasskey: (parameters?: { captchaToken?: string }) => Promise<void>;
  state: LoginWithPasskeyState;
}

/**
 * Headless passkey login and signup for a custom UI (issue 12; Privy's `useLoginWithPasskey`;
 * spec section 4), on the client's `loginWithPasskey` / `signupWithPasskey`. Errors keep core's
 * codes: `passkey_not_allowed` (the user cancelled or the dialog timed out),
 * `already_logged_in`, and the server's (`invalid_credentials`, `allowlist_rejected`, ...).
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { loginWithPasskey, state } = useLoginWithPasskey({ onComplete: ({ user }) => go(user) });
 * <button onClick={() => void loginWithPasskey()} disabled={state.status === 'loading'}>Passkey</button>
 */
export function useLoginWithPasskey(
  parameters: UseLoginWithPasskeyParameters = {},
): UseLoginWithPasskeyReturnType {
  const { client } = useInternalLatchkey('useLoginWithPasskey');
  const latest = useRef(parameters);
  latest.current = parameters;
  const [state, setState] = useState<LoginWithPasskeyState>({ status: 'initial', error: null });

  const run = useCallback(
    async (mode: 'login' | 'signup', captchaToken?: string): Promise<void> => {
      setState({ status: 'loading', error: null });
      let result: AuthenticateResult;
      try {
        result = await passkeyLogin(client, mode, captchaToken);
      } catch (thrown) {
        const error = toLatchkeyError(thrown);
        setState({ status: 'error', error });
        latest.current.onError?.(error);
        return;
      }
      setState({ status: 'done', error: null });
      latest.current.onComplete?.(result);
    },
    [client],
  );
  const loginWithPasskey = useCallback(
    (p: { captchaToken?: string } = {}) => run('login', p.captchaToken),
    [run],
  );
  const signupWithPasskey = useCallback(
    (p: { captchaToken?: string } = {}) => run('signup', p.captchaToken),
    [run],
  );
  return { loginWithPasskey, signupWithPasskey, state };
}
