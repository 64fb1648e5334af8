/**
 * The cross-app texts (issue 21; spec sections 2 CROSS_APP_AUTH_SCREEN and 8 "Cross-app"): the
 * provider app's own sign-in and transact pages (`{requester}` is the app asking: its name, or
 * its redirect origin for an outside app; `{app}` the provider app), and the requester's modal
 * (its login-list button and CROSS_APP_AUTH_SCREEN, `{app}` the provider app's name). Merged
 * into the modal's catalogue (`../messages.ts`); each locale's are in `./locales/<locale>.ts`.
 */
export const crossAppMessages = {
  crossAppSignInTitle: 'Sign in to {requester}',
  crossAppSignInDetail: 'with your {app} account',
  crossAppConsentLead: '{requester} will get:',
  crossAppScopeOpenid: 'Your {app} user ID',
  crossAppScopeMailAddress: 'Your email address',
  crossAppScopeWallets: 'Your wallet addresses',
  /** A connection that may ask for signatures (not read-only). */
  crossAppSigningNote:
    '{requester} can ask you to sign messages and transactions with your {app} wallet. You approve each one here.',
  crossAppReadOnlyNote: '{requester} can read your wallet addresses but cannot ask for signatures.',
  crossAppSignedInAs: 'Signed in as {account}',
  crossAppAllow: 'Allow',
  crossAppAllowing: 'Allowing…',
  crossAppDecline: 'Cancel',
  crossAppFailed: 'There was an issue connecting your {app} account. Please try again.',
  // The transact page (issue 21 item 2; spec section 7): a requester asks for a signature.
  crossAppTransactTitle: '{requester} asks for a signature',
  crossAppTransactDetail: 'from your {app} account',
  crossAppTransactWaiting: 'Waiting for the request…',
  crossAppTransactApprove: 'Review the request below, then approve or reject it.',
  crossAppTransactDone: 'Done. This window closes by itself.',
  crossAppTransactNoOpener:
    'This page answers a request from another app. Start the request there.',
  crossAppTransactSignMessage: 'Sign a message',
  crossAppTransactSignTypedData: 'Sign typed data',
  crossAppTransactSendTransaction: 'Send a transaction',
  crossAppTransactReject: 'Reject',
  // The requester's modal (issue 21 item 3; spec sections 2, 4 "Cross-app auth" and 8).
  /** A cross-app button's label until the provider app's name is known (or when unlisted). */
  crossAppAnotherApp: 'Another app',
  crossAppConnectingTitle: 'Connecting to {app}',
  crossAppConnectingDetail: 'Sign in with your {app} account in the window that opened.',
  crossAppConnectedTitle: 'Connected with {app}',
  crossAppConnectedDetail: "You're good to go!",
  crossAppFailedTitle: 'Could not connect',
  /** Spec section 8: the popup closed without an answer. */
  crossAppCanceled: 'User canceled flow',
  /** Spec section 8: no answer within 120 s. */
  crossAppTimedOut: 'Authorization request timed out after 2 minutes.',
  /** Spec section 8: the provider app has not registered this app (or removed it). */
  crossAppInvalidApp: 'Invalid connected app',
  /** Spec section 5: the state code did not match. */
  crossAppUnexpectedFlow: 'Unexpected auth flow. This may be a phishing attempt.',
  crossAppRetry: 'Try again',
  crossAppOtherMethod: 'Use another method',
} as const;
