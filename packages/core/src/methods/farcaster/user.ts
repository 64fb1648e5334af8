/**
 * The Farcaster method's part of the client `User` (issue 16; spec section 3: "User: ...
 * farcaster (fid, signerPublicKey)"): `farcaster` accounts, camelCase, and `user.farcaster`.
 * Joined through the wire registry (`api/methods/index.ts`).
 */
import type { MethodUserPart, Verification, WireAccountOf } from '../../session/methodUser.ts';

/** A Farcaster account linked to a user, with the profile the relay gave at its latest login. */
export type FarcasterAccount = {
  type: 'farcaster';
  /** The Farcaster id (a decimal string on the wire). */
  fid: number;
  /** The custody address (checksummed) that signed the sign-in message, if known. */
  ownerAddress: string | null;
  username: string | null;
  displayName: string | null;
  bio: string | null;
  /** Profile picture URL. */
  pfp: string | null;
  /** The ed25519 public key (hex) of an approved signer, if any. */
  signerPublicKey: string | null;
} & Verification;

/** The Farcaster method's field of `User`. */
export type FarcasterUserFields = {
  /** The linked Farcaster account, if any (one per user). */
  farcaster?: Pick<
    FarcasterAccount,
    'fid' | 'username' | 'displayName' | 'pfp' | 'ownerAddress' | 'signerPublicKey'
  >;
};

/** Reads the wire `farcaster` accounts; `user.farcaster` is the first one. */
export const farcasterUser: MethodUserPart<FarcasterAccount, FarcasterUserFields> = {
  reads: (type) => type === 'farcaster',
  toAccount: (account, verification) => {
    const wire = account as WireAccountOf<'farcaster'>;
    return {
      type: 'farcaster',
      fid: Number(wire.fid),
      ownerAddress: wire.owner_address,
      username: wire.username,
      displayName: wire.display_name,
      bio: wire.bio,
      pfp: wire.profile_picture_url,
      signerPublicKey: wire.signer_public_key,
      ...verification,
    };
  },
  userFields: (accounts) => {
    const first = accounts.find((a): a is FarcasterAccount => a.type === 'farcaster');
    if (!first) return {};
    const { fid, username, displayName, pfp, ownerAddress, signerPublicKey } = first;
    return { farcaster: { fid, username, displayName, pfp, ownerAddress, signerPublicKey } };
  },
};
