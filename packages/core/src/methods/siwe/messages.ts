/**
 * The SIWE method's texts that core shows (spec sections 2, 4 and 8; issue 4 and 11): the
 * wallet entries of the login list, AWAITING_CONNECTION (EIP-1193 connection, network switch,
 * EIP-4361 signature), LOGIN_FAILED_SCREEN, the in-app browser and Phantom screens, and
 * WalletConnect. Merged into core's one catalogue (`messages` of `../../messages.ts`) through
 * `METHOD_MESSAGES` (`../links.ts`); overridden like any text. `{wallet}` is the wallet's name.
 */
export const siweMessages = {
  continueWithWallet: 'Continue with a wallet',
  moreWallets: 'More wallets',
  detectedWallet: 'Installed',
  otherWallets: 'Other wallets',
  /** AWAITING_CONNECTION, by step of `createWalletConnectionFlow`. */
  awaitingConnectionTitle: 'Waiting for {wallet}',
  awaitingConnectionWaiting: 'Open {wallet} and approve the connection.',
  awaitingConnectionSwitching: 'Switching {wallet} to a supported network…',
  awaitingConnectionConnected: 'Sign the message in {wallet} to prove you own this wallet.',
  awaitingConnectionVerifying: 'Verifying…',
  awaitingConnectionSuccess: 'Connected',
  signInButton: 'Sign with {wallet}',
  useDifferentWallet: 'Use a different wallet',
  /** The EIP-4361 statement of the message the wallet signs. */
  siweStatement:
    'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.',
  /** LOGIN_FAILED_SCREEN and the wallet connection's one-line errors (spec section 8). */
  loginFailedTitle: 'Could not connect with wallet',
  unableToConnectWallet: 'Unable to connect wallet',
  walletUserRejected: 'You declined the request in your wallet.',
  walletTimedOut: 'The request timed out. Try again.',
  walletUserExists: 'This wallet has already been linked to another user.',
  walletGenericError: 'Something went wrong while connecting your wallet.',
  walletNotInstalled: '{wallet} is not installed in this browser.',
  phantomFailure: 'Please check that Phantom multichain is enabled and try again.',
  /** IN_APP_BROWSER_LOGIN_NOT_POSSIBLE. */
  inAppBrowserTitle: 'Open in an external browser',
  inAppBrowserDetail:
    "It looks like you're using an in-app browser. To log in, please try again using an external browser.",
  /** PHANTOM_INTERSTITIAL_SCREEN, INSTALL_PHANTOM_SCREEN and PHANTOM_REDIRECT_SCREEN. */
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
  /** The WalletConnect QR screen. */
  walletConnectTitle: 'Scan with your phone',
  walletConnectDetail: 'Scan this code with a WalletConnect-compatible wallet.',
  walletConnectUnavailable: 'WalletConnect is not configured for this app.',
} as const;
