import type { Messages } from '../../../messages.ts';

/** German (de) texts of this login method (issue 14, item 12). */
const de: Pick<
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
  invalidPhone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
  phoneLabel: 'Telefonnummer',
  countryLabel: 'Land',
  continueWithSms: 'Weiter mit SMS',
  useSmsInstead: 'SMS verwenden',
  checkPhoneForCode:
    'Bitte prüfen Sie, ob unter {phone} eine SMS von {app} eingegangen ist, und geben Sie unten Ihren Code ein.',
  didNotGetSms: 'Keine SMS erhalten?',
  regionNotSupportedTitle: 'Diese Region wird nicht unterstützt',
  regionNotSupportedDetail: 'Die SMS-Authentifizierung ist in dieser Region nicht verfügbar',
  linkPhoneTitle: 'Telefonnummer verknüpfen',
  linkPhoneDetail: 'Wir senden Ihnen per SMS einen Code, um zu bestätigen, dass sie Ihnen gehört.',
};

export default de;
