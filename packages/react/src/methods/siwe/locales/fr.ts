import type { Messages } from '../../../messages.ts';

/** French (fr) texts of this login method (issue 14, item 12). */
const fr: Pick<
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
  continueWithWallet: 'Continuer avec un portefeuille',
  moreWallets: 'Plus de portefeuilles',
  detectedWallet: 'Installé',
  otherWallets: 'Autres portefeuilles',
  awaitingConnectionTitle: 'En attente de {wallet}',
  awaitingConnectionWaiting: 'Ouvrez {wallet} et approuvez la connexion.',
  awaitingConnectionSwitching: 'Passage de {wallet} à un réseau pris en charge…',
  awaitingConnectionConnected:
    'Signez le message dans {wallet} pour prouver que ce portefeuille vous appartient.',
  awaitingConnectionVerifying: 'Vérification…',
  awaitingConnectionSuccess: 'Connecté',
  signInButton: 'Signer avec {wallet}',
  useDifferentWallet: 'Utiliser un autre portefeuille',
  siweStatement:
    'En signant, vous prouvez que ce portefeuille vous appartient et vous vous connectez. Cela ne lance aucune transaction et n’entraîne aucuns frais.',
  loginFailedTitle: 'Impossible de se connecter avec le portefeuille',
  unableToConnectWallet: 'Impossible de connecter le portefeuille',
  walletUserRejected: 'Vous avez refusé la demande dans votre portefeuille.',
  walletTimedOut: 'Le délai de la requête a expiré. Réessayez.',
  walletUserExists: 'Ce portefeuille est déjà associé à un autre utilisateur.',
  walletGenericError: 'Un problème est survenu lors de la connexion de votre portefeuille.',
  walletNotInstalled: '{wallet} n’est pas installé dans ce navigateur.',
  phantomFailure: 'Vérifiez que le mode multichain de Phantom est activé, puis réessayez.',
  inAppBrowserTitle: 'Ouvrir dans un navigateur externe',
  inAppBrowserDetail:
    'Vous semblez utiliser le navigateur intégré d’une app. Pour vous connecter, réessayez dans un navigateur externe.',
  phantomInterstitialTitle: 'Phantom',
  phantomInterstitialDetail:
    'Phantom n’est pas disponible dans ce navigateur. Installez-le ou ouvrez cette page dans l’app Phantom.',
  installPhantom: 'Installer Phantom',
  openInPhantomApp: 'Ouvrir dans l’app Phantom',
  installPhantomTitle: 'Configurer Phantom',
  installPhantomStep1: 'Installez l’extension de navigateur Phantom',
  installPhantomStep2: 'Créez un portefeuille ou importez-en un existant',
  installPhantomStep3: 'Conservez votre phrase de récupération en lieu sûr',
  installPhantomStep4: 'Rechargez cette page',
  reloadPage: 'Recharger la page',
  phantomRedirectTitle: 'Ouverture de Phantom…',
  phantomRedirectStillHere: 'Toujours là ?',
  phantomRedirectRetry: 'Rouvrir Phantom',
  goToAppStore: 'Aller sur l’App Store',
  walletConnectTitle: 'Scannez avec votre téléphone',
  walletConnectDetail: 'Scannez ce code avec un portefeuille compatible WalletConnect.',
  walletConnectUnavailable: 'WalletConnect n’est pas configuré pour cette app.',
  linkWalletTitle: 'Associer un portefeuille',
  linkWalletDetail: 'Signez un message pour prouver qu’il vous appartient.',
  installWallet: 'Installer {wallet}',
};

export default fr;
