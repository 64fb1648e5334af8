/** What the link flow needs of the email method (issue 11): see `../types.ts`, MethodLink. */
import { EMAIL_METHOD } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

export const emailLink: MethodLink = {
  contract: EMAIL_METHOD,
  linkScreen: SCREEN.LINK_EMAIL_SCREEN,
  linkScreens: [SCREEN.UPDATE_EMAIL_SCREEN],
  accountKey: (account) =>
    account.type === 'email' ? `email:${account.address.toLowerCase()}` : undefined,
};

declare module '../../Modal/types.ts' {
  interface ScreenModes {
    /** AWAITING_PASSWORDLESS_CODE (issue 6): the code replaces the user's email (`useUpdateEmail`). */
    'update-email': true;
  }
}
