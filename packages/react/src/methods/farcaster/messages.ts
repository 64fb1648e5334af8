/**
 * The Farcaster method's modal texts (issue 16): AWAITING_FARCASTER_CONNECTION (spec sections
 * 2, 4 and 8, "OAuth and Farcaster") and AWAITING_FARCASTER_SIGNER (spec section 8, "Signer
 * flow"; it also shows 'Open Farcaster', 'Try again', core's 'The request timed out. Try
 * again.' and 'Something went wrong. Please try again.'). Merged into `reactMessages` through `METHOD_MESSAGES`
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
  /** Opens a fresh channel (and, on AWAITING_FARCASTER_SIGNER, asks for the signer again). */
  farcasterRetry: 'Try again',
  /** AWAITING_FARCASTER_SIGNER: while the wallet frame asks for the signer. */
  farcasterSignerOpeningTitle: 'Preparing your Farcaster signer',
  farcasterSignerOpeningDetail: 'Getting a signing key from your wallet…',
  /** The approval's QR code (the 'Open Farcaster' link on phones). */
  farcasterSignerTitle: 'Add a Farcaster signer',
  farcasterSignerDetail:
    "Approve this app in the Farcaster app so it can post for you. Scan with your phone's camera to open it.",
  farcasterSignerQrAlt: 'QR code to approve the signer in Farcaster',
  farcasterSignerWaiting: 'Waiting for your approval…',
  /** Approved: the modal closes 1.4 s later. */
  farcasterSignerApprovedTitle: 'Signer approved',
  farcasterSignerApprovedDetail: 'This app can now sign Farcaster messages for you.',
  /** Spec section 8, "Signer flow": the timeout's and other failures' title. */
  farcasterSignerFailedTitle: 'Connect failed',
  /** Spec section 8, "Signer flow": the signer was revoked (`farcaster_signer_rejected`). */
  farcasterSignerRejectedTitle: 'Request rejected',
  farcasterSignerRejectedDetail: 'The request was rejected. Please try again.',
} as const;
