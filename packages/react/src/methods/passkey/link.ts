/** What the link flow needs of the passkey method (issue 11): see `../types.ts`, MethodLink. */
import { PASSKEY_METHOD } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

export const passkeyLink: MethodLink = {
  contract: PASSKEY_METHOD,
  linkScreen: SCREEN.LINK_PASSKEY_SCREEN,
  accountKey: (account) =>
    account.type === 'passkey' ? `passkey:${account.credentialId}` : undefined,
  // A lazy chunk: @simplewebauthn/browser loads on the first passkey ceremony.
  loaders: { passkeys: () => import('@latchkey/core/passkey') },
};

declare module '../../Modal/types.ts' {
  interface ScreenParams {
    /** AWAITING_PASSKEY_SYSTEM_DIALOGUE: create a new passkey ('signup') or use one ('login'). */
    passkey?: 'signup' | 'login';
  }
}
