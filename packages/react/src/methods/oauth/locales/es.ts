import type { Messages } from '../../../messages.ts';

/** Spanish (es) texts of this login method (issue 14, item 12). */
const es: Pick<Messages, 'oauthCannotLinkMore'> = {
  oauthCannotLinkMore: 'No puedes autorizar más de una cuenta para este usuario.',
};

export default es;
