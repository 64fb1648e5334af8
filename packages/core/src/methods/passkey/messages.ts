/**
 * The passkey method's texts that core shows (spec sections 2 and 8; issue 11): the login
 * list's entry and the one-line texts of the passkey dialog's errors (`errorTextFor(err,
 * 'passkey', m)`). Merged into core's one catalogue (`messages` of `../../messages.ts`)
 * through `METHOD_MESSAGES` (`../links.ts`); overridden like any text.
 */
export const passkeyMessages = {
  iHaveAPasskey: 'I have a passkey',
  /** Errors of the passkey dialog (spec section 8). */
  passkeyNotAllowed: 'Passkey request timed out or rejected by user.',
  passkeyCannotLinkMore: 'Cannot link more passkeys to account.',
  passkeyMfaUnlink: 'Cannot unlink a passkey enrolled in MFA',
  /** The fallback when a code has no passkey text. */
  passkeyUnknownError: 'An unknown error occurred.',
} as const;
