import type { Messages } from '../../../messages.ts';

/** German (de) texts of this login method (issue 14, item 12). */
const de: Pick<
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
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  emailPlaceholder: 'name@beispiel.de',
  continueWithEmail: 'Weiter mit E-Mail',
  useEmailInstead: 'E-Mail verwenden',
  checkEmailForCode:
    'Bitte prüfen Sie den Posteingang von {email} auf eine E-Mail von {app} und geben Sie unten Ihren Code ein.',
  didNotGetEmail: 'Keine E-Mail erhalten?',
  emailRequiredToUpdate:
    'Der Nutzer muss eine E-Mail-Adresse haben, um sie aktualisieren zu können.',
  updateEmailFailedTitle: 'E-Mail konnte nicht aktualisiert werden',
  emailLabel: 'E-Mail-Adresse',
  linkEmailTitle: 'E-Mail-Adresse verknüpfen',
  linkEmailDetail: 'Wir senden Ihnen einen Code, um zu bestätigen, dass sie Ihnen gehört.',
  updateEmailTitle: 'E-Mail-Adresse ändern',
  updateEmailDetail:
    'Ihre aktuelle E-Mail-Adresse ist {email}. Wir senden einen Code an die neue Adresse.',
  newEmailLabel: 'Neue E-Mail-Adresse',
};

export default de;
