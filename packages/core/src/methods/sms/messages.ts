/**
 * The SMS method's texts that core shows (spec sections 2, 4, 5 and 8; issue 11): the phone
 * input, the code screen's phone lines and the region refusal. Merged into core's one catalogue
 * (`messages` of `../../messages.ts`) through `METHOD_MESSAGES` (`../links.ts`); overridden like
 * any text. `{phone}` and `{app}` are filled by `formatMessage`.
 */
export const smsMessages = {
  /** Validation of the phone input (spec section 5). */
  invalidPhone: 'Please enter a valid phone number.',
  phoneLabel: 'Phone number',
  countryLabel: 'Country',
  continueWithSms: 'Continue with SMS',
  useSmsInstead: 'Use SMS instead',
  /** AWAITING_PASSWORDLESS_CODE for a phone number (spec section 4). */
  checkPhoneForCode: 'Please check {phone} for a text from {app} and enter your code below.',
  didNotGetSms: "Didn't get a text?",
  /** The error screen of `not_supported` (spec section 8). */
  regionNotSupportedTitle: 'This region is not supported',
  regionNotSupportedDetail: 'SMS authentication from this region is not available',
} as const;
