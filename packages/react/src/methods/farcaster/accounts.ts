/**
 * The Farcaster method's account helpers (issue 16): its part of `useLinkAccount` and
 * `useUnlinkAccount`, listed in `METHOD_ACCOUNTS` (`../links.ts`).
 */
import { SCREEN, type User } from '@latchkey/core';
import type { MethodAccounts } from '../linkTypes.ts';

/** The Farcaster helper of `useLinkAccount`. */
export interface FarcasterLinkActions {
  /**
   * Links a Farcaster account: opens the modal on AWAITING_FARCASTER_CONNECTION in link mode,
   * which opens a relay channel with the bearer token (`POST /api/v1/farcaster/init`), shows
   * its QR code, polls every 2 s (120 s at most) and ends with `POST /api/v1/farcaster/link`.
   * Logged out, it opens nothing and reports `must_be_authenticated` to `onError`.
   */
  linkFarcaster: () => void;
}

/** The Farcaster call of `useUnlinkAccount`. */
export interface FarcasterUnlinkActions {
  /**
   * `POST /api/v1/farcaster/unlink` `{fid}` (spec section 7): `fid` is the account's
   * Farcaster id (`FarcasterAccount.fid`).
   * @throws `ApiError` `account_not_linked`, `cannot_unlink_last_account`.
   */
  unlinkFarcaster: (fid: number) => Promise<User>;
}

export const farcasterAccounts = {
  linkActions: ({ link }): FarcasterLinkActions => ({
    linkFarcaster: () => {
      link(SCREEN.AWAITING_FARCASTER_CONNECTION, { mode: 'link', method: 'Farcaster' });
    },
  }),
  unlinkActions: (client): FarcasterUnlinkActions => ({
    unlinkFarcaster: (fid) => client.unlinkFarcaster(fid),
  }),
} satisfies MethodAccounts;
