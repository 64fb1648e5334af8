/**
 * The server's login-method registry (issue 11): one line per method. `createServer` mounts
 * each module's routes and puts the captcha gate on its `captchaGatedRoutes`; see
 * `docs/adding-a-login-method.md`. Contracts without routes (planned methods) have no module.
 */
import { emailMethod } from './email/index.ts';
import { farcasterMethod } from './farcaster/index.ts';
import { oauthMethod } from './oauth/index.ts';
import { passkeyMethod } from './passkey/index.ts';
import { siweMethod } from './siwe/index.ts';
import { smsMethod } from './sms/index.ts';
import { telegramMethod } from './telegram/index.ts';
import type { LoginMethodModule } from './types.ts';

export {
  defineServerMethod,
  type DevAppEnv,
  type LoginMethodModule,
  type MethodAdminRoutes,
  type MethodChain,
  type MethodCli,
  type MethodDevSeed,
  type MethodParts,
  type MethodRoutesOptions,
} from './types.ts';

/** Every login method the server serves, in the contract registry's order. */
export const METHODS = [
  emailMethod,
  smsMethod,
  oauthMethod,
  siweMethod,
  farcasterMethod,
  passkeyMethod,
  telegramMethod,
] as const satisfies readonly LoginMethodModule[];
