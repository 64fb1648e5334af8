/**
 * The Passkey method's account helpers (issue 11): its part of `useLinkAccount` and
 * `useUnlinkAccount`, listed in `METHOD_ACCOUNTS` (`../links.ts`). Apart from `./link.ts` so an
 * app that never calls those hooks does not ship them (the provider reads `./link.ts` eagerly).
 */
import { SCREEN, type User } from '@latchkey/core';
import type { MethodAccounts } from '../linkTypes.ts';

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

export const passkeyAccounts = {
  linkActions: ({ link }): PasskeyLinkActions => ({
    linkPasskey: () => void link(SCREEN.LINK_PASSKEY_SCREEN),
  }),
  unlinkActions: (client): PasskeyUnlinkActions => ({
    unlinkPasskey: (credentialId) => client.unlinkPasskey(credentialId),
  }),
} satisfies MethodAccounts;
