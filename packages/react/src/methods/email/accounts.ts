/**
 * The Email method's account helpers (issue 11): its part of `useLinkAccount` and
 * `useUnlinkAccount`, listed in `METHOD_ACCOUNTS` (`../links.ts`). Apart from `./link.ts` so an
 * app that never calls those hooks does not ship them (the provider reads `./link.ts` eagerly).
 */
import { SCREEN, type User } from '@latchkey/core';
import type { MethodAccounts } from '../linkTypes.ts';

/** The email helpers of `useLinkAccount`. */
export interface EmailLinkActions {
  /** LINK_EMAIL_SCREEN: an email, then its code (`POST /api/v1/passwordless/link`). */
  linkEmail: () => void;
}

/** The email call of `useUnlinkAccount`. */
export interface EmailUnlinkActions {
  /** `POST /api/v1/passwordless/unlink` `{ address }`. */
  unlinkEmail: (address: string) => Promise<User>;
}

export const emailAccounts = {
  linkActions: ({ link }): EmailLinkActions => ({
    linkEmail: () => void link(SCREEN.LINK_EMAIL_SCREEN),
  }),
  unlinkActions: (client): EmailUnlinkActions => ({
    unlinkEmail: (address) => client.unlinkEmail(address),
  }),
} satisfies MethodAccounts;
