import type {
  LinkedAccountWire,
  MFA_METHODS,
  OAuthProvider,
  RecoveryMethod,
  UserWire,
} from '@latchkey/api';

/** Verification times every linked account carries (spec section 3). */
type Verification = {
  verifiedAt: Date;
  firstVerifiedAt: Date;
  latestVerifiedAt: Date;
};

/** An email address linked to a user. */
export type EmailAccount = { type: 'email'; address: string } & Verification;
/** A phone number (E.164) linked to a user. */
export type PhoneAccount = { type: 'phone'; number: string } & Verification;
/**
 * A wallet linked to a user (spec section 3): `walletClientType` 'latchkey' is the embedded
 * wallet (with its `recoveryMethod`); anything else an external wallet.
 */
export type WalletAccount = {
  type: 'wallet';
  address: string;
  chainType: 'ethereum' | 'solana';
  /** CAIP-2, e.g. 'eip155:31337'. */
  chainId: string | null;
  walletClientType: string;
  connectorType: string;
  recoveryMethod: RecoveryMethod | null;
  imported: boolean;
} & Verification;
/**
 * A passkey linked to a user (spec section 3, "Passkey account"). Show it with
 * `passkeyDisplayName`.
 */
export type PasskeyAccount = {
  type: 'passkey';
  /** base64url credential id. */
  credentialId: string;
  /** From the authenticator's AAGUID when known (e.g. 'Google Password Manager'), else null. */
  authenticatorName: string | null;
  createdWithBrowser: string | null;
  createdWithOs: string | null;
  enrolledInMfa: boolean;
} & Verification;
/** A social account linked to a user: `type` is `<provider>_oauth` (issue 5). */
export type OAuthAccount = {
  type: `${OAuthProvider}_oauth`;
  /** The provider's stable user id. */
  subject: string;
  email: string | null;
  name: string | null;
  username: string | null;
} & Verification;
/** A linked account, discriminated on `type`. Later slices add passkey, OAuth... */
export type LinkedAccount =
  EmailAccount | PhoneAccount | WalletAccount | OAuthAccount | PasskeyAccount;

/** An MFA method (spec section 3). */
export type MfaMethod = (typeof MFA_METHODS)[number];

/** The logged-in user, camelCase, times as `Date` (spec section 3). */
export type User = {
  id: string;
  createdAt: Date;
  /** The first linked email, if any. */
  email?: { address: string };
  /** The first linked phone, if any. */
  phone?: { number: string };
  /**
   * The embedded wallet if the user has one, else the first linked external wallet
   * (spec section 3, `User.wallet`).
   */
  wallet?: WalletAccount;
  linkedAccounts: LinkedAccount[];
  mfaMethods: MfaMethod[];
  hasAcceptedTerms: boolean;
  isGuest: boolean;
};

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

/** What a login resolves with (spec section 3, "Authenticate result"). */
export type AuthenticateResult = {
  user: User;
  /** True when this login created the user. */
  isNewUser: boolean;
  oAuthTokens?: OAuthTokens;
};

const seconds = (s: number) => new Date(s * 1000);
const MFA: readonly string[] = ['sms', 'totp', 'passkey'];

function toLinkedAccount(wire: LinkedAccountWire): LinkedAccount {
  const verification: Verification = {
    verifiedAt: seconds(wire.verified_at),
    firstVerifiedAt: seconds(wire.first_verified_at),
    latestVerifiedAt: seconds(wire.latest_verified_at),
  };
  switch (wire.type) {
    case 'email':
      return { type: 'email', address: wire.address, ...verification };
    case 'phone':
      return { type: 'phone', number: wire.number, ...verification };
    case 'wallet':
      return {
        type: 'wallet',
        address: wire.address,
        chainType: wire.chain_type,
        chainId: wire.chain_id,
        walletClientType: wire.wallet_client_type,
        connectorType: wire.connector_type,
        recoveryMethod: wire.recovery_method,
        imported: wire.imported,
        ...verification,
      };
    case 'passkey':
      return {
        type: 'passkey',
        credentialId: wire.credential_id,
        authenticatorName: wire.authenticator_name,
        createdWithBrowser: wire.created_with_browser,
        createdWithOs: wire.created_with_os,
        enrolledInMfa: wire.enrolled_in_mfa,
        ...verification,
      };
    default:
      // `<provider>_oauth` (issue 5).
      return {
        type: wire.type,
        subject: wire.subject,
        email: wire.email,
        name: wire.name,
        username: wire.username,
        ...verification,
      };
  }
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(['email', 'phone', 'wallet', 'passkey']);

/**
 * The name to show for a passkey (spec section 3): 'authenticator on browser', else
 * 'browser on os', else 'Unknown device'.
 *
 * @example passkeyDisplayName({ authenticatorName: 'iCloud Keychain', createdWithBrowser: 'Safari', createdWithOs: 'macOS' }) // 'iCloud Keychain on Safari'
 */
export function passkeyDisplayName(
  account: Pick<PasskeyAccount, 'authenticatorName' | 'createdWithBrowser' | 'createdWithOs'>,
): string {
  const { authenticatorName, createdWithBrowser, createdWithOs } = account;
  if (authenticatorName && createdWithBrowser)
    return `${authenticatorName} on ${createdWithBrowser}`;
  if (createdWithBrowser && createdWithOs) return `${createdWithBrowser} on ${createdWithOs}`;
  return 'Unknown device';
}

/**
 * Converts the API's user (snake_case, seconds) to the client's {@link User}.
 * Unknown linked account types and MFA methods (from a newer server) are skipped.
 *
 * @param wire - `user` of a session or `/users/me` answer.
 * @returns The user.
 */
export function toUser(wire: UserWire): User {
  const linkedAccounts = wire.linked_accounts
    .filter((a) => KNOWN_TYPES.has(a.type) || a.type.endsWith('_oauth'))
    .map(toLinkedAccount);
  const email = linkedAccounts.find((a): a is EmailAccount => a.type === 'email');
  const phone = linkedAccounts.find((a): a is PhoneAccount => a.type === 'phone');
  const user: User = {
    id: wire.id,
    createdAt: seconds(wire.created_at),
    linkedAccounts,
    mfaMethods: wire.mfa_methods.map((m) => m.type).filter((t): t is MfaMethod => MFA.includes(t)),
    hasAcceptedTerms: wire.has_accepted_terms,
    isGuest: wire.is_guest,
  };
  if (email) user.email = { address: email.address };
  if (phone) user.phone = { number: phone.number };
  const wallets = linkedAccounts.filter((a): a is WalletAccount => a.type === 'wallet');
  const wallet = wallets.find((w) => w.walletClientType === 'latchkey') ?? wallets[0];
  if (wallet) user.wallet = wallet;
  return user;
}
