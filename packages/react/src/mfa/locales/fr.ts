import type { mfaMessages } from '../messages.ts';

/** French (fr) texts of the MFA prompt and enrolment screens (issue 15). */
const fr: { [K in keyof typeof mfaMessages]: string } = {
  mfaPromptTitle: 'Confirmez votre identité',
  mfaTotpPromptDetail:
    'Saisissez le code à 6 chiffres affiché dans votre application d’authentification.',
  mfaSmsPromptDetail: 'Saisissez le code à 6 chiffres que nous avons envoyé sur votre téléphone.',
  mfaPasskeyPromptTitle: 'Vérifier avec votre clé d’accès',
  mfaPasskeyPromptDetail:
    'Suivez les instructions de votre navigateur pour utiliser votre clé d’accès.',
  mfaCodeLabel: 'Code de vérification',
  mfaVerify: 'Vérifier',
  mfaResendCode: 'Renvoyer le code',
  mfaCodeSent: 'Un nouveau code est en route.',
  mfaChooseAnother: 'Choisir une autre méthode',
  mfaChooseTitle: 'Choisissez une méthode de vérification',
  mfaMethodSms: 'SMS',
  mfaMethodTotp: 'Application d’authentification',
  mfaMethodPasskey: 'Clé d’accès',
  mfaMethodSmsDetail: 'Recevoir un code par SMS',
  mfaMethodTotpDetail: 'Utiliser un code d’une application comme Google Authenticator',
  mfaMethodPasskeyDetail: 'Utiliser Face ID, Touch ID ou une clé de sécurité',
  mfaPasskeyRetry: 'Utiliser ma clé d’accès',
  mfaCodeNotDigits: 'Le code ne peut contenir que des chiffres',
  mfaCodeLength: 'Le code doit comporter exactement 6 chiffres',
  mfaInvalidCode: 'Le code saisi n’est pas valide',
  mfaMaxAttempts:
    'Vous avez dépassé le nombre maximal de tentatives. Veuillez fermer cette fenêtre et réessayer plus tard.',
  mfaTimeoutError:
    'Vous avez dépassé le délai de saisie du code. Veuillez réessayer dans 30 secondes.',
  mfaCanceled: 'Vérification annulée',
  mfaUnknownError: 'Un problème est survenu.',
  mfaEnrollTitle: 'Protection des transactions',
  mfaEnrollDetail:
    'Ajoutez une deuxième étape qui confirme votre identité avant que votre portefeuille ne signe, n’envoie ou n’exporte sa clé.',
  mfaNoMethodsTitle: 'Renforcez votre sécurité',
  mfaNoMethodsDetail: 'Cette app n’a encore activé aucune méthode de vérification.',
  mfaVerifyFirst:
    'Une vérification est nécessaire pour ajouter ou supprimer des méthodes de vérification',
  mfaEnabled: 'Activée',
  mfaAdd: 'Ajouter',
  mfaRemove: 'Supprimer',
  mfaSmsUnavailable: 'Indisponible : vous vous connectez par SMS',
  mfaSmsEnrollTitle: 'Ajouter la vérification par SMS',
  mfaSmsEnrollDetail: 'Nous enverrons un code à 6 chiffres par SMS à ce numéro.',
  mfaSendCode: 'Envoyer le code',
  mfaSmsVerifyDetail: 'Saisissez le code à 6 chiffres que nous avons envoyé au {phone}.',
  mfaTotpEnrollTitle: 'Ajouter une application d’authentification',
  mfaTotpEnrollDetail:
    'Scannez le code QR avec votre application d’authentification ou saisissez-y la clé de configuration.',
  mfaTotpQrAlt: 'Code QR pour votre application d’authentification',
  mfaTotpSecretLabel: 'Clé de configuration',
  mfaCopy: 'Copier',
  mfaCopied: 'Copié',
  mfaContinue: 'Continuer',
  mfaTotpVerifyTitle: 'Saisissez le code',
  mfaTotpVerifyDetail:
    'Saisissez le code à 6 chiffres qu’affiche actuellement votre application d’authentification.',
  mfaPasskeyEnrollTitle: 'Vérifier avec une clé d’accès',
  mfaPasskeyEnrollDetail:
    'Choisissez les clés d’accès autorisées à confirmer les actions de votre portefeuille.',
  mfaPasskeyNone: 'Ce compte n’a pas encore de clé d’accès.',
  mfaAddPasskey: 'Ajouter une clé d’accès',
  mfaEnable: 'Activer',
  mfaPasskeyEnrollError: 'Impossible d’activer cette clé d’accès. Veuillez réessayer.',
  mfaAddedTitle: 'Vérification ajoutée',
  mfaAddedDetail: '{method} protège désormais votre portefeuille.',
  mfaRemoveTitle: 'Supprimer {method} ?',
  mfaRemoveDetail:
    'Cette méthode ne vous sera plus demandée pour les actions de votre portefeuille.',
  mfaRemovedTitle: 'Vérification supprimée',
  mfaRemovedDetail: '{method} ne protège plus votre portefeuille.',
};

export default fr;
