/**
 * The Farcaster method's modal texts (issue 16): AWAITING_FARCASTER_CONNECTION (spec sections
 * 2, 4 and 8, "OAuth and Farcaster"). Merged into `reactMessages` through `METHOD_MESSAGES`
 * (`../links.ts`); overridden like any text, through `config.messages`. The screen also shows
 * core's 'Authentication failed' (`authenticationFailedTitle`), 'This account has already been
 * linked to another user.' (`linkedToAnotherUserDetail`) and the timeout's 'The request timed
 * out. Try again.' (`farcasterTimedOut`), and the modal's `copied` and `tryAnotherMethod`.
 */
export const farcasterMessages = {
  /** While the relay channel opens. */
  farcasterOpeningTitle: 'Connecting to Farcaster',
  farcasterOpeningDetail: 'Preparing your sign-in link…',
  /** The QR code (spec section 2, AWAITING_FARCASTER_CONNECTION). */
  farcasterTitle: 'Sign in with Farcaster',
  farcasterScanDetail: "Scan with your phone's camera to continue.",
  farcasterQrAlt: 'QR code to sign in with Farcaster',
  farcasterCopyLink: 'Copy link',
  /** The deep link shown on phones (below 440 px). */
  farcasterOpenApp: 'Open Farcaster',
  /** After the Farcaster app has signed, while the server verifies it. */
  farcasterVerifyingTitle: 'Verifying with Farcaster',
  farcasterVerifyingDetail: 'Checking your Farcaster account…',
  farcasterConnectedTitle: 'Connected with Farcaster',
  farcasterConnectedDetail: "You're good to go!",
  /** Failure details (spec section 8, "OAuth and Farcaster"). */
  farcasterInvalidCredentials: 'Something went wrong. Try again.',
  farcasterTooManyRequests: 'Too many requests. Please wait before trying again.',
  farcasterCannotLinkMore: 'You cannot authorize more than one account for this user.',
  farcasterSomethingWentWrong: 'Something went wrong. Please try again.',
  /** Opens a fresh channel. */
  farcasterRetry: 'Try again',
} as const;
