/**
 * The texts of a provider app's own sign-in page (issue 21 item 2; spec section 2
 * CROSS_APP_AUTH_SCREEN, provider side): `{requester}` is the app asking (its name, or its
 * redirect origin for an outside app), `{app}` the provider app. Merged into the modal's
 * catalogue (`../messages.ts`); each locale's are in `./locales/<locale>.ts`.
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
} as const;
