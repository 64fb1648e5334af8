import type { MethodErrors } from '../../errors/methodErrors.ts';

/**
 * The SIWE method's error codes and texts (spec section 8; issue 11), merged into
 * `CLIENT_ERROR_CODES` and `ERROR_TABLE` through `METHOD_ERRORS` (`../links.ts`). Its texts are
 * read as the `'wallet'` method (`errorTextFor(err, 'wallet', m)`): the wallet connection
 * screens (AWAITING_CONNECTION, LOGIN_FAILED_SCREEN).
 */
export const siweErrors = {
  method: 'wallet',
  inline: {
    linked_to_another_user: 'walletUserExists',
    client_request_timeout: 'walletTimedOut',
  },
} as const satisfies MethodErrors;

/**
 * Codes only the SIWE client raises (in `CLIENT_ERROR_CODES` through
 * `METHOD_CLIENT_ERROR_CODES`, `../links.ts`): the EIP-1193 connection failed, or the chosen
 * wallet is not installed.
 */
export const siweClientErrorCodes = ['wallet_connect_failed', 'wallet_not_installed'] as const;
