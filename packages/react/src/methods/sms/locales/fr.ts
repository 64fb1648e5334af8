import type { Messages } from '../../../messages.ts';

/** French (fr) texts of this login method (issue 14, item 12). */
const fr: Pick<
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
  invalidPhone: 'Veuillez saisir un numéro de téléphone valide.',
  phoneLabel: 'Numéro de téléphone',
  countryLabel: 'Pays',
  continueWithSms: 'Continuer par SMS',
  useSmsInstead: 'Utiliser les SMS',
  checkPhoneForCode:
    'Consultez les messages du {phone} : vous y trouverez un SMS de {app}. Saisissez le code ci-dessous.',
  didNotGetSms: 'Vous n’avez pas reçu de SMS ?',
  regionNotSupportedTitle: 'Cette région n’est pas prise en charge',
  regionNotSupportedDetail: 'L’authentification par SMS n’est pas disponible dans cette région',
  linkPhoneTitle: 'Associer votre numéro de téléphone',
  linkPhoneDetail: 'Nous vous enverrons un code par SMS pour confirmer qu’il vous appartient.',
};

export default fr;
