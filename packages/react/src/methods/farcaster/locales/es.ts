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
  | 'farcasterSignerOpeningTitle'
  | 'farcasterSignerOpeningDetail'
  | 'farcasterSignerTitle'
  | 'farcasterSignerDetail'
  | 'farcasterSignerQrAlt'
  | 'farcasterSignerWaiting'
  | 'farcasterSignerApprovedTitle'
  | 'farcasterSignerApprovedDetail'
  | 'farcasterSignerFailedTitle'
  | 'farcasterSignerRejectedTitle'
  | 'farcasterSignerRejectedDetail'
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
  farcasterSignerOpeningTitle: 'Preparando tu firmante de Farcaster',
  farcasterSignerOpeningDetail: 'Obteniendo una clave de firma de tu billetera…',
  farcasterSignerTitle: 'Añadir un firmante de Farcaster',
  farcasterSignerDetail:
    'Aprueba esta app en la app de Farcaster para que pueda publicar por ti. Escanea con la cámara de tu teléfono para abrirla.',
  farcasterSignerQrAlt: 'Código QR para aprobar el firmante en Farcaster',
  farcasterSignerWaiting: 'Esperando tu aprobación…',
  farcasterSignerApprovedTitle: 'Firmante aprobado',
  farcasterSignerApprovedDetail: 'Esta app ya puede firmar mensajes de Farcaster por ti.',
  farcasterSignerFailedTitle: 'Error de conexión',
  farcasterSignerRejectedTitle: 'Solicitud rechazada',
  farcasterSignerRejectedDetail: 'La solicitud fue rechazada. Inténtalo de nuevo.',
};

export default es;
