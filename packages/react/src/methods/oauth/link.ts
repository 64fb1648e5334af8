/** What the link flow needs of the oauth method (issue 11): see `../types.ts`, MethodLink. */
import { OAUTH_METHOD } from '@latchkey/api';

import type { MethodLink } from '../types.ts';

export const oauthLink: MethodLink = {
  contract: OAUTH_METHOD,
};
