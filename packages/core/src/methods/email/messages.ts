/**
 * The email method's texts that core shows (spec sections 2, 4, 5 and 8; issue 11): the email
 * input, the code screen's email lines and the email update. Merged into core's one catalogue
 * (`messages` of `../../messages.ts`) through `METHOD_MESSAGES` (`../links.ts`); overridden like
 * any text. `{email}` and `{app}` are filled by `formatMessage`.
 */
export const emailMessages = {
  /** Validation of the email input (spec section 5). */
  invalidEmail: 'Please enter a valid email address.',
  emailPlaceholder: 'your@email.com',
  continueWithEmail: 'Continue with email',
  useEmailInstead: 'Use email instead',
  /** AWAITING_PASSWORDLESS_CODE for an email (spec section 4). */
  checkEmailForCode: 'Please check {email} for an email from {app} and enter your code below.',
  didNotGetEmail: "Didn't get an email?",
  /** UPDATE_EMAIL_SCREEN and `email_required_to_update` (issue 6). */
  emailRequiredToUpdate: 'User is required to have an email address to update it.',
  updateEmailFailedTitle: 'Could not update email',
} as const;
