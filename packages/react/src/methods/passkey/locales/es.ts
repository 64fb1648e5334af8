import type { Messages } from '../../../messages.ts';

/** Spanish (es) texts of this login method (issue 14, item 12). */
const es: Pick<
  Messages,
  | 'iHaveAPasskey'
  | 'passkeyNotAllowed'
  | 'passkeyCannotLinkMore'
  | 'passkeyMfaUnlink'
  | 'passkeyUnknownError'
  | 'passkeyLoadingTitle'
  | 'passkeyLoadingDetail'
  | 'passkeySuccessTitle'
  | 'passkeySuccessDetail'
  | 'passkeyLinkedDetail'
  | 'passkeyErrorTitle'
  | 'passkeyRetry'
  | 'passkeySignUp'
  | 'linkPasskeyTitle'
  | 'linkPasskeyDetail'
  | 'noPasskeys'
  | 'addNewPasskey'
  | 'viewAllPasskeys'
  | 'removePasskey'
  | 'removingPasskey'
  | 'passkeyRemoved'
  | 'passkeyLimitReached'
  | 'passkeyLastUsed'
> = {
  iHaveAPasskey: 'Tengo una llave de acceso',
  passkeyNotAllowed: 'La solicitud de llave de acceso ha caducado o el usuario la ha rechazado.',
  passkeyCannotLinkMore: 'No se pueden vincular más llaves de acceso a la cuenta.',
  passkeyMfaUnlink: 'No se puede desvincular una llave de acceso registrada en la MFA',
  passkeyUnknownError: 'Se ha producido un error desconocido.',
  passkeyLoadingTitle: 'Esperando tu llave de acceso',
  passkeyLoadingDetail: 'Sigue las indicaciones de tu navegador o dispositivo.',
  passkeySuccessTitle: '¡Listo!',
  passkeySuccessDetail: 'Has iniciado sesión con tu llave de acceso.',
  passkeyLinkedDetail: 'Tu nueva llave de acceso se ha añadido a tu cuenta.',
  passkeyErrorTitle: 'No se pudo usar tu llave de acceso',
  passkeyRetry: 'Reintentar',
  passkeySignUp: 'Registrarse con una llave de acceso',
  linkPasskeyTitle: 'Tus llaves de acceso',
  linkPasskeyDetail: 'Inicia sesión con tu cara, tu huella digital o el PIN del dispositivo.',
  noPasskeys: 'Aún no tienes llaves de acceso.',
  addNewPasskey: 'Añadir llave de acceso',
  viewAllPasskeys: 'Ver todas',
  removePasskey: 'Quitar',
  removingPasskey: 'Quitando…',
  passkeyRemoved: 'Llave de acceso quitada.',
  passkeyLimitReached: 'Ya tienes el máximo de {max} llaves de acceso.',
  passkeyLastUsed: 'Último uso: {date}',
};

export default es;
