import type { Messages } from '../../../messages.ts';

/** Spanish (es) texts of this login method (issue 14, item 12). */
const es: Pick<
  Messages,
  | 'codeShouldBeNumeric'
  | 'invalidOrExpiredCode'
  | 'issueVerifyingCode'
  | 'codeSent'
  | 'resendCode'
  | 'enterConfirmationCode'
  | 'success'
  | 'codeExhausted'
  | 'sendNewCode'
> = {
  codeShouldBeNumeric: 'El código debe ser numérico',
  invalidOrExpiredCode: 'Código de verificación no válido o caducado',
  issueVerifyingCode: 'Problema al verificar el código',
  codeSent: 'Código enviado',
  resendCode: 'Reenviar código',
  enterConfirmationCode: 'Introduce el código de confirmación',
  success: '¡Listo!',
  codeExhausted: 'Demasiados códigos incorrectos. Este código ya no se puede usar.',
  sendNewCode: 'Enviar un código nuevo',
};

export default es;
