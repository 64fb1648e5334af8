/**
 * The SMS method's modal texts (issue 11): LINK_PHONE_SCREEN (issue 6). Merged into
 * `reactMessages` through `METHOD_MESSAGES` (`../links.ts`); overridden through
 * `config.messages`.
 */
export const smsMessages = {
  linkPhoneTitle: 'Link your phone number',
  linkPhoneDetail: 'We will text a code to confirm it is yours.',
} as const;
