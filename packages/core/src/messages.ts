/**
 * Every user-facing string of `@latchkey/core`, in English (spec sections 2, 4, 5 and 8).
 * One flat catalogue so any string can be overridden with a `Partial<Messages>`:
 * `errorScreenFor(err, { appName, messages: { defaultErrorTitle: 'Oops' } })`.
 * Placeholders in braces (`{app}`, `{email}`) are filled by {@link formatMessage}.
 */
export const messages = {
  // Validation (spec section 5)
  invalidAppId: 'Cannot initialize the Latchkey provider with an invalid Latchkey app ID',
  invalidEmail: 'Please enter a valid email address.',
  codeShouldBeNumeric: 'Code should be numeric',
  alreadyLoggedIn:
    'Attempted to log in, but user is already logged in. Use a `link` helper instead.',

  // Session (spec section 8, "Other")
  refreshTokenInvalid: 'Unable to refresh tokens - token is missing or no longer valid',

  // Code entry (spec sections 4 and 8)
  invalidOrExpiredCode: 'Invalid or expired verification code',
  issueVerifyingCode: 'Issue verifying code',
  codeSent: 'Code sent',
  resendCode: 'Resend code',
  enterConfirmationCode: 'Enter confirmation code',
  checkEmailForCode: 'Please check {email} for an email from {app} and enter your code below.',
  didNotGetEmail: "Didn't get an email?",
  checkPhoneForCode: 'Please check {phone} for a text from {app} and enter your code below.',
  didNotGetSms: "Didn't get a text?",
  success: 'Success!',

  // Login and connect (spec section 2)
  emailPlaceholder: 'your@email.com',
  invalidPhone: 'Please enter a valid phone number.',
  phoneLabel: 'Phone number',
  countryLabel: 'Country',
  submit: 'Submit',
  moreOptions: 'More options',
  iHaveAPasskey: 'I have a passkey',
  connect: 'Connect',
  loginFailedTitle: 'Could not connect with wallet',
  tryAgain: 'Try again',
  cancel: 'Cancel',
  consentTitle: 'One last step',
  consentText: 'By signing up, you agree to our terms and privacy policy.',
  viewTerms: 'View Terms',
  viewPrivacyPolicy: 'View Privacy Policy',
  noThanks: 'No thanks',
  accept: 'Accept',
  footerTerms: 'By logging in I agree to the Terms & Privacy Policy',
  protectedBy: 'Protected by',

  // Error screen by code (spec section 8)
  timedOutTitle: 'Timed out',
  timedOutDetail: 'The request timed out.',
  timedOutCta: 'Try again',
  somethingWentWrongTitle: 'Something went wrong',
  somethingWentWrongCta: 'Try again',
  invalidCaptchaDetail: 'Please try again.',
  notAllowedTitle: 'Not allowed',
  notAllowedDetail: 'This login method is not allowed for this app.',
  tryAnotherMethod: 'Try another method',
  allowlistRejectedTitle: "You don't have access to this app",
  allowlistRejectedDetail: 'Have you been invited?',
  allowlistRejectedCta: 'Try another account',
  captchaFailureDetail: 'You did not pass CAPTCHA. Please try again.',
  captchaFailureExhaustedDetail: 'If you use an adblocker or VPN, try disabling and re-attempting.',
  captchaTimeoutTitle: 'Something went wrong!',
  captchaTimeoutDetail: 'Please try again later.',
  authenticationFailedTitle: 'Authentication failed',
  linkedToAnotherUserDetail: 'This account has already been linked to another user.',
  regionNotSupportedTitle: 'This region is not supported',
  regionNotSupportedDetail: 'SMS authentication from this region is not available',
  tooManyRequestsTitle: 'Request failed',
  tooManyRequestsDetail: 'Too many attempts.',
  tooManyRequestsCta: 'Try again later',
  userLimitReachedTitle: 'Unable to sign in',
  userLimitReachedDetail:
    'This application has reached its user limit and cannot sign in new users.',
  userLimitReachedCta: 'Try again later',
  accountNotFoundTitle: 'Account not found',
  accountNotFoundDetail: 'Please try logging in again or go to {app} to create an account.',
  accountNotFoundCta: 'Try again',
  defaultErrorTitle: 'Something went wrong',
  defaultErrorDetail: 'Try later',
  defaultErrorCta: 'Try again',

  // Wallet connection and the login list (spec sections 2, 4, 5 and 8; issue 4)
  continueWithWallet: 'Continue with a wallet',
  moreWallets: 'More wallets',
  moreSocials: 'More options',
  continueWithEmail: 'Continue with email',
  continueWithSms: 'Continue with SMS',
  useEmailInstead: 'Use email instead',
  useSmsInstead: 'Use SMS instead',
  detectedWallet: 'Installed',
  otherWallets: 'Other wallets',
  awaitingConnectionTitle: 'Waiting for {wallet}',
  awaitingConnectionWaiting: 'Open {wallet} and approve the connection.',
  awaitingConnectionSwitching: 'Switching {wallet} to a supported network…',
  awaitingConnectionConnected: 'Sign the message in {wallet} to prove you own this wallet.',
  awaitingConnectionVerifying: 'Verifying…',
  awaitingConnectionSuccess: 'Connected',
  signInButton: 'Sign with {wallet}',
  useDifferentWallet: 'Use a different wallet',
  unableToConnectWallet: 'Unable to connect wallet',
  walletUserRejected: 'You declined the request in your wallet.',
  walletTimedOut: 'The request timed out. Try again.',
  walletUserExists: 'This wallet has already been linked to another user.',
  walletGenericError: 'Something went wrong while connecting your wallet.',
  walletNotInstalled: '{wallet} is not installed in this browser.',
  phantomFailure: 'Please check that Phantom multichain is enabled and try again.',
  inAppBrowserTitle: 'Open in an external browser',
  inAppBrowserDetail:
    "It looks like you're using an in-app browser. To log in, please try again using an external browser.",
  siweStatement:
    'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.',
  methodNotConfiguredTitle: 'Not available yet',
  methodNotConfiguredDetail: '{method} login is not configured for this app.',
  phantomInterstitialTitle: 'Phantom',
  phantomInterstitialDetail:
    'Phantom is not available in this browser. Install it or open this page in the Phantom app.',
  installPhantom: 'Install Phantom',
  openInPhantomApp: 'Open in the Phantom app',
  installPhantomTitle: 'Set up Phantom',
  installPhantomStep1: 'Install the Phantom browser extension',
  installPhantomStep2: 'Set up a new wallet or import an existing one',
  installPhantomStep3: 'Store your recovery phrase somewhere safe',
  installPhantomStep4: 'Reload this page',
  reloadPage: 'Reload page',
  phantomRedirectTitle: 'Opening Phantom…',
  phantomRedirectStillHere: 'Still here?',
  phantomRedirectRetry: 'Open Phantom again',
  goToAppStore: 'Go to App Store',
  connectOnlyTitle: 'Connect a wallet',
  connectOnlyAuthenticatedTitle: 'Wallet connected',
  connectOnlyAuthenticatedDetail: '{address} is connected to this page.',
  done: 'Done',
  walletConnectTitle: 'Scan with your phone',
  walletConnectDetail: 'Scan this code with a WalletConnect-compatible wallet.',
  walletConnectUnavailable: 'WalletConnect is not configured for this app.',
  // Passkey errors (spec section 8)
  passkeyNotAllowed: 'Passkey request timed out or rejected by user.',
  passkeyCannotLinkMore: 'Cannot link more passkeys to account.',
  passkeyMfaUnlink: 'Cannot unlink a passkey enrolled in MFA',
  passkeyUnknownError: 'An unknown error occurred.',

  // Accounts: linking, unlinking, terms (spec sections 5, 6, 7 and 8; issue 6)
  mustBeLoggedInToLink: 'You must be logged in to link an account.',
  mustBeLoggedIn: 'You must be logged in to change your accounts.',
  emailRequiredToUpdate: 'User is required to have an email address to update it.',
  linkFailedTitle: 'Could not link account',
  unlinkFailedTitle: 'Could not remove account',
  updateEmailFailedTitle: 'Could not update email',
  cannotUnlinkLastAccountDetail:
    'This is your only login method. Link another one before removing it.',
  cannotUnlinkEmbeddedWalletDetail: 'The embedded wallet cannot be unlinked.',
  accountNotLinkedDetail: 'This account is not linked to your user.',
  cannotLinkMoreOfType: 'User already has an account of type {type} linked.',
  oauthCannotLinkMore: 'You cannot authorize more than one account for this user.',
  captchaUnsupportedSiteKey: 'Unsupported captcha site key',
} as const;

/** The catalogue's shape: every key maps to a string. */
export type Messages = { -readonly [K in keyof typeof messages]: string };

/** Any subset of the catalogue, to override strings. */
export type MessageOverrides = Partial<Messages>;

/**
 * Merges overrides onto the English catalogue.
 *
 * @param overrides - Strings to replace; `undefined` values are ignored.
 * @returns A full catalogue.
 */
export function resolveMessages(overrides?: MessageOverrides): Messages {
  if (!overrides) return messages;
  const merged: Messages = { ...messages };
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') merged[key as keyof Messages] = value;
  }
  return merged;
}

/**
 * Fills `{name}` placeholders; unknown placeholders are left as written.
 *
 * @example formatMessage('Go to {app}', { app: 'Acme' }) // 'Go to Acme'
 */
export function formatMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}
