/** What the link flow needs of the passkey method (issue 11): see `../types.ts`, MethodLink. */
import { PASSKEY_METHOD } from '@latchkey/api';
import { SCREEN, type User } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

/** The passkey helpers of `useLinkAccount`. */
export interface PasskeyLinkActions {
  /** LINK_PASSKEY_SCREEN: the user's passkeys (2, then 'View all'), Remove, 'Add new passkey'. */
  linkPasskey: () => void;
}

/** The passkey call of `useUnlinkAccount`. */
export interface PasskeyUnlinkActions {
  /** `POST /api/v1/passkeys/unlink` `{ credential_id }` (base64url). */
  unlinkPasskey: (credentialId: string) => Promise<User>;
}

export const passkeyLink = {
  contract: PASSKEY_METHOD,
  linkScreen: SCREEN.LINK_PASSKEY_SCREEN,
  accountKey: (account) =>
    account.type === 'passkey' ? `passkey:${account.credentialId}` : undefined,
  // A lazy chunk: @simplewebauthn/browser loads on the first passkey ceremony.
  loaders: { passkeys: () => import('@latchkey/core/passkey') },
  linkActions: ({ link }): PasskeyLinkActions => ({
    linkPasskey: () => void link(SCREEN.LINK_PASSKEY_SCREEN),
  }),
  unlinkActions: (client): PasskeyUnlinkActions => ({
    unlinkPasskey: (credentialId) => client.unlinkPasskey(credentialId),
  }),
} satisfies MethodLink;

declare module '../../Modal/types.ts' {
  interface ScreenParams {
    /** AWAITING_PASSKEY_SYSTEM_DIALOGUE: create a new passkey ('signup') or use one ('login'). */
    passkey?: 'signup' | 'login';
  }
}
