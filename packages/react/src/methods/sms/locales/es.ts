import type { Messages } from '../../../messages.ts';

/** Spanish (es) texts of this login method (issue 14, item 12). */
const es: Pick<
  Messages,
  | 'invalidPhone'
  | 'phoneLabel'
  | 'countryLabel'
  | 'continueWithSms'
  | 'useSmsInstead'
  | 'checkPhoneForCode'
  | 'didNotGetSms'
  | 'regionNotSupportedTitle'
  | 'regionNotSupportedDetail'
  | 'linkPhoneTitle'
  | 'linkPhoneDetail'
> = {
  invalidPhone: 'Introduce un número de teléfono válido.',
  phoneLabel: 'Número de teléfono',
  countryLabel: 'País',
  continueWithSms: 'Continuar con SMS',
  useSmsInstead: 'Usar SMS',
  checkPhoneForCode: 'Busca en {phone} un mensaje de {app} e introduce el código a continuación.',
  didNotGetSms: '¿No has recibido el mensaje?',
  regionNotSupportedTitle: 'Esta región no es compatible',
  regionNotSupportedDetail: 'La autenticación por SMS no está disponible en esta región',
  linkPhoneTitle: 'Vincula tu número de teléfono',
  linkPhoneDetail: 'Te enviaremos un código por SMS para confirmar que es tuyo.',
};

export default es;
