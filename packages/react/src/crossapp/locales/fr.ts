import type { crossAppMessages } from '../messages.ts';

/** French (fr) texts of the provider's sign-in page (issue 21). */
const fr: { [K in keyof typeof crossAppMessages]: string } = {
  crossAppSignInTitle: 'Se connecter à {requester}',
  crossAppSignInDetail: 'avec votre compte {app}',
  crossAppConsentLead: '{requester} recevra :',
  crossAppScopeOpenid: 'Votre identifiant utilisateur {app}',
  crossAppScopeMailAddress: 'Votre adresse e-mail',
  crossAppScopeWallets: 'Les adresses de vos portefeuilles',
  crossAppSigningNote:
    '{requester} peut vous demander de signer des messages et des transactions avec votre portefeuille {app}. Vous approuvez chacune ici.',
  crossAppReadOnlyNote:
    '{requester} peut lire les adresses de vos portefeuilles, mais ne peut pas demander de signature.',
  crossAppSignedInAs: 'Connecté en tant que {account}',
  crossAppAllow: 'Autoriser',
  crossAppAllowing: 'Autorisation…',
  crossAppDecline: 'Annuler',
  crossAppFailed:
    'Un problème est survenu lors de la connexion de votre compte {app}. Veuillez réessayer.',
  crossAppTransactTitle: '{requester} demande une signature',
  crossAppTransactDetail: 'depuis votre compte {app}',
  crossAppTransactWaiting: 'En attente de la demande…',
  crossAppTransactApprove: 'Examinez la demande ci-dessous, puis approuvez-la ou refusez-la.',
  crossAppTransactDone: 'Terminé. Cette fenêtre se ferme d’elle-même.',
  crossAppTransactNoOpener:
    'Cette page répond à une demande d’une autre application. Lancez la demande depuis celle-ci.',
  crossAppTransactSignMessage: 'Signer un message',
  crossAppTransactSignTypedData: 'Signer des données typées',
  crossAppTransactSendTransaction: 'Envoyer une transaction',
  crossAppTransactReject: 'Refuser',
  crossAppAnotherApp: 'Autre application',
  crossAppConnectingTitle: 'Connexion à {app}',
  crossAppConnectingDetail:
    "Connectez-vous avec votre compte {app} dans la fenêtre qui s'est ouverte.",
  crossAppConnectedTitle: 'Connecté à {app}',
  crossAppConnectedDetail: 'Tout est prêt !',
  crossAppFailedTitle: 'Connexion impossible',
  crossAppCanceled: "Flux annulé par l'utilisateur",
  crossAppTimedOut: "La demande d'autorisation a expiré après 2 minutes.",
  crossAppInvalidApp: 'Application connectée non valide',
  crossAppUnexpectedFlow:
    "Flux d'authentification inattendu. Il peut s'agir d'une tentative d'hameçonnage.",
  crossAppRetry: 'Réessayer',
  crossAppOtherMethod: 'Utiliser une autre méthode',
};
export default fr;
