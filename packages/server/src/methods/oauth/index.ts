/** The social OAuth login method's server module (issue 11): init, callback, login, link, unlink. */
import { OAUTH_METHOD } from '@latchkey/api';
import { oauthProviderConfigs, oauthStates } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { oauthRoutes } from './routes.ts';

/** Social OAuth login (PKCE between client and server, then the provider's code flow). */
export const oauthMethod = defineServerMethod({
  contract: OAUTH_METHOD,
  routes: oauthRoutes,
  tables: [oauthProviderConfigs, oauthStates],
});
