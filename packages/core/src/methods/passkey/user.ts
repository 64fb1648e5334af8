/**
 * The passkey method's part of the client `User` (issue 11; spec section 3, "Passkey account"):
 * passkey accounts, their display name and the `passkey` MFA method. Joined through the wire
 * registry (`api/methods/index.ts`).
 */
import type { MethodUserPart, Verification, WireAccountOf } from '../../session/methodUser.ts';

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

/** Reads the wire `passkey` accounts (no `User` field of its own). */
export const passkeyUser: MethodUserPart<PasskeyAccount> = {
  reads: (type) => type === 'passkey',
  toAccount: (account, verification) => {
    const wire = account as WireAccountOf<'passkey'>;
    return {
      type: 'passkey',
      credentialId: wire.credential_id,
      authenticatorName: wire.authenticator_name,
      createdWithBrowser: wire.created_with_browser,
      createdWithOs: wire.created_with_os,
      enrolledInMfa: wire.enrolled_in_mfa,
      ...verification,
    };
  },
  mfaMethod: 'passkey',
};

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
