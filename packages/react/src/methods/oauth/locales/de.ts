import type { Messages } from '../../../messages.ts';

/** German (de) texts of this login method (issue 14, item 12). */
const de: Pick<Messages, 'oauthCannotLinkMore'> = {
  oauthCannotLinkMore: 'Sie können für diesen Nutzer nicht mehr als ein Konto autorisieren.',
};

export default de;
