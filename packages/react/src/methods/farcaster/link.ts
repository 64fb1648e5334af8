/**
 * What the provider needs of the Farcaster method (issue 16): see `../linkTypes.ts`,
 * MethodLink. AWAITING_FARCASTER_CONNECTION links a Farcaster account in link mode
 * (`useLinkAccount().linkFarcaster`); a linked account is keyed by its fid. The client's lazy
 * half is the signer's (`@latchkey/core/farcaster-signer`: `initFarcasterSigner`,
 * `watchFarcasterSigner`, `signFarcasterMessage`), loaded on their first call.
 */
import { FARCASTER_METHOD } from '@latchkey/api';
import { SCREEN } from '@latchkey/core';
import type { MethodLink } from '../linkTypes.ts';

export const farcasterLink: MethodLink = {
  contract: FARCASTER_METHOD,
  linkScreen: SCREEN.AWAITING_FARCASTER_CONNECTION,
  accountKey: (account) => (account.type === 'farcaster' ? `farcaster:${account.fid}` : undefined),
  loaders: { farcasterSigner: () => import('@latchkey/core/farcaster-signer') },
};
