/**
 * MFA wire contract, zod-free part (issue 15; spec sections 3 "MFA payloads" and "TOTP enrolment info", 5, 7,
 * 9). Every MFA call is made by the wallet frame with `Authorization: DPoP <access token>` and a
 * proof by the frame's own key (`DPOP_ROUTES`), so a stolen access token alone can neither enrol,
 * remove nor pass a second factor.
 *
 * A successful verification (or enrolment) marks the session MFA-verified for
 * {@link MFA_VERIFICATION_TTL_S} seconds; while a user has an enrolled method, the server
 * releases wallet shares only to such a session (`missing_or_invalid_mfa` otherwise).
 */

/** MFA methods (spec section 3). */
export const MFA_METHODS = ['sms', 'totp', 'passkey'] as const;
/** An MFA method (spec section 3): `sms`, `totp`, `passkey`. */
export type MfaMethod = (typeof MFA_METHODS)[number];

/** Digits of an MFA code (spec section 5: 'Passcode must be exactly 6 numbers'). */
export const MFA_CODE_LENGTH = 6;
/** Refusal of an MFA code with a non-digit (spec section 5). */
export const MFA_CODE_NOT_DIGITS_MESSAGE = 'Passcode can only be numbers';
/** Refusal of an MFA code of the wrong length (spec section 5). */
export const MFA_CODE_LENGTH_MESSAGE = 'Passcode must be exactly 6 numbers';

/**
 * The spec's refusal of an MFA code (section 5), or null when it is acceptable: any non-digit
 * ({@link MFA_CODE_NOT_DIGITS_MESSAGE}), then a length other than {@link MFA_CODE_LENGTH}
 * ({@link MFA_CODE_LENGTH_MESSAGE}). `typing: true` checks a code still being typed, where too
 * few digits is not yet wrong. One rule for the frame's check and the modal's field.
 */
export function mfaCodeError(
  code: string,
  { typing = false }: { typing?: boolean } = {},
): typeof MFA_CODE_NOT_DIGITS_MESSAGE | typeof MFA_CODE_LENGTH_MESSAGE | null {
  if (/\D/.test(code)) return MFA_CODE_NOT_DIGITS_MESSAGE;
  if (code.length > MFA_CODE_LENGTH || (!typing && code.length !== MFA_CODE_LENGTH)) {
    return MFA_CODE_LENGTH_MESSAGE;
  }
  return null;
}
/** TOTP time step in seconds (RFC 6238, the authenticator apps' default). */
export const TOTP_PERIOD_S = 30;
/** TOTP steps accepted either side of the current one (clock drift), each step used once. */
export const TOTP_WINDOW_STEPS = 1;
/**
 * Seconds a verification keeps the session MFA-verified (minutes, not hours): after it, a wallet
 * share needs a new verification.
 */
export const MFA_VERIFICATION_TTL_S = 600;
/** Wrong MFA codes per user within {@link MFA_FAILURE_WINDOW_S} before the server refuses. */
export const MFA_MAX_ATTEMPTS = 4;
/** Window of {@link MFA_MAX_ATTEMPTS}, seconds. */
export const MFA_FAILURE_WINDOW_S = 300;

/**
 * Linked account types whose subject names the user in an authenticator app (the TOTP URI's
 * label), in order of preference; the user id when the user has none.
 */
export const MFA_LABEL_ACCOUNT_TYPES: readonly string[] = ['email', 'phone'];

/** Message of `missing_or_invalid_mfa` when a share or a method change needs a fresh MFA. */
export const MFA_REQUIRED_MESSAGE = 'MFA verification required';
/** Message of a wrong or reused MFA code (spec section 8). */
export const MFA_INVALID_CODE_MESSAGE = 'The code you entered is not valid';
/** Message of `mfa_verification_max_attempts_reached` (spec section 8). */
export const MFA_MAX_ATTEMPTS_MESSAGE = 'Max MFA verification attempts reached';
/** Message when a user with methods changes them unverified (spec section 4, MFA enrolment). */
export const MFA_CHANGE_NEEDS_VERIFICATION_MESSAGE =
  'To add or delete verification methods, verification is required';

/** The MFA custody paths (all `POST`, DPoP by the wallet frame; spec section 7). */
export const MFA_ROUTES = {
  /** Empty body: a new pending TOTP secret, answered as {@link totpEnrollmentInitResponse}. */
  mfaTotpInit: '/api/v1/mfa/totp/init',
  /** {@link mfaCodeRequest}: enrols the pending secret; answers `{user}`. */
  mfaTotpEnroll: '/api/v1/mfa/totp/enroll',
  /** {@link mfaCodeRequest}: verifies a TOTP code; answers {@link mfaVerifyResponse}. */
  mfaTotpVerify: '/api/v1/mfa/totp/verify',
  /**
   * `{action: 'enroll', phone_number}` or `{action: 'verify'}`: texts a code to the number being
   * enrolled, or to the enrolled number; answers `{}`.
   */
  mfaSmsInit: '/api/v1/mfa/passwordless_sms/init',
  /** `{phone_number, code}`: enrols the number the code was texted to; answers `{user}`. */
  mfaSmsEnroll: '/api/v1/mfa/passwordless_sms/enroll',
  /** {@link mfaCodeRequest}: verifies a texted code; answers {@link mfaVerifyResponse}. */
  mfaSmsVerify: '/api/v1/mfa/passwordless_sms/verify',
  /** `{credential_ids}`: enrols passkeys already linked to the user; answers `{user}`. */
  mfaPasskeysEnroll: '/api/v1/mfa/passkeys/enroll',
  /** `{response}`: an assertion over a {@link MFA_PASSKEY_INIT_ROUTE} challenge; `{verified_until}`. */
  mfaPasskeysVerify: '/api/v1/mfa/passkeys/verify',
  /** {@link mfaUnenrollRequest}: removes a method (needs a fresh verification); answers `{user}`. */
  mfaUnenroll: '/api/v1/mfa/unenroll',
} as const;

/**
 * `POST`, empty body, `Authorization: Bearer` from the host page (spec section 7): WebAuthn
 * request options for the user's MFA passkeys, with the calling Origin's host as RP ID (the page
 * runs `navigator.credentials.get`, the frame submits the assertion). Not a custody route: a
 * challenge alone proves nothing.
 */
export const MFA_PASSKEY_INIT_ROUTE = '/api/v1/mfa/passkeys/init';
