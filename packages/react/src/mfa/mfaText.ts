import {
  type MfaMethod,
  MFA_CODE_LENGTH_MESSAGE,
  MFA_CODE_NOT_DIGITS_MESSAGE,
  MFA_INVALID_CODE_MESSAGE,
  mfaCodeError,
} from '@latchkey/api';
import { WalletError } from '@latchkey/core';
import { isMfaCanceledError } from '@latchkey/core/embedded-wallet';
import type { Messages } from '../messages.ts';

/**
 * What is wrong with a typed MFA code (`mfaCodeError` of `@latchkey/api`, spec section 5), in
 * the modal's language: 'Passcode can only be numbers', 'Passcode must be exactly 6 numbers'
 * (too few only when `complete`, on submit); else null.
 */
export function mfaCodeProblem(code: string, m: Messages, complete: boolean): string | null {
  const error = mfaCodeError(code, { typing: !complete });
  if (error === MFA_CODE_NOT_DIGITS_MESSAGE) return m.mfaCodeNotDigits;
  return error ? m.mfaCodeLength : null;
}

/**
 * The prompt's text for a failed MFA call (spec section 8, "MFA"): max attempts, an invalid
 * code, the time limit, a cancel, the passcode rules, a refused passkey, the rate limit ('Too
 * many attempts.'); else 'Something went wrong.'
 */
export function mfaErrorText(error: unknown, m: Messages): string {
  const type = error instanceof WalletError ? error.type : undefined;
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (type === 'mfa_verification_max_attempts_reached') return m.mfaMaxAttempts;
  if (type === 'mfa_timeout') return m.mfaTimeoutError;
  if (isMfaCanceledError(error)) return m.mfaCanceled;
  if (message.includes(MFA_CODE_NOT_DIGITS_MESSAGE)) return m.mfaCodeNotDigits;
  if (message.includes(MFA_CODE_LENGTH_MESSAGE)) return m.mfaCodeLength;
  if (type === 'missing_or_invalid_mfa' || message === MFA_INVALID_CODE_MESSAGE) {
    return m.mfaInvalidCode;
  }
  if (code === 'passkey_not_allowed') return m.passkeyNotAllowed;
  // Spec section 8: a message naming 'code 429' is the rate limit (an SMS sent too often).
  if (message.includes('code 429')) return m.tooManyRequestsDetail;
  return m.mfaUnknownError;
}

/** The method's display name ('SMS', 'Authenticator app', 'Passkey'). */
export function mfaMethodName(method: MfaMethod, m: Messages): string {
  return method === 'sms'
    ? m.mfaMethodSms
    : method === 'totp'
      ? m.mfaMethodTotp
      : m.mfaMethodPasskey;
}

/** The method's one-line description for the chooser. */
export function mfaMethodDetail(method: MfaMethod, m: Messages): string {
  return method === 'sms'
    ? m.mfaMethodSmsDetail
    : method === 'totp'
      ? m.mfaMethodTotpDetail
      : m.mfaMethodPasskeyDetail;
}
