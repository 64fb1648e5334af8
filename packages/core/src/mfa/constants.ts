/**
 * The client's MFA constants (issue 15; spec sections 4 "MFA prompt", 8 "MFA" and 9). The wire
 * constants (code length, verification lifetime, server attempt caps) are `@latchkey/api`'s
 * (`mfa.ts`).
 */

/**
 * How long core waits, in ms, for the user to pass MFA once an embedded-wallet operation was
 * refused with `missing_or_invalid_mfa` (spec section 9: 'MFA code wait 300000 ms'). After it the
 * operation fails with the wallet error type `mfa_timeout` ({@link MFA_TIMEOUT_MESSAGE}).
 */
export const MFA_CODE_WAIT_MS = 300_000;

/**
 * Attempts of an embedded-wallet operation in all, the first included, while the frame answers
 * `missing_or_invalid_mfa` (spec sections 4 "MFA prompt" and 9: 'up to 4 attempts on
 * MFA-required errors'). After the last, that error is thrown.
 */
export const MFA_MAX_REQUIRED_ATTEMPTS = 4;

/** Message of the error a cancelled MFA prompt rejects with (spec section 8: 'MFA canceled'). */
export const MFA_CANCELED_MESSAGE = 'MFA canceled';

/** Message of the `mfa_timeout` wallet error (spec section 8). */
export const MFA_TIMEOUT_MESSAGE = 'Timed out waiting for MFA code';
