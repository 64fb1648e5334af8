import type { Messages } from '../../../messages.ts';

/** French (fr) texts of this login method (issue 16; issue 14, item 12). */
const fr: Pick<
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
  farcasterTimedOut: 'La requête a expiré. Réessayez.',
  farcasterOpeningTitle: 'Connexion à Farcaster',
  farcasterOpeningDetail: 'Préparation de votre lien de connexion…',
  farcasterTitle: 'Se connecter avec Farcaster',
  farcasterScanDetail: 'Scannez avec l’appareil photo de votre téléphone pour continuer.',
  farcasterQrAlt: 'QR code pour se connecter avec Farcaster',
  farcasterCopyLink: 'Copier le lien',
  farcasterOpenApp: 'Ouvrir Farcaster',
  farcasterVerifyingTitle: 'Vérification avec Farcaster',
  farcasterVerifyingDetail: 'Vérification de votre compte Farcaster…',
  farcasterConnectedTitle: 'Connecté avec Farcaster',
  farcasterConnectedDetail: 'Tout est prêt !',
  farcasterInvalidCredentials: 'Une erreur s’est produite. Réessayez.',
  farcasterTooManyRequests: 'Trop de requêtes. Veuillez patienter avant de réessayer.',
  farcasterCannotLinkMore: 'Vous ne pouvez pas autoriser plus d’un compte pour cet utilisateur.',
  farcasterSomethingWentWrong: 'Une erreur s’est produite. Veuillez réessayer.',
  farcasterRetry: 'Réessayer',
  farcasterSignerOpeningTitle: 'Préparation de votre signataire Farcaster',
  farcasterSignerOpeningDetail: 'Obtention d’une clé de signature depuis votre portefeuille…',
  farcasterSignerTitle: 'Ajouter un signataire Farcaster',
  farcasterSignerDetail:
    'Approuvez cette application dans l’application Farcaster pour qu’elle puisse publier pour vous. Scannez avec l’appareil photo de votre téléphone pour l’ouvrir.',
  farcasterSignerQrAlt: 'QR code pour approuver le signataire dans Farcaster',
  farcasterSignerWaiting: 'En attente de votre approbation…',
  farcasterSignerApprovedTitle: 'Signataire approuvé',
  farcasterSignerApprovedDetail:
    'Cette application peut désormais signer des messages Farcaster pour vous.',
  farcasterSignerFailedTitle: 'Échec de la connexion',
  farcasterSignerRejectedTitle: 'Demande refusée',
  farcasterSignerRejectedDetail: 'La demande a été refusée. Veuillez réessayer.',
};

export default fr;
