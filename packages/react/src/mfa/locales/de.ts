import type { mfaMessages } from '../messages.ts';

/** German (de) texts of the MFA prompt and enrolment screens (issue 15). */
const de: { [K in keyof typeof mfaMessages]: string } = {
  mfaPromptTitle: 'Bestätigen Sie Ihre Identität',
  mfaTotpPromptDetail: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
  mfaSmsPromptDetail: 'Geben Sie den 6-stelligen Code ein, den wir an Ihr Telefon gesendet haben.',
  mfaPasskeyPromptTitle: 'Mit Ihrem Passkey bestätigen',
  mfaPasskeyPromptDetail:
    'Folgen Sie der Aufforderung Ihres Browsers, um Ihren Passkey zu verwenden.',
  mfaCodeLabel: 'Bestätigungscode',
  mfaVerify: 'Bestätigen',
  mfaResendCode: 'Code erneut senden',
  mfaCodeSent: 'Ein neuer Code ist unterwegs.',
  mfaChooseAnother: 'Andere Methode wählen',
  mfaChooseTitle: 'Bestätigungsmethode wählen',
  mfaMethodSms: 'SMS',
  mfaMethodTotp: 'Authenticator-App',
  mfaMethodPasskey: 'Passkey',
  mfaMethodSmsDetail: 'Code per SMS erhalten',
  mfaMethodTotpDetail: 'Code aus einer App wie Google Authenticator verwenden',
  mfaMethodPasskeyDetail: 'Face ID, Touch ID oder einen Sicherheitsschlüssel verwenden',
  mfaPasskeyRetry: 'Meinen Passkey verwenden',
  mfaCodeNotDigits: 'Der Code darf nur aus Ziffern bestehen',
  mfaCodeLength: 'Der Code muss aus genau 6 Ziffern bestehen',
  mfaInvalidCode: 'Der eingegebene Code ist ungültig',
  mfaMaxAttempts:
    'Sie haben die maximale Anzahl an Versuchen überschritten. Bitte schließen Sie dieses Fenster und versuchen Sie es später erneut.',
  mfaTimeoutError:
    'Sie haben das Zeitlimit für die Codeeingabe überschritten. Bitte versuchen Sie es in 30 Sekunden erneut.',
  mfaCanceled: 'Bestätigung abgebrochen',
  mfaUnknownError: 'Etwas ist schiefgelaufen.',
  mfaEnrollTitle: 'Transaktionsschutz',
  mfaEnrollDetail:
    'Fügen Sie einen zweiten Schritt hinzu, der bestätigt, dass Sie es sind, bevor Ihre Wallet signiert, sendet oder ihren Schlüssel exportiert.',
  mfaNoMethodsTitle: 'Mehr Sicherheit hinzufügen',
  mfaNoMethodsDetail: 'Diese App hat noch keine Bestätigungsmethoden aktiviert.',
  mfaVerifyFirst:
    'Um Bestätigungsmethoden hinzuzufügen oder zu löschen, ist eine Bestätigung erforderlich',
  mfaEnabled: 'Aktiv',
  mfaAdd: 'Hinzufügen',
  mfaRemove: 'Entfernen',
  mfaSmsUnavailable: 'Nicht verfügbar: Sie melden sich per SMS an',
  mfaSmsEnrollTitle: 'SMS-Bestätigung hinzufügen',
  mfaSmsEnrollDetail: 'Wir senden einen 6-stelligen Code per SMS an diese Nummer.',
  mfaSendCode: 'Code senden',
  mfaSmsVerifyDetail: 'Geben Sie den 6-stelligen Code ein, den wir an {phone} gesendet haben.',
  mfaTotpEnrollTitle: 'Authenticator-App hinzufügen',
  mfaTotpEnrollDetail:
    'Scannen Sie den QR-Code mit Ihrer Authenticator-App oder geben Sie dort den Einrichtungsschlüssel ein.',
  mfaTotpQrAlt: 'QR-Code für Ihre Authenticator-App',
  mfaTotpSecretLabel: 'Einrichtungsschlüssel',
  mfaCopy: 'Kopieren',
  mfaCopied: 'Kopiert',
  mfaContinue: 'Weiter',
  mfaTotpVerifyTitle: 'Code eingeben',
  mfaTotpVerifyDetail:
    'Geben Sie den 6-stelligen Code ein, den Ihre Authenticator-App gerade anzeigt.',
  mfaPasskeyEnrollTitle: 'Mit einem Passkey bestätigen',
  mfaPasskeyEnrollDetail:
    'Wählen Sie die Passkeys aus, mit denen Ihre Wallet-Aktionen bestätigt werden dürfen.',
  mfaPasskeyNone: 'Für dieses Konto gibt es noch keinen Passkey.',
  mfaAddPasskey: 'Neuen Passkey hinzufügen',
  mfaEnable: 'Aktivieren',
  mfaPasskeyEnrollError:
    'Dieser Passkey konnte nicht aktiviert werden. Bitte versuchen Sie es erneut.',
  mfaAddedTitle: 'Bestätigung hinzugefügt',
  mfaAddedDetail: '{method} schützt jetzt Ihre Wallet.',
  mfaRemoveTitle: '{method} entfernen?',
  mfaRemoveDetail: 'Bei Ihren Wallet-Aktionen wird nicht mehr danach gefragt.',
  mfaRemovedTitle: 'Bestätigung entfernt',
  mfaRemovedDetail: '{method} schützt Ihre Wallet nicht mehr.',
};

export default de;
