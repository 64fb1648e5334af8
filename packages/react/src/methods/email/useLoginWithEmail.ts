import { useMemo } from 'react';
import {
  type CodeLoginParameters,
  type CodeLoginState,
  useCodeLogin,
} from '../passwordless/useCodeLogin.ts';

/** Callbacks of {@link useLoginWithEmail}: `onComplete({ user, isNewUser })`, `onError(error)`. */
export type UseLoginWithEmailParameters = CodeLoginParameters;

/** What {@link useLoginWithEmail} returns. */
export interface UseLoginWithEmailReturnType {
  /**
   * Sends a 6-digit code to `email` (`POST /api/v1/passwordless/init`): `state.status`
   * 'sending-code' -> 'awaiting-code-input', or 'error'. Never rejects: a failure lands in
   * `state.error` and `onError` (e.g. `invalid_input` for a malformed address,
   * `invalid_captcha`, `allowlist_rejected`).
   */
  sendCode: (parameters: { email: string; captchaToken?: string }) => Promise<void>;
  /**
   * Checks the code sent to the last `sendCode` address and logs in
   * (`POST /api/v1/passwordless/authenticate`): 'submitting-code' -> 'done' and
   * `onComplete({ user, isNewUser })`, or 'error' and `onError`: `invalid_input` (not 6 digits),
   * `invalid_credentials` / 422 (wrong or expired code; back to 'awaiting-code-input' after
   * 1400 ms), `max_accounts_reached`, `user_does_not_exist`, `allowlist_rejected`. Never rejects.
   */
  loginWithCode: (parameters: { code: string }) => Promise<void>;
  /** `{ status, error }`; `error` only while `status` is 'error'. */
  state: CodeLoginState;
}

/**
 * Headless email-code login for a custom UI (issue 12; Privy's `useLoginWithEmail`; spec
 * section 4 "Email or SMS login"): core's passwordless flow, no modal.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { sendCode, loginWithCode, state } = useLoginWithEmail({ onComplete: ({ user }) => go(user) });
 * await sendCode({ email: 'alice@example.com' });
 * await loginWithCode({ code: '123456' });
 */
export function useLoginWithEmail(
  parameters: UseLoginWithEmailParameters = {},
): UseLoginWithEmailReturnType {
  const { sendCode, loginWithCode, state } = useCodeLogin('useLoginWithEmail', 'email', parameters);
  const actions = useMemo(
    () => ({
      sendCode: ({ email, captchaToken }: { email: string; captchaToken?: string }) =>
        sendCode(email, captchaToken),
      loginWithCode: ({ code }: { code: string }) => loginWithCode(code),
    }),
    [sendCode, loginWithCode],
  );
  return { ...actions, state };
}
