import type { RecoveryMethod, UserWire } from '@latchkey/api';
import {
  METHOD_USER_PARTS,
  type MethodAccount,
  type MethodAuthenticateFields,
  type MethodUserFields,
} from '../api/methods/index.ts';
import type { MfaMethod, Verification } from './methodUser.ts';

export type { MfaMethod, Verification } from './methodUser.ts';

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
 * A linked account, discriminated on `type`: a login method's (`MethodAccount`, from each
 * `methods/<id>/user.ts`) or a wallet.
 */
export type LinkedAccount = MethodAccount | WalletAccount;

/**
 * The logged-in user, camelCase, times as `Date` (spec section 3). The login methods add their
 * own fields ({@link MethodUserFields}: `email`, `phone`).
 */
export type User = UserFields & MethodUserFields;

/** The method-neutral fields of {@link User}. */
type UserFields = {
  id: string;
  createdAt: Date;
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

/** What a login resolves with (spec section 3, "Authenticate result"). */
export type AuthenticateResult = {
  user: User;
  /** True when this login created the user. */
  isNewUser: boolean;
} & MethodAuthenticateFields;

const seconds = (s: number) => new Date(s * 1000);
/** The MFA methods a client knows: TOTP and those the login methods enrol as. */
const MFA: readonly string[] = [
  'totp',
  ...METHOD_USER_PARTS.flatMap((part) => (part.mfaMethod ? [part.mfaMethod] : [])),
];

/** The client account of a wire one, by the part that reads its type; undefined if none does. */
function toLinkedAccount(wire: UserWire['linked_accounts'][number]): LinkedAccount | undefined {
  const verification: Verification = {
    verifiedAt: seconds(wire.verified_at),
    firstVerifiedAt: seconds(wire.first_verified_at),
    latestVerifiedAt: seconds(wire.latest_verified_at),
  };
  if (wire.type === 'wallet') {
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
  }
  return METHOD_USER_PARTS.find((part) => part.reads(wire.type))?.toAccount(wire, verification);
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
    .map(toLinkedAccount)
    .filter((a): a is LinkedAccount => a !== undefined);
  const user: User = {
    id: wire.id,
    createdAt: seconds(wire.created_at),
    linkedAccounts,
    mfaMethods: wire.mfa_methods.map((m) => m.type).filter((t): t is MfaMethod => MFA.includes(t)),
    hasAcceptedTerms: wire.has_accepted_terms,
    isGuest: wire.is_guest,
  };
  for (const part of METHOD_USER_PARTS) Object.assign(user, part.userFields?.(linkedAccounts));
  const wallets = linkedAccounts.filter((a): a is WalletAccount => a.type === 'wallet');
  const wallet = wallets.find((w) => w.walletClientType === 'latchkey') ?? wallets[0];
  if (wallet) user.wallet = wallet;
  return user;
}
