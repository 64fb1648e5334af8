/** What the link flow needs of the email method (issue 11): see `../types.ts`, MethodLink. */
import { EMAIL_METHOD } from '@latchkey/api';
import { SCREEN, type User } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

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

export const emailLink = {
  contract: EMAIL_METHOD,
  linkScreen: SCREEN.LINK_EMAIL_SCREEN,
  linkScreens: [SCREEN.UPDATE_EMAIL_SCREEN],
  accountKey: (account) =>
    account.type === 'email' ? `email:${account.address.toLowerCase()}` : undefined,
  linkActions: ({ link }): EmailLinkActions => ({
    linkEmail: () => void link(SCREEN.LINK_EMAIL_SCREEN),
  }),
  unlinkActions: (client): EmailUnlinkActions => ({
    unlinkEmail: (address) => client.unlinkEmail(address),
  }),
} satisfies MethodLink;

declare module '../../Modal/types.ts' {
  interface ScreenModes {
    /** AWAITING_PASSWORDLESS_CODE (issue 6): the code replaces the user's email (`useUpdateEmail`). */
    'update-email': true;
  }
}
