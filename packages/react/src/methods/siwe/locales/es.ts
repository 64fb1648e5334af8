import type { Messages } from '../../../messages.ts';

/** Spanish (es) texts of this login method (issue 14, item 12). */
const es: Pick<
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
  continueWithWallet: 'Continuar con una wallet',
  moreWallets: 'Más wallets',
  detectedWallet: 'Instalada',
  otherWallets: 'Otras wallets',
  awaitingConnectionTitle: 'Esperando a {wallet}',
  awaitingConnectionWaiting: 'Abre {wallet} y aprueba la conexión.',
  awaitingConnectionSwitching: 'Cambiando {wallet} a una red compatible…',
  awaitingConnectionConnected:
    'Firma el mensaje en {wallet} para demostrar que esta wallet es tuya.',
  awaitingConnectionVerifying: 'Verificando…',
  awaitingConnectionSuccess: 'Conectada',
  signInButton: 'Firmar con {wallet}',
  useDifferentWallet: 'Usar otra wallet',
  siweStatement:
    'Al firmar, demuestras que esta wallet es tuya e inicias sesión. Esto no inicia ninguna transacción ni tiene ningún coste.',
  loginFailedTitle: 'No se pudo conectar con la wallet',
  unableToConnectWallet: 'No se puede conectar la wallet',
  walletUserRejected: 'Has rechazado la solicitud en tu wallet.',
  walletTimedOut: 'Se agotó el tiempo de espera de la solicitud. Inténtalo de nuevo.',
  walletUserExists: 'Esta wallet ya está vinculada a otro usuario.',
  walletGenericError: 'Algo ha salido mal al conectar tu wallet.',
  walletNotInstalled: '{wallet} no está instalada en este navegador.',
  phantomFailure:
    'Comprueba que la función multichain de Phantom esté activada e inténtalo de nuevo.',
  inAppBrowserTitle: 'Abrir en un navegador externo',
  inAppBrowserDetail:
    'Parece que estás usando un navegador integrado en una app. Para iniciar sesión, vuelve a intentarlo desde un navegador externo.',
  phantomInterstitialTitle: 'Phantom',
  phantomInterstitialDetail:
    'Phantom no está disponible en este navegador. Instálalo o abre esta página en la app de Phantom.',
  installPhantom: 'Instalar Phantom',
  openInPhantomApp: 'Abrir en la app de Phantom',
  installPhantomTitle: 'Configurar Phantom',
  installPhantomStep1: 'Instala la extensión de Phantom para el navegador',
  installPhantomStep2: 'Crea una wallet nueva o importa una que ya tengas',
  installPhantomStep3: 'Guarda tu frase de recuperación en un lugar seguro',
  installPhantomStep4: 'Vuelve a cargar esta página',
  reloadPage: 'Volver a cargar',
  phantomRedirectTitle: 'Abriendo Phantom…',
  phantomRedirectStillHere: '¿Sigues aquí?',
  phantomRedirectRetry: 'Volver a abrir Phantom',
  goToAppStore: 'Ir a la App Store',
  walletConnectTitle: 'Escanea con tu teléfono',
  walletConnectDetail: 'Escanea este código con una wallet compatible con WalletConnect.',
  walletConnectUnavailable: 'WalletConnect no está configurado en esta app.',
  linkWalletTitle: 'Vincular una wallet',
  linkWalletDetail: 'Firma un mensaje para demostrar que es tuya.',
  installWallet: 'Instalar {wallet}',
};

export default es;
