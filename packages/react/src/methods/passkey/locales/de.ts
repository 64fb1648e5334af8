import type { Messages } from '../../../messages.ts';

/** German (de) texts of this login method (issue 14, item 12). */
const de: Pick<
  Messages,
  | 'iHaveAPasskey'
  | 'passkeyNotAllowed'
  | 'passkeyCannotLinkMore'
  | 'passkeyMfaUnlink'
  | 'passkeyUnknownError'
  | 'passkeyLoadingTitle'
  | 'passkeyLoadingDetail'
  | 'passkeySuccessTitle'
  | 'passkeySuccessDetail'
  | 'passkeyLinkedDetail'
  | 'passkeyErrorTitle'
  | 'passkeyRetry'
  | 'passkeySignUp'
  | 'linkPasskeyTitle'
  | 'linkPasskeyDetail'
  | 'noPasskeys'
  | 'addNewPasskey'
  | 'viewAllPasskeys'
  | 'removePasskey'
  | 'removingPasskey'
  | 'passkeyRemoved'
  | 'passkeyLimitReached'
  | 'passkeyLastUsed'
> = {
  iHaveAPasskey: 'Ich habe einen Passkey',
  passkeyNotAllowed: 'Zeitüberschreitung bei der Passkey-Anfrage oder vom Nutzer abgelehnt.',
  passkeyCannotLinkMore: 'Es können keine weiteren Passkeys mit dem Konto verknüpft werden.',
  passkeyMfaUnlink: 'Ein für die MFA registrierter Passkey kann nicht getrennt werden',
  passkeyUnknownError: 'Ein unbekannter Fehler ist aufgetreten.',
  passkeyLoadingTitle: 'Warten auf Ihren Passkey',
  passkeyLoadingDetail: 'Folgen Sie den Anweisungen Ihres Browsers oder Geräts.',
  passkeySuccessTitle: 'Geschafft!',
  passkeySuccessDetail: 'Sie sind mit Ihrem Passkey angemeldet.',
  passkeyLinkedDetail: 'Ihr neuer Passkey wurde Ihrem Konto hinzugefügt.',
  passkeyErrorTitle: 'Passkey konnte nicht verwendet werden',
  passkeyRetry: 'Wiederholen',
  passkeySignUp: 'Mit Passkey registrieren',
  linkPasskeyTitle: 'Ihre Passkeys',
  linkPasskeyDetail: 'Melden Sie sich mit Gesicht, Fingerabdruck oder Geräte-PIN an.',
  noPasskeys: 'Sie haben noch keine Passkeys.',
  addNewPasskey: 'Neuen Passkey hinzufügen',
  viewAllPasskeys: 'Alle anzeigen',
  removePasskey: 'Entfernen',
  removingPasskey: 'Wird entfernt …',
  passkeyRemoved: 'Passkey entfernt.',
  passkeyLimitReached: 'Sie haben die Höchstzahl von {max} Passkeys erreicht.',
  passkeyLastUsed: 'Zuletzt verwendet: {date}',
};

export default de;
