import {
  type MfaMethod,
  MFA_CODE_LENGTH,
  MFA_CODE_LENGTH_MESSAGE,
  MFA_CODE_NOT_DIGITS_MESSAGE,
  MFA_INVALID_CODE_MESSAGE,
} from '@latchkey/api';
import { WalletError } from '@latchkey/core';
import { isMfaCanceledError } from '@latchkey/core/embedded-wallet';
import type { Messages } from '../messages.ts';

/**
 * What is wrong with a typed MFA code (spec section 5, "MFA code": exactly 6 digits), as the
 * screen says it: 'Passcode can only be numbers' for anything but digits, 'Passcode must be
 * exactly 6 numbers' for too many, or too few when `complete` (on submit); else null.
 */
export function mfaCodeProblem(code: string, m: Messages, complete: boolean): string | null {
  if (/\D/.test(code)) return m.mfaCodeNotDigits;
  if (code.length > MFA_CODE_LENGTH || (complete && code.length !== MFA_CODE_LENGTH)) {
    return m.mfaCodeLength;
  }
  return null;
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
