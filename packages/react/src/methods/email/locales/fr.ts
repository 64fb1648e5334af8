import type { Messages } from '../../../messages.ts';

/** French (fr) texts of this login method (issue 14, item 12). */
const fr: Pick<
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
  invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
  emailPlaceholder: 'vous@exemple.com',
  continueWithEmail: 'Continuer avec l’e-mail',
  useEmailInstead: 'Utiliser l’e-mail',
  checkEmailForCode:
    'Consultez {email} : vous y trouverez un e-mail de {app}. Saisissez le code ci-dessous.',
  didNotGetEmail: 'Vous n’avez pas reçu d’e-mail ?',
  emailRequiredToUpdate: 'L’utilisateur doit avoir une adresse e-mail pour pouvoir la modifier.',
  updateEmailFailedTitle: 'Impossible de modifier l’e-mail',
  emailLabel: 'Adresse e-mail',
  linkEmailTitle: 'Associer votre e-mail',
  linkEmailDetail: 'Nous vous enverrons un code pour confirmer qu’elle vous appartient.',
  updateEmailTitle: 'Modifier votre e-mail',
  updateEmailDetail:
    'Votre e-mail actuel est {email}. Nous enverrons un code à la nouvelle adresse.',
  newEmailLabel: 'Nouvelle adresse e-mail',
};

export default fr;
