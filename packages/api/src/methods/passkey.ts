/**
 * Passkey login and sign-up (WebAuthn; spec section 5), link and unlink.
 * Zod-free; the schemas are in `./passkey.schema.ts`.
 */
import { defineLoginMethod, type LinkedAccountRule } from './types.ts';

/** Most passkeys one user may link (spec sections 5 and 9). */
export const MAX_PASSKEYS_PER_USER = 5;
/** Message of `cannot_link_more_of_type` at {@link MAX_PASSKEYS_PER_USER} passkeys (spec section 5). */
export const TOO_MANY_PASSKEYS_MESSAGE = 'Cannot link more passkeys to account.';
/** Message of `missing_or_invalid_mfa` when unlinking a passkey enrolled in MFA (spec section 5). */
export const MFA_PASSKEY_UNLINK_MESSAGE = 'Cannot unlink a passkey enrolled in MFA';

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

/**
 * The passkey method's account rules (server-only; issue 11): at most
 * {@link MAX_PASSKEYS_PER_USER} per user, never unlinked while enrolled in MFA, answered as
 * `passkeyAccount` (`credential_id` and the authenticator's details).
 */
export const PASSKEY_ACCOUNTS: readonly LinkedAccountRule[] = [
  {
    type: 'passkey',
    maxPerUser: MAX_PASSKEYS_PER_USER,
    tooManyMessage: TOO_MANY_PASSKEYS_MESSAGE,
    mfaUnlinkMessage: MFA_PASSKEY_UNLINK_MESSAGE,
    subjectField: 'credential_id',
    detailFields: {
      authenticator_name: 'text',
      created_with_browser: 'text',
      created_with_os: 'text',
      enrolled_in_mfa: 'flag',
    },
  },
];
