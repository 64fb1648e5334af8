import type { MethodErrors } from '../../errors/methodErrors.ts';

/**
 * The Farcaster method's error codes and texts (spec section 8, "OAuth and Farcaster"; issue
 * 16), merged into `CLIENT_ERROR_CODES` and `ERROR_TABLE` through `METHOD_ERRORS`
 * (`../links.ts`): `farcaster_timeout` is 'Authentication failed' / 'The request timed out. Try
 * again.' (`errorScreenFor`, and `errorTextFor(err, 'farcaster', m)`). The modal's screen
 * (AWAITING_FARCASTER_CONNECTION) has the other codes' texts of spec section 8.
 */
export const farcasterErrors = {
  method: 'farcaster',
  rows: {
    farcaster_timeout: { title: 'authenticationFailedTitle', detail: 'farcasterTimedOut' },
  },
  inline: { farcaster_timeout: 'farcasterTimedOut' },
} as const satisfies MethodErrors;

/**
 * Codes only the Farcaster client raises (in `CLIENT_ERROR_CODES` through
 * `METHOD_CLIENT_ERROR_CODES`, `../links.ts`):
 * - `farcaster_timeout`: the Farcaster app did not answer within `FARCASTER_CONNECT_TIMEOUT_MS`
 *   (120 s). Retryable: a new channel may be opened.
 * - `farcaster_signer_rejected`: the signer was revoked instead of approved ('The request was
 *   rejected. Please try again.'; the modal's 'Request rejected').
 * - `farcaster_signer_timeout`: no approval within `FARCASTER_SIGNER_TIMEOUT_MS` (300 s; the
 *   modal's 'Connect failed'). Retryable.
 */
export const farcasterClientErrorCodes = [
  'farcaster_timeout',
  'farcaster_signer_rejected',
  'farcaster_signer_timeout',
] as const;
