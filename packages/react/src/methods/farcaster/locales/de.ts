import type { Messages } from '../../../messages.ts';

/** German (de) texts of this login method (issue 16; issue 14, item 12). */
const de: Pick<
  Messages,
  | 'farcasterTimedOut'
  | 'farcasterOpeningTitle'
  | 'farcasterOpeningDetail'
  | 'farcasterTitle'
  | 'farcasterScanDetail'
  | 'farcasterQrAlt'
  | 'farcasterCopyLink'
  | 'farcasterOpenApp'
  | 'farcasterVerifyingTitle'
  | 'farcasterVerifyingDetail'
  | 'farcasterConnectedTitle'
  | 'farcasterConnectedDetail'
  | 'farcasterInvalidCredentials'
  | 'farcasterTooManyRequests'
  | 'farcasterCannotLinkMore'
  | 'farcasterSomethingWentWrong'
  | 'farcasterRetry'
  | 'farcasterSignerOpeningTitle'
  | 'farcasterSignerOpeningDetail'
  | 'farcasterSignerTitle'
  | 'farcasterSignerDetail'
  | 'farcasterSignerQrAlt'
  | 'farcasterSignerWaiting'
  | 'farcasterSignerApprovedTitle'
  | 'farcasterSignerApprovedDetail'
  | 'farcasterSignerFailedTitle'
  | 'farcasterSignerRejectedTitle'
  | 'farcasterSignerRejectedDetail'
> = {
  farcasterTimedOut: 'Die Anfrage ist abgelaufen. Versuchen Sie es erneut.',
  farcasterOpeningTitle: 'Verbindung zu Farcaster',
  farcasterOpeningDetail: 'Ihr Anmeldelink wird vorbereitet …',
  farcasterTitle: 'Mit Farcaster anmelden',
  farcasterScanDetail: 'Scannen Sie mit der Kamera Ihres Telefons, um fortzufahren.',
  farcasterQrAlt: 'QR-Code zur Anmeldung mit Farcaster',
  farcasterCopyLink: 'Link kopieren',
  farcasterOpenApp: 'Farcaster öffnen',
  farcasterVerifyingTitle: 'Überprüfung mit Farcaster',
  farcasterVerifyingDetail: 'Ihr Farcaster-Konto wird überprüft …',
  farcasterConnectedTitle: 'Mit Farcaster verbunden',
  farcasterConnectedDetail: 'Alles bereit!',
  farcasterInvalidCredentials: 'Etwas ist schiefgelaufen. Versuchen Sie es erneut.',
  farcasterTooManyRequests: 'Zu viele Anfragen. Bitte warten Sie, bevor Sie es erneut versuchen.',
  farcasterCannotLinkMore: 'Sie können für diesen Nutzer nicht mehr als ein Konto autorisieren.',
  farcasterSomethingWentWrong: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  farcasterRetry: 'Erneut versuchen',
  farcasterSignerOpeningTitle: 'Dein Farcaster-Signer wird vorbereitet',
  farcasterSignerOpeningDetail: 'Signaturschlüssel wird aus deiner Wallet abgerufen…',
  farcasterSignerTitle: 'Farcaster-Signer hinzufügen',
  farcasterSignerDetail:
    'Genehmige diese App in der Farcaster-App, damit sie für dich posten kann. Scanne mit der Kamera deines Telefons, um sie zu öffnen.',
  farcasterSignerQrAlt: 'QR-Code zum Genehmigen des Signers in Farcaster',
  farcasterSignerWaiting: 'Warte auf deine Genehmigung…',
  farcasterSignerApprovedTitle: 'Signer genehmigt',
  farcasterSignerApprovedDetail: 'Diese App kann jetzt Farcaster-Nachrichten für dich signieren.',
  farcasterSignerFailedTitle: 'Verbindung fehlgeschlagen',
  farcasterSignerRejectedTitle: 'Anfrage abgelehnt',
  farcasterSignerRejectedDetail: 'Die Anfrage wurde abgelehnt. Bitte versuche es erneut.',
};

export default de;
