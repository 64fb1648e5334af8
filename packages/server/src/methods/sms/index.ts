/** The SMS login method's server module (issue 11): code login, link, unlink. */
import { SMS_METHOD } from '@latchkey/api';
import { loginCodes } from '../../db/schema.ts';
import { defineServerMethod } from '../types.ts';
import { smsRoutes } from './routes.ts';

/**
 * SMS code login; its codes live in the shared `login_codes` table (channel `sms`). Parts:
 * Twilio as the channel transport when `TWILIO_*` is set, `sms_auth` on in the dev app.
 */
export const smsMethod = defineServerMethod({
  contract: SMS_METHOD,
  routes: smsRoutes,
  tables: [loginCodes],
  transport: () => import('./delivery/fromEnv.ts').then((m) => m.transportFromEnv),
  devSeed: () => import('./devSeed.ts').then((m) => m.devSeed),
});
