/**
 * The Sms method's account helpers (issue 11): its part of `useLinkAccount` and
 * `useUnlinkAccount`, listed in `METHOD_ACCOUNTS` (`../links.ts`). Apart from `./link.ts` so an
 * app that never calls those hooks does not ship them (the provider reads `./link.ts` eagerly).
 */
import { SCREEN, type User } from '@latchkey/core';
import type { MethodAccounts } from '../linkTypes.ts';

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

export const smsAccounts = {
  linkActions: ({ link }): SmsLinkActions => ({
    linkPhone: () => void link(SCREEN.LINK_PHONE_SCREEN),
  }),
  unlinkActions: (client): SmsUnlinkActions => ({
    unlinkPhone: (phoneNumber) => client.unlinkPhone(phoneNumber),
  }),
} satisfies MethodAccounts;
