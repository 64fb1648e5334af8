import type { Messages } from '../../../messages.ts';

/** German (de) texts of this login method (issue 14, item 12). */
const de: Pick<
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
  codeShouldBeNumeric: 'Der Code darf nur Ziffern enthalten',
  invalidOrExpiredCode: 'Ungültiger oder abgelaufener Bestätigungscode',
  issueVerifyingCode: 'Problem beim Überprüfen des Codes',
  codeSent: 'Code gesendet',
  resendCode: 'Code erneut senden',
  enterConfirmationCode: 'Bestätigungscode eingeben',
  success: 'Geschafft!',
  codeExhausted: 'Zu viele falsche Codes. Dieser Code kann nicht mehr verwendet werden.',
  sendNewCode: 'Neuen Code senden',
};

export default de;
