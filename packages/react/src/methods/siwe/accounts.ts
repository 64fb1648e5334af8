/**
 * The Siwe method's account helpers (issue 11): its part of `useLinkAccount` and
 * `useUnlinkAccount`, listed in `METHOD_ACCOUNTS` (`../links.ts`). Apart from `./link.ts` so an
 * app that never calls those hooks does not ship them (the provider reads `./link.ts` eagerly).
 */
import { SCREEN, type User } from '@latchkey/core';
import type { MethodAccounts } from '../linkTypes.ts';

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

export const siweAccounts = {
  linkActions: ({ link }): SiweLinkActions => ({
    linkWallet: () => void link(SCREEN.LINK_WALLET_SCREEN),
  }),
  unlinkActions: (client): SiweUnlinkActions => ({
    unlinkWallet: (address) => client.unlinkWallet(address),
  }),
} satisfies MethodAccounts;
