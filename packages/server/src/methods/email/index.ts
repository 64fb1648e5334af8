/** The email login method's server module (issue 11): code login, link, unlink, update. */
import { EMAIL_METHOD } from '@latchkey/api';
import { loginCodes } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { emailRoutes } from './routes.ts';

/**
 * Email code login; its codes live in the shared `login_codes` table (channel `email`). Parts:
 * SMTP as the channel transport when `SMTP_URL` is set, `email_auth` on in the dev app.
 */
export const emailMethod = defineServerMethod({
  contract: EMAIL_METHOD,
  routes: emailRoutes,
  tables: [loginCodes],
  transport: () => import('./delivery/fromEnv.ts').then((m) => m.transportFromEnv),
  devSeed: () => import('./devSeed.ts').then((m) => m.devSeed),
});
