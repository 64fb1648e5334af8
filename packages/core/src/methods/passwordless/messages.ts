/**
 * The code-by-message texts that core shows (spec sections 4 and 8; issue 11), shared by email
 * and SMS: AWAITING_PASSWORDLESS_CODE's input, resend and verification states. Merged into
 * core's one catalogue (`messages` of `../../messages.ts`) through `METHOD_MESSAGES`
 * (`../links.ts`); overridden like any text.
 */
export const passwordlessMessages = {
  /** Validation of the code input (spec section 5). */
  codeShouldBeNumeric: 'Code should be numeric',
  invalidOrExpiredCode: 'Invalid or expired verification code',
  issueVerifyingCode: 'Issue verifying code',
  codeSent: 'Code sent',
  resendCode: 'Resend code',
  enterConfirmationCode: 'Enter confirmation code',
  success: 'Success!',
  /**
   * A code after CODE_MAX_ATTEMPTS (5) wrong answers: the server refuses it even when right
   * (spec section 9). The spec has no text for it; the screen offers `sendNewCode`.
   */
  codeExhausted: 'Too many wrong codes. This code can no longer be used.',
  sendNewCode: 'Send a new code',
} as const;
