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
};

export default de;
