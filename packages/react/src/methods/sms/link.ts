/** What the link flow needs of the sms method (issue 11): see `../types.ts`, MethodLink. */
import { SMS_METHOD } from '@latchkey/api';
import { SCREEN, type User } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

/** The SMS helpers of `useLinkAccount`. */
export interface SmsLinkActions {
  /** LINK_PHONE_SCREEN: a phone number, then its code (`POST /api/v1/passwordless_sms/link`). */
  linkPhone: () => void;
}

/** The SMS call of `useUnlinkAccount`. */
export interface SmsUnlinkActions {
  /** `POST /api/v1/passwordless_sms/unlink` `{ phoneNumber }` (E.164). */
  unlinkPhone: (phoneNumber: string) => Promise<User>;
}

export const smsLink = {
  contract: SMS_METHOD,
  linkScreen: SCREEN.LINK_PHONE_SCREEN,
  accountKey: (account) => (account.type === 'phone' ? `phone:${account.number}` : undefined),
  linkActions: ({ link }): SmsLinkActions => ({
    linkPhone: () => void link(SCREEN.LINK_PHONE_SCREEN),
  }),
  unlinkActions: (client): SmsUnlinkActions => ({
    unlinkPhone: (phoneNumber) => client.unlinkPhone(phoneNumber),
  }),
} satisfies MethodLink;
