import type { crossAppMessages } from '../messages.ts';

/** German (de) texts of the provider's sign-in page (issue 21). */
const de: { [K in keyof typeof crossAppMessages]: string } = {
  crossAppSignInTitle: 'Bei {requester} anmelden',
  crossAppSignInDetail: 'mit Ihrem {app}-Konto',
  crossAppConsentLead: '{requester} erhält:',
  crossAppScopeOpenid: 'Ihre {app}-Nutzer-ID',
  crossAppScopeMailAddress: 'Ihre E-Mail-Adresse',
  crossAppScopeWallets: 'Ihre Wallet-Adressen',
  crossAppSigningNote:
    '{requester} kann Sie bitten, Nachrichten und Transaktionen mit Ihrer {app}-Wallet zu signieren. Sie bestätigen jede einzeln hier.',
  crossAppReadOnlyNote:
    '{requester} kann Ihre Wallet-Adressen lesen, aber keine Signaturen anfordern.',
  crossAppSignedInAs: 'Angemeldet als {account}',
  crossAppAllow: 'Erlauben',
  crossAppAllowing: 'Wird erlaubt…',
  crossAppDecline: 'Abbrechen',
  crossAppFailed:
    'Beim Verbinden Ihres {app}-Kontos ist ein Problem aufgetreten. Bitte versuchen Sie es erneut.',
  crossAppTransactTitle: '{requester} bittet um eine Signatur',
  crossAppTransactDetail: 'von Ihrem {app}-Konto',
  crossAppTransactWaiting: 'Warten auf die Anfrage…',
  crossAppTransactApprove: 'Prüfen Sie die Anfrage unten und genehmigen oder lehnen Sie sie ab.',
  crossAppTransactDone: 'Fertig. Dieses Fenster schließt sich von selbst.',
  crossAppTransactNoOpener:
    'Diese Seite beantwortet eine Anfrage einer anderen App. Starten Sie die Anfrage dort.',
  crossAppTransactSignMessage: 'Nachricht signieren',
  crossAppTransactSignTypedData: 'Typisierte Daten signieren',
  crossAppTransactSendTransaction: 'Transaktion senden',
  crossAppTransactReject: 'Ablehnen',
  crossAppAnotherApp: 'Andere App',
  crossAppConnectingTitle: 'Verbindung mit {app}',
  crossAppConnectingDetail: 'Melden Sie sich im geöffneten Fenster mit Ihrem {app}-Konto an.',
  crossAppConnectedTitle: 'Mit {app} verbunden',
  crossAppConnectedDetail: 'Alles bereit!',
  crossAppFailedTitle: 'Verbindung fehlgeschlagen',
  crossAppCanceled: 'Vorgang vom Nutzer abgebrochen',
  crossAppTimedOut: 'Die Autorisierungsanfrage ist nach 2 Minuten abgelaufen.',
  crossAppInvalidApp: 'Ungültige verbundene App',
  crossAppUnexpectedFlow: 'Unerwarteter Anmeldeablauf. Dies könnte ein Phishing-Versuch sein.',
  crossAppRetry: 'Erneut versuchen',
  crossAppOtherMethod: 'Andere Methode verwenden',
};
export default de;
