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
} as const;
