/**
 * The passkey method's modal texts (issue 11): AWAITING_PASSKEY_SYSTEM_DIALOGUE (spec section 4,
 * "Passkey login") and LINK_PASSKEY_SCREEN (issue 6). Merged into `reactMessages` through
 * `METHOD_MESSAGES` (`../links.ts`); overridden like any text, through `config.messages`.
 */
export const passkeyMessages = {
  /** AWAITING_PASSKEY_SYSTEM_DIALOGUE (spec section 4, "Passkey login"). */
  passkeyLoadingTitle: 'Waiting for your passkey',
  passkeyLoadingDetail: 'Follow the prompts from your browser or device.',
  passkeySuccessTitle: 'Success!',
  passkeySuccessDetail: 'You are logged in with your passkey.',
  /** AWAITING_PASSKEY_SYSTEM_DIALOGUE in link mode (issue 6): a passkey was added. */
  passkeyLinkedDetail: 'Your new passkey is added to your account.',
  passkeyErrorTitle: 'Could not use your passkey',
  passkeyRetry: 'Retry',
  passkeySignUp: 'Sign up with a passkey',
  linkPasskeyTitle: 'Your passkeys',
  linkPasskeyDetail: 'Log in with your face, fingerprint or device PIN.',
  noPasskeys: 'You have no passkeys yet.',
  addNewPasskey: 'Add new passkey',
  viewAllPasskeys: 'View all',
  removePasskey: 'Remove',
  removingPasskey: 'Removing...',
  /** LINK_PASSKEY_SCREEN status line after a Remove. */
  passkeyRemoved: 'Passkey removed.',
  /** `{max}` is the server's passkey limit per user. */
  passkeyLimitReached: 'You have the maximum of {max} passkeys.',
  /** `{date}` is the credential's last use, formatted for the user's locale. */
  passkeyLastUsed: 'Last used {date}',
} as const;
