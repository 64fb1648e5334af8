import { useMemo } from 'react';
import {
  type CodeLoginParameters,
  type CodeLoginState,
  useCodeLogin,
} from '../passwordless/useCodeLogin.ts';

/** Callbacks of {@link useLoginWithSms}: `onComplete({ user, isNewUser })`, `onError(error)`. */
export type UseLoginWithSmsParameters = CodeLoginParameters;

/** What {@link useLoginWithSms} returns. */
export interface UseLoginWithSmsReturnType {
  /**
   * Texts a 6-digit code to `phoneNumber` ('+<calling code> <number>', e.g. '+1 4155552671';
   * `POST /api/v1/passwordless_sms/init`): `state.status` 'sending-code' ->
   * 'awaiting-code-input', or 'error'. Never rejects: a failure lands in `state.error` and
   * `onError` (e.g. `invalid_input`, `invalid_captcha`, `allowlist_rejected`).
   */
  sendCode: (parameters: { phoneNumber: string; captchaToken?: string }) => Promise<void>;
  /**
   * Checks the code texted by the last `sendCode` and logs in: 'submitting-code' -> 'done' and
   * `onComplete({ user, isNewUser })`, or 'error' and `onError`: `invalid_input` (not 6 digits),
   * `invalid_credentials` / 422 (wrong or expired code; back to 'awaiting-code-input' after
   * 1400 ms), `max_accounts_reached`, `user_does_not_exist`, `allowlist_rejected`. Never rejects.
   */
  loginWithCode: (parameters: { code: string }) => Promise<void>;
  /** `{ status, error }`; `error` only while `status` is 'error'. */
  state: CodeLoginState;
}

/**
 * Headless SMS-code login for a custom UI (issue 12; Privy's `useLoginWithSms`; spec section 4
 * "Email or SMS login"): core's passwordless flow on the 'sms' channel, no modal.
 *
 * @throws {LatchkeyProviderMissingError} when used outside `<LatchkeyProvider>`.
 * @example
 * const { sendCode, loginWithCode, state } = useLoginWithSms({ onError: (e) => show(e.code) });
 * await sendCode({ phoneNumber: '+1 4155552671' });
 * await loginWithCode({ code: '123456' });
 */
export function useLoginWithSms(
  parameters: UseLoginWithSmsParameters = {},
): UseLoginWithSmsReturnType {
  const { sendCode, loginWithCode, state } = useCodeLogin('useLoginWithSms', 'sms', parameters);
  const actions = useMemo(
    () => ({
      sendCode: ({ phoneNumber, captchaToken }: { phoneNumber: string; captchaToken?: string }) =>
        sendCode(phoneNumber, captchaToken),
      loginWithCode: ({ code }: { code: string }) => loginWithCode(code),
    }),
    [sendCode, loginWithCode],
  );
  return { ...actions, state };
}
