/**
 * The email method's modal texts (issue 11): the inline input, LINK_EMAIL_SCREEN and
 * UPDATE_EMAIL_SCREEN (issue 6). Merged into `reactMessages` through `METHOD_MESSAGES`
 * (`../links.ts`); overridden like any text, through `config.messages`.
 */
export const emailMessages = {
  /** Accessible name of the email input on the login list. */
  emailLabel: 'Email address',
  linkEmailTitle: 'Link your email',
  linkEmailDetail: 'We will send a code to confirm it is yours.',
  updateEmailTitle: 'Update your email',
  /** `{email}` is the user's current address. */
  updateEmailDetail: 'Your current email is {email}. We will send a code to the new address.',
  newEmailLabel: 'New email address',
} as const;
