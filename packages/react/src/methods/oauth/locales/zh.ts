import type { Messages } from '../../../messages.ts';

/** Simplified Chinese (zh) texts of this login method (issue 14, item 12). */
const zh: Pick<Messages, 'oauthCannotLinkMore'> = {
  oauthCannotLinkMore: '你无法为此用户授权多个账户。',
};

export default zh;
