/**
 * Passkey login and sign-up (WebAuthn; spec section 5), link and unlink.
 * Zod-free; the schemas are in `./passkey.schema.ts`.
 */
import { defineLoginMethod } from './types.ts';

const routes = {
  passkeyRegisterInit: '/api/v1/passkeys/register/init',
  passkeyRegisterAuthenticate: '/api/v1/passkeys/register/authenticate',
  passkeyRegisterLink: '/api/v1/passkeys/register/link',
  passkeyAuthenticateInit: '/api/v1/passkeys/authenticate/init',
  passkeyAuthenticate: '/api/v1/passkeys/authenticate',
  passkeyUnlink: '/api/v1/passkeys/unlink',
} as const;

/** The passkey method's contract (issue 11). */
export const PASSKEY_METHOD = defineLoginMethod({
  id: 'passkey',
  flags: [{ flag: 'passkey_auth', loginItem: 'passkey' }],
  accountTypes: ['passkey'],
  routes,
  sessionRoutes: [routes.passkeyRegisterAuthenticate, routes.passkeyAuthenticate],
  captchaGatedRoutes: [routes.passkeyRegisterInit, routes.passkeyAuthenticateInit],
});
