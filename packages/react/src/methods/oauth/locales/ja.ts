import type { Messages } from '../../../messages.ts';

/** Japanese (ja) texts of this login method (issue 14, item 12). */
const ja: Pick<Messages, 'oauthCannotLinkMore'> = {
  oauthCannotLinkMore: 'このユーザーに複数のアカウントを認証することはできません。',
};

export default ja;
