import type { crossAppMessages } from '../messages.ts';

/** Spanish (es) texts of the provider's sign-in page (issue 21). */
const es: { [K in keyof typeof crossAppMessages]: string } = {
  crossAppSignInTitle: 'Inicia sesión en {requester}',
  crossAppSignInDetail: 'con tu cuenta de {app}',
  crossAppConsentLead: '{requester} recibirá:',
  crossAppScopeOpenid: 'Tu ID de usuario de {app}',
  crossAppScopeMailAddress: 'Tu dirección de correo electrónico',
  crossAppScopeWallets: 'Las direcciones de tus billeteras',
  crossAppSigningNote:
    '{requester} puede pedirte que firmes mensajes y transacciones con tu billetera de {app}. Apruebas cada una aquí.',
  crossAppReadOnlyNote:
    '{requester} puede leer las direcciones de tus billeteras, pero no puede pedir firmas.',
  crossAppSignedInAs: 'Sesión iniciada como {account}',
  crossAppAllow: 'Permitir',
  crossAppAllowing: 'Permitiendo…',
  crossAppDecline: 'Cancelar',
  crossAppFailed: 'Hubo un problema al conectar tu cuenta de {app}. Inténtalo de nuevo.',
  crossAppTransactTitle: '{requester} solicita una firma',
  crossAppTransactDetail: 'desde tu cuenta de {app}',
  crossAppTransactWaiting: 'Esperando la solicitud…',
  crossAppTransactApprove: 'Revisa la solicitud a continuación y apruébala o recházala.',
  crossAppTransactDone: 'Listo. Esta ventana se cierra sola.',
  crossAppTransactNoOpener:
    'Esta página responde a una solicitud de otra aplicación. Inicia la solicitud allí.',
  crossAppTransactSignMessage: 'Firmar un mensaje',
  crossAppTransactSignTypedData: 'Firmar datos tipados',
  crossAppTransactSendTransaction: 'Enviar una transacción',
  crossAppTransactReject: 'Rechazar',
  crossAppAnotherApp: 'Otra aplicación',
  crossAppConnectingTitle: 'Conectando con {app}',
  crossAppConnectingDetail: 'Inicia sesión con tu cuenta de {app} en la ventana que se abrió.',
  crossAppConnectedTitle: 'Conectado con {app}',
  crossAppConnectedDetail: '¡Todo listo!',
  crossAppFailedTitle: 'No se pudo conectar',
  crossAppCanceled: 'El usuario canceló el flujo',
  crossAppTimedOut: 'La solicitud de autorización caducó tras 2 minutos.',
  crossAppInvalidApp: 'Aplicación conectada no válida',
  crossAppUnexpectedFlow: 'Flujo de autenticación inesperado. Podría ser un intento de phishing.',
  crossAppRetry: 'Reintentar',
  crossAppOtherMethod: 'Usar otro método',
};
export default es;
