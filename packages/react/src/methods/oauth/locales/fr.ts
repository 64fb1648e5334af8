import type { Messages } from '../../../messages.ts';

/** French (fr) texts of this login method (issue 14, item 12). */
const fr: Pick<Messages, 'oauthCannotLinkMore'> = {
  oauthCannotLinkMore: 'Vous ne pouvez pas autoriser plus d’un compte pour cet utilisateur.',
};

export default fr;
