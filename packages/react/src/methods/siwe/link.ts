/** What the link flow needs of the siwe method (issue 11): see `../types.ts`, MethodLink. */
import { SIWE_METHOD } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

export const siweLink: MethodLink = {
  contract: SIWE_METHOD,
  linkScreen: SCREEN.LINK_WALLET_SCREEN,
  accountKey: (account) =>
    account.type === 'wallet' ? `wallet:${account.address.toLowerCase()}` : undefined,
};
