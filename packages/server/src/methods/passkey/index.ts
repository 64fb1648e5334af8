/** The passkey (WebAuthn) login method's server module (issue 11): sign-up, login, link, unlink. */
import { PASSKEY_METHOD } from '@latchkey/api';
import { passkeyChallenges } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { passkeyRoutes } from './routes.ts';

/** Passkey login; credentials are `passkey` linked accounts, challenges single use. */
export const passkeyMethod = defineServerMethod({
  contract: PASSKEY_METHOD,
  routes: passkeyRoutes,
  tables: [passkeyChallenges],
  devSeed: () => import('./devSeed.ts').then((m) => m.devSeed),
});
