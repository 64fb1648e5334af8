import type { Messages } from '../../../messages.ts';

/** French (fr) texts of this login method (issue 14, item 12). */
const fr: Pick<
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
  iHaveAPasskey: 'J’ai une clé d’accès',
  passkeyNotAllowed: 'La demande de clé d’accès a expiré ou a été refusée par l’utilisateur.',
  passkeyCannotLinkMore: 'Impossible d’associer d’autres clés d’accès au compte.',
  passkeyMfaUnlink: 'Impossible de dissocier une clé d’accès enregistrée pour l’A2F',
  passkeyUnknownError: 'Une erreur inconnue est survenue.',
  passkeyLoadingTitle: 'En attente de votre clé d’accès',
  passkeyLoadingDetail: 'Suivez les instructions de votre navigateur ou de votre appareil.',
  passkeySuccessTitle: 'C’est fait !',
  passkeySuccessDetail: 'Vous êtes connecté avec votre clé d’accès.',
  passkeyLinkedDetail: 'Votre nouvelle clé d’accès a été ajoutée à votre compte.',
  passkeyErrorTitle: 'Impossible d’utiliser votre clé d’accès',
  passkeyRetry: 'Réessayer',
  passkeySignUp: 'S’inscrire avec une clé d’accès',
  linkPasskeyTitle: 'Vos clés d’accès',
  linkPasskeyDetail:
    'Connectez-vous avec votre visage, votre empreinte digitale ou le code de votre appareil.',
  noPasskeys: 'Vous n’avez pas encore de clé d’accès.',
  addNewPasskey: 'Ajouter une clé d’accès',
  viewAllPasskeys: 'Tout afficher',
  removePasskey: 'Supprimer',
  removingPasskey: 'Suppression…',
  passkeyRemoved: 'Clé d’accès supprimée.',
  passkeyLimitReached: 'Vous avez atteint le maximum de {max} clés d’accès.',
  passkeyLastUsed: 'Dernière utilisation : {date}',
};

export default fr;
