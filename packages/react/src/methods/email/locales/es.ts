import type { Messages } from '../../../messages.ts';

/** Spanish (es) texts of this login method (issue 14, item 12). */
const es: Pick<
  Messages,
  | 'invalidEmail'
  | 'emailPlaceholder'
  | 'continueWithEmail'
  | 'useEmailInstead'
  | 'checkEmailForCode'
  | 'didNotGetEmail'
  | 'emailRequiredToUpdate'
  | 'updateEmailFailedTitle'
  | 'emailLabel'
  | 'linkEmailTitle'
  | 'linkEmailDetail'
  | 'updateEmailTitle'
  | 'updateEmailDetail'
  | 'newEmailLabel'
> = {
  invalidEmail: 'Introduce una dirección de correo electrónico válida.',
  emailPlaceholder: 'tu@correo.com',
  continueWithEmail: 'Continuar con correo',
  useEmailInstead: 'Usar correo electrónico',
  checkEmailForCode: 'Busca en {email} un correo de {app} e introduce el código a continuación.',
  didNotGetEmail: '¿No has recibido el correo?',
  emailRequiredToUpdate:
    'El usuario debe tener una dirección de correo electrónico para poder actualizarla.',
  updateEmailFailedTitle: 'No se pudo actualizar el correo',
  emailLabel: 'Correo electrónico',
  linkEmailTitle: 'Vincula tu correo',
  linkEmailDetail: 'Te enviaremos un código para confirmar que es tuyo.',
  updateEmailTitle: 'Actualiza tu correo',
  updateEmailDetail: 'Tu correo actual es {email}. Enviaremos un código a la nueva dirección.',
  newEmailLabel: 'Nuevo correo electrónico',
};

export default es;
