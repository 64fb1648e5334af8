import type { MethodErrors } from '../../errors/methodErrors.ts';

/**
 * The passkey method's error codes and texts (spec section 8; issue 11), merged into
 * `CLIENT_ERROR_CODES` and `ERROR_TABLE` through `METHOD_ERRORS` (`../links.ts`). The passkey
 * dialog shows the one-line `inline` texts (`errorTextFor(err, 'passkey', m)`); the error screen
 * keeps the default texts for `passkey_not_allowed` (a code with only an `inline` text).
 */
export const passkeyErrors = {
  method: 'passkey',
  rows: {
    /** Unlinking a passkey enrolled in MFA; the code means something else for other methods. */
    missing_or_invalid_mfa: {
      title: 'unlinkFailedTitle',
      detail: 'passkeyMfaUnlink',
      when: (ctx: { method?: string | undefined }) => ctx.method === 'passkey',
    },
  },
  inline: {
    passkey_not_allowed: 'passkeyNotAllowed',
    cannot_link_more_of_type: 'passkeyCannotLinkMore',
    missing_or_invalid_mfa: 'passkeyMfaUnlink',
  },
} as const satisfies MethodErrors;

/**
 * Codes only the passkey client raises (in `CLIENT_ERROR_CODES` through
 * `METHOD_CLIENT_ERROR_CODES`, `../links.ts`): the WebAuthn ceremony failed, or the browser
 * half (`@latchkey/core/passkey`) is absent.
 */
export const passkeyClientErrorCodes = ['passkey_failed', 'passkey_unsupported'] as const;
