/** What the link flow needs of the sms method (issue 11): see `../types.ts`, MethodLink. */
import { SMS_METHOD } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

export const smsLink: MethodLink = {
  contract: SMS_METHOD,
  linkScreen: SCREEN.LINK_PHONE_SCREEN,
  accountKey: (account) => (account.type === 'phone' ? `phone:${account.number}` : undefined),
};
