/** The social OAuth login method's server module (issue 11): init, callback, login, link, unlink. */
import { OAUTH_METHOD } from '@latchkey/api';
import { oauthProviderConfigs, oauthStates } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { oauthAdminRoutes } from './adminRoutes.ts';
import { oauthRoutes } from './routes.ts';

/**
 * Social OAuth login (PKCE between client and server, then the provider's code flow). Parts:
 * the admin route `PUT .../oauth/{provider}`, the `latchkey oauth set` command, and in the dev
 * app the local OpenID provider's client for `google`.
 */
export const oauthMethod = defineServerMethod({
  contract: OAUTH_METHOD,
  routes: oauthRoutes,
  tables: [oauthProviderConfigs, oauthStates],
  adminRoutes: oauthAdminRoutes,
  devSeed: () => import('./devSeed.ts').then((m) => m.devSeed),
  cli: () => import('./cli.ts').then((m) => m.cli),
});
