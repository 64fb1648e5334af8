/**
 * The OAuth method's part of the client `User` and login result (issue 11; spec section 3):
 * `<provider>_oauth` accounts and the provider's tokens of a social login. Joined through the
 * wire registry (`api/methods/index.ts`).
 */
import type { OAuthProvider } from '@latchkey/api';
import type { MethodUserPart, Verification, WireAccountOf } from '../../session/methodUser.ts';

/** A social account linked to a user: `type` is `<provider>_oauth` (issue 5). */
export type OAuthAccount = {
  type: `${OAuthProvider}_oauth`;
  /** The provider's stable user id. */
  subject: string;
  email: string | null;
  name: string | null;
  username: string | null;
} & Verification;

/**
 * Another Latchkey app's account (cross-app, issue 21; spec section 3): `subject` is the
 * provider app's user id, `providerApp.id` that app, `embeddedWallets` its embedded wallets as
 * the provider listed them at the latest login (EIP-55 addresses).
 */
export type CrossAppAccount = {
  type: 'cross_app';
  subject: string;
  providerApp: { id: string };
  embeddedWallets: { address: string }[];
  smartWallets: { address: string }[];
} & Verification;

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

/**
 * Reads the wire `<provider>_oauth` accounts and the `cross_app` ones, whose login is an OAuth
 * flow too (no `User` field of its own).
 */
export const oauthUser: MethodUserPart<OAuthAccount | CrossAppAccount> = {
  reads: (type) => type.endsWith('_oauth') || type === 'cross_app',
  toAccount: (account, verification) => {
    if (account.type === 'cross_app') {
      return {
        type: 'cross_app',
        subject: account.subject,
        providerApp: { id: account.provider_app.id },
        embeddedWallets: account.embedded_wallets.map(({ address }) => ({ address })),
        smartWallets: account.smart_wallets.map(({ address }) => ({ address })),
        ...verification,
      };
    }
    const wire = account as WireAccountOf<`${OAuthProvider}_oauth`>;
    return {
      type: wire.type,
      subject: wire.subject,
      email: wire.email,
      name: wire.name,
      username: wire.username,
      ...verification,
    };
  },
};
