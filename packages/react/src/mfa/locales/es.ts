import type { mfaMessages } from '../messages.ts';

/** Spanish (es) texts of the MFA prompt and enrolment screens (issue 15). */
const es: { [K in keyof typeof mfaMessages]: string } = {
  mfaPromptTitle: 'Confirma que eres tú',
  mfaTotpPromptDetail: 'Introduce el código de 6 dígitos de tu aplicación de autenticación.',
  mfaSmsPromptDetail: 'Introduce el código de 6 dígitos que hemos enviado a tu teléfono.',
  mfaPasskeyPromptTitle: 'Verifica con tu llave de acceso',
  mfaPasskeyPromptDetail: 'Sigue las indicaciones de tu navegador para usar tu llave de acceso.',
  mfaCodeLabel: 'Código de verificación',
  mfaVerify: 'Verificar',
  mfaResendCode: 'Reenviar código',
  mfaCodeSent: 'Te hemos enviado un código nuevo.',
  mfaChooseAnother: 'Elegir otro método',
  mfaChooseTitle: 'Elige un método de verificación',
  mfaMethodSms: 'SMS',
  mfaMethodTotp: 'Aplicación de autenticación',
  mfaMethodPasskey: 'Llave de acceso',
  mfaMethodSmsDetail: 'Recibe un código por SMS',
  mfaMethodTotpDetail: 'Usa un código de una aplicación como Google Authenticator',
  mfaMethodPasskeyDetail: 'Usa Face ID, Touch ID o una llave de seguridad',
  mfaPasskeyRetry: 'Usar mi llave de acceso',
  mfaCodeNotDigits: 'El código solo puede contener números',
  mfaCodeLength: 'El código debe tener exactamente 6 números',
  mfaInvalidCode: 'El código que has introducido no es válido',
  mfaMaxAttempts:
    'Has superado el número máximo de intentos. Cierra esta ventana y vuelve a intentarlo más tarde.',
  mfaTimeoutError:
    'Has superado el tiempo límite para introducir el código. Vuelve a intentarlo dentro de 30 segundos.',
  mfaCanceled: 'Verificación cancelada',
  mfaUnknownError: 'Algo ha salido mal.',
  mfaEnrollTitle: 'Protección de transacciones',
  mfaEnrollDetail:
    'Añade un segundo paso que confirme que eres tú antes de que tu wallet firme, envíe o exporte su clave.',
  mfaNoMethodsTitle: 'Añade más seguridad',
  mfaNoMethodsDetail: 'Esta app aún no ha activado ningún método de verificación.',
  mfaVerifyFirst:
    'Para añadir o eliminar métodos de verificación, primero debes verificar tu identidad',
  mfaEnabled: 'Activado',
  mfaAdd: 'Añadir',
  mfaRemove: 'Quitar',
  mfaSmsUnavailable: 'No disponible: inicias sesión con SMS',
  mfaSmsEnrollTitle: 'Añadir verificación por SMS',
  mfaSmsEnrollDetail: 'Enviaremos un código de 6 dígitos por SMS a este número.',
  mfaSendCode: 'Enviar código',
  mfaSmsVerifyDetail: 'Introduce el código de 6 dígitos que hemos enviado a {phone}.',
  mfaTotpEnrollTitle: 'Añadir una aplicación de autenticación',
  mfaTotpEnrollDetail:
    'Escanea el código QR con tu aplicación de autenticación o introduce en ella la clave de configuración.',
  mfaTotpQrAlt: 'Código QR para tu aplicación de autenticación',
  mfaTotpSecretLabel: 'Clave de configuración',
  mfaCopy: 'Copiar',
  mfaCopied: 'Copiado',
  mfaContinue: 'Continuar',
  mfaTotpVerifyTitle: 'Introduce el código',
  mfaTotpVerifyDetail:
    'Introduce el código de 6 dígitos que muestra ahora tu aplicación de autenticación.',
  mfaPasskeyEnrollTitle: 'Verificar con una llave de acceso',
  mfaPasskeyEnrollDetail:
    'Elige las llaves de acceso que pueden confirmar las acciones de tu wallet.',
  mfaPasskeyNone: 'Aún no tienes ninguna llave de acceso en esta cuenta.',
  mfaAddPasskey: 'Añadir llave de acceso',
  mfaEnable: 'Activar',
  mfaPasskeyEnrollError: 'No se ha podido activar esta llave de acceso. Inténtalo de nuevo.',
  mfaAddedTitle: 'Verificación añadida',
  mfaAddedDetail: '{method} ahora protege tu wallet.',
  mfaRemoveTitle: '¿Quitar {method}?',
  mfaRemoveDetail: 'Ya no se te pedirá al realizar acciones con tu wallet.',
  mfaRemovedTitle: 'Verificación quitada',
  mfaRemovedDetail: '{method} ya no protege tu wallet.',
};

export default es;
