import type { FrameMessages } from './en.ts';

/** German texts of the wallet frame's pages (issue 14 item 12; keys and placeholders of en.ts). */
export default {
  common: {
    wallet: 'Wallet',
    copy: 'Kopieren',
    copied: 'Kopiert',
  },
  approve: {
    loading: 'Anfrage wird geladen …',
    sign: 'Signieren und weiter',
    send: 'Senden',
    signing: 'Wird signiert …',
    signed: 'Signiert',
    details: 'Details der Anfrage',
    refused:
      'Stellen Sie sicher, dass dieses Fenster vollständig sichtbar ist, und versuchen Sie es dann erneut.',
    failed:
      'Diese Anfrage kann nicht signiert werden. Schließen Sie dieses Fenster und versuchen Sie es erneut.',
  },
  export: {
    title: 'Privaten Schlüssel niemals weitergeben',
    warning:
      'Er ist das Master-Passwort Ihrer Wallet. Wer ihn kennt, hat die volle Kontrolle über Ihre Wallet und Ihr Guthaben, und Latchkey kann es nicht wiederherstellen.',
    hidden: 'Verborgen, bis Sie „Anzeigen“ wählen',
    reveal: 'Anzeigen',
    revealing: 'Wird angezeigt …',
    hide: 'Ausblenden',
    failed:
      'Ihr privater Schlüssel kann nicht angezeigt werden. Bitte schließen Sie dieses Fenster und versuchen Sie es erneut.',
  },
  password: {
    pageTitle: 'Wallet-Passwort',
    passwordLabel: 'Passwort',
    confirmLabel: 'Passwort bestätigen',
    show: 'Passwort einblenden',
    hide: 'Passwort ausblenden',
    strength: 'Stärke: {label}',
    strengthWeak: 'Schwach',
    strengthMedium: 'Mittel',
    strengthStrong: 'Stark',
    tooShort: 'Das Passwort muss mindestens 6 Zeichen lang sein',
    invalidCharacters: 'Ungültige Zeichen verwendet ( {characters} )',
    mismatch: 'Die Passwörter stimmen nicht überein',
    generate: 'Passwort generieren',
    continue: 'Weiter',
    back: '‹ Zurück',
    step: '{step} / {total}',
    saveTitle: 'Passwort speichern',
    saveDetail: 'Bewahren Sie es sicher auf. Wir können es nicht für Sie wiederherstellen.',
    download: 'Herunterladen',
    confirmTitle: 'Passwort bestätigen',
    confirmDetail: 'Geben Sie Ihr Passwort erneut ein.',
    finalizeTitle: 'Bestätigen Sie, dass Sie es gespeichert haben',
    acknowledgement:
      'Mir ist bewusst, dass ich den Zugriff auf mein Konto und meine Vermögenswerte verliere, wenn ich mein Passwort und mein Gerät verliere.',
    setPassword: 'Passwort festlegen',
    settingPassword: 'Passwort wird festgelegt …',
    done: 'Ihre Wallet ist jetzt mit Ihrem Passwort gesichert.',
    failed:
      'Etwas ist schiefgelaufen. Bitte schließen Sie dieses Fenster und versuchen Sie es erneut.',
    recover: 'Wallet wiederherstellen',
    recovering: 'Wird wiederhergestellt …',
    recovered: 'Ihre Wallet ist auf diesem Gerät wiederhergestellt.',
    invalidPassword: 'Ungültiges Wiederherstellungspasswort. Bitte versuchen Sie es erneut.',
    unableToRecover: 'Wallet kann nicht wiederhergestellt werden',
    attemptsExceeded: 'Zu viele Passwortversuche.',
    retryLater: 'Bitte versuchen Sie es später erneut.',
    retryAt: 'Sie können es um {time} erneut versuchen.',
  },
} satisfies FrameMessages;
