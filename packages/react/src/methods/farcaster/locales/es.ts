import type { Messages } from '../../../messages.ts';

/** Spanish (es) texts of this login method (issue 16; issue 14, item 12). */
const es: Pick<
  Messages,
  | 'farcasterTimedOut'
  | 'farcasterOpeningTitle'
  | 'farcasterOpeningDetail'
  | 'farcasterTitle'
  | 'farcasterScanDetail'
  | 'farcasterQrAlt'
  | 'farcasterCopyLink'
  | 'farcasterOpenApp'
  | 'farcasterVerifyingTitle'
  | 'farcasterVerifyingDetail'
  | 'farcasterConnectedTitle'
  | 'farcasterConnectedDetail'
  | 'farcasterInvalidCredentials'
  | 'farcasterTooManyRequests'
  | 'farcasterCannotLinkMore'
  | 'farcasterSomethingWentWrong'
  | 'farcasterRetry'
> = {
  farcasterTimedOut: 'La solicitud ha caducado. Inténtalo de nuevo.',
  farcasterOpeningTitle: 'Conectando con Farcaster',
  farcasterOpeningDetail: 'Preparando tu enlace de inicio de sesión…',
  farcasterTitle: 'Inicia sesión con Farcaster',
  farcasterScanDetail: 'Escanea con la cámara de tu teléfono para continuar.',
  farcasterQrAlt: 'Código QR para iniciar sesión con Farcaster',
  farcasterCopyLink: 'Copiar enlace',
  farcasterOpenApp: 'Abrir Farcaster',
  farcasterVerifyingTitle: 'Verificando con Farcaster',
  farcasterVerifyingDetail: 'Comprobando tu cuenta de Farcaster…',
  farcasterConnectedTitle: 'Conectado con Farcaster',
  farcasterConnectedDetail: '¡Todo listo!',
  farcasterInvalidCredentials: 'Algo salió mal. Inténtalo de nuevo.',
  farcasterTooManyRequests: 'Demasiadas solicitudes. Espera antes de volver a intentarlo.',
  farcasterCannotLinkMore: 'No puedes autorizar más de una cuenta para este usuario.',
  farcasterSomethingWentWrong: 'Algo salió mal. Vuelve a intentarlo.',
  farcasterRetry: 'Reintentar',
};

export default es;
