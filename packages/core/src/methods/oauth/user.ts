/**
 * The OAuth method's part of the client `User` and login result (issue 11; spec section 3):
 * `<provider>_oauth` accounts and the provider's tokens of a social login. Joined through the
 * wire registry (`api/methods/index.ts`).
 */
import { OAUTH_METHOD, type OAuthProvider } from '@latchkey/api';
import type { MethodUserPart, Verification, WireAccountOf } from '../../session/methodUser.ts';

/**
 * A social account linked to a user: `type` is `<provider>_oauth` (issue 5), with the profile
 * the provider gave ({@link OAuthProfile}).
 */
export type OAuthAccount = {
  type: `${OAuthProvider}_oauth`;
  /** The provider's stable user id. */
  subject: string;
} & OAuthProfile &
  Verification;

/** The provider's profile of an OAuth account, as on the wire: its address, name and username (each or null). */
export type OAuthProfile = Omit<
  WireAccountOf<`${OAuthProvider}_oauth`>,
  'type' | 'subject' | 'verified_at' | 'first_verified_at' | 'latest_verified_at'
>;

/** The profile's fields, in wire order: the contract's `detailFields` of an OAuth account. */
const PROFILE_FIELDS = Object.keys(OAUTH_METHOD.accounts?.[0]?.detailFields ?? {});

/** OAuth tokens returned by a social login (spec section 3). */
export type OAuthTokens = {
  provider: string;
  accessToken: string;
  /** Seconds. */
  accessTokenExpiresInSeconds?: number;
  refreshToken?: string;
  /** Seconds. */
  refreshTokenExpiresInSeconds?: number;
  scopes?: string[];
};

/** The OAuth method's fields of a login result (`AuthenticateResult`). */
export type OAuthAuthenticateFields = {
  oAuthTokens?: OAuthTokens;
};

/** Reads the wire `<provider>_oauth` accounts (no `User` field of its own). */
export const oauthUser: MethodUserPart<OAuthAccount> = {
  reads: (type) => type.endsWith('_oauth'),
  toAccount: (account, verification) => {
    const wire = account as WireAccountOf<`${OAuthProvider}_oauth`>;
    const profile = Object.fromEntries(
      PROFILE_FIELDS.map((field) => [field, wire[field as keyof typeof wire]]),
    ) as OAuthProfile;
    return { type: wire.type, subject: wire.subject, ...profile, ...verification };
  },
};
