import type { Messages } from '../../../messages.ts';

/** French (fr) texts of this login method (issue 14, item 12). */
const fr: Pick<
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
  codeShouldBeNumeric: 'Le code doit être numérique',
  invalidOrExpiredCode: 'Code de vérification non valide ou expiré',
  issueVerifyingCode: 'Problème lors de la vérification du code',
  codeSent: 'Code envoyé',
  resendCode: 'Renvoyer le code',
  enterConfirmationCode: 'Saisissez le code de confirmation',
  success: 'C’est fait !',
  codeExhausted: 'Trop de codes erronés. Ce code ne peut plus être utilisé.',
  sendNewCode: 'Envoyer un nouveau code',
};

export default fr;
