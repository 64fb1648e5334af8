/** What the link flow needs of the siwe method (issue 11): see `../types.ts`, MethodLink. */
import { SIWE_METHOD } from '@latchkey/api';
import { SCREEN, type User } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

/** The SIWE helpers of `useLinkAccount`. */
export interface SiweLinkActions {
  /** LINK_WALLET_SCREEN: pick an external wallet, connect and sign (`POST /api/v1/siwe/link`). */
  linkWallet: () => void;
}

/** The SIWE call of `useUnlinkAccount`. */
export interface SiweUnlinkActions {
  /** `POST /api/v1/siwe/unlink` `{ address }`: an external wallet (the embedded one cannot be). */
  unlinkWallet: (address: string) => Promise<User>;
}

export const siweLink = {
  contract: SIWE_METHOD,
  linkScreen: SCREEN.LINK_WALLET_SCREEN,
  accountKey: (account) =>
    account.type === 'wallet' ? `wallet:${account.address.toLowerCase()}` : undefined,
  linkActions: ({ link }): SiweLinkActions => ({
    linkWallet: () => void link(SCREEN.LINK_WALLET_SCREEN),
  }),
  unlinkActions: (client): SiweUnlinkActions => ({
    unlinkWallet: (address) => client.unlinkWallet(address),
  }),
} satisfies MethodLink;
