import type { Messages } from '../../../messages.ts';

/** German (de) texts of this login method (issue 14, item 12). */
const de: Pick<
  Messages,
  | 'continueWithWallet'
  | 'moreWallets'
  | 'detectedWallet'
  | 'otherWallets'
  | 'awaitingConnectionTitle'
  | 'awaitingConnectionWaiting'
  | 'awaitingConnectionSwitching'
  | 'awaitingConnectionConnected'
  | 'awaitingConnectionVerifying'
  | 'awaitingConnectionSuccess'
  | 'signInButton'
  | 'useDifferentWallet'
  | 'siweStatement'
  | 'loginFailedTitle'
  | 'unableToConnectWallet'
  | 'walletUserRejected'
  | 'walletTimedOut'
  | 'walletUserExists'
  | 'walletGenericError'
  | 'walletNotInstalled'
  | 'phantomFailure'
  | 'inAppBrowserTitle'
  | 'inAppBrowserDetail'
  | 'phantomInterstitialTitle'
  | 'phantomInterstitialDetail'
  | 'installPhantom'
  | 'openInPhantomApp'
  | 'installPhantomTitle'
  | 'installPhantomStep1'
  | 'installPhantomStep2'
  | 'installPhantomStep3'
  | 'installPhantomStep4'
  | 'reloadPage'
  | 'phantomRedirectTitle'
  | 'phantomRedirectStillHere'
  | 'phantomRedirectRetry'
  | 'goToAppStore'
  | 'walletConnectTitle'
  | 'walletConnectDetail'
  | 'walletConnectUnavailable'
  | 'linkWalletTitle'
  | 'linkWalletDetail'
  | 'installWallet'
> = {
  continueWithWallet: 'Weiter mit Wallet',
  moreWallets: 'Weitere Wallets',
  detectedWallet: 'Installiert',
  otherWallets: 'Andere Wallets',
  awaitingConnectionTitle: 'Warten auf {wallet}',
  awaitingConnectionWaiting: 'Öffnen Sie {wallet} und bestätigen Sie die Verbindung.',
  awaitingConnectionSwitching: '{wallet} wird zu einem unterstützten Netzwerk gewechselt …',
  awaitingConnectionConnected:
    'Signieren Sie die Nachricht in {wallet}, um zu bestätigen, dass Ihnen diese Wallet gehört.',
  awaitingConnectionVerifying: 'Wird überprüft …',
  awaitingConnectionSuccess: 'Verbunden',
  signInButton: 'Mit {wallet} signieren',
  useDifferentWallet: 'Andere Wallet verwenden',
  siweStatement:
    'Mit der Signatur bestätigen Sie, dass Ihnen diese Wallet gehört, und melden sich an. Dabei wird keine Transaktion ausgelöst und es fallen keine Gebühren an.',
  loginFailedTitle: 'Verbindung mit der Wallet fehlgeschlagen',
  unableToConnectWallet: 'Wallet kann nicht verbunden werden',
  walletUserRejected: 'Sie haben die Anfrage in Ihrer Wallet abgelehnt.',
  walletTimedOut: 'Zeitüberschreitung bei der Anfrage. Versuchen Sie es erneut.',
  walletUserExists: 'Diese Wallet ist bereits mit einem anderen Nutzer verknüpft.',
  walletGenericError: 'Beim Verbinden Ihrer Wallet ist etwas schiefgelaufen.',
  walletNotInstalled: '{wallet} ist in diesem Browser nicht installiert.',
  phantomFailure:
    'Bitte prüfen Sie, ob Phantom Multichain aktiviert ist, und versuchen Sie es erneut.',
  inAppBrowserTitle: 'In externem Browser öffnen',
  inAppBrowserDetail:
    'Sie verwenden anscheinend einen In-App-Browser. Um sich anzumelden, versuchen Sie es bitte in einem externen Browser erneut.',
  phantomInterstitialTitle: 'Phantom',
  phantomInterstitialDetail:
    'Phantom ist in diesem Browser nicht verfügbar. Installieren Sie Phantom oder öffnen Sie diese Seite in der Phantom-App.',
  installPhantom: 'Phantom installieren',
  openInPhantomApp: 'In der Phantom-App öffnen',
  installPhantomTitle: 'Phantom einrichten',
  installPhantomStep1: 'Installieren Sie die Browsererweiterung von Phantom',
  installPhantomStep2: 'Richten Sie eine neue Wallet ein oder importieren Sie eine bestehende',
  installPhantomStep3: 'Bewahren Sie Ihre Wiederherstellungsphrase sicher auf',
  installPhantomStep4: 'Laden Sie diese Seite neu',
  reloadPage: 'Seite neu laden',
  phantomRedirectTitle: 'Phantom wird geöffnet …',
  phantomRedirectStillHere: 'Noch da?',
  phantomRedirectRetry: 'Phantom erneut öffnen',
  goToAppStore: 'Zum App Store',
  walletConnectTitle: 'Mit dem Smartphone scannen',
  walletConnectDetail: 'Scannen Sie diesen Code mit einer WalletConnect-kompatiblen Wallet.',
  walletConnectUnavailable: 'WalletConnect ist für diese App nicht eingerichtet.',
  linkWalletTitle: 'Wallet verknüpfen',
  linkWalletDetail: 'Signieren Sie eine Nachricht, um zu bestätigen, dass sie Ihnen gehört.',
  installWallet: '{wallet} installieren',
};

export default de;
