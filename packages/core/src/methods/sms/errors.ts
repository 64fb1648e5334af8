import type { MethodErrors } from '../../errors/methodErrors.ts';

/**
 * The SMS method's error texts (spec section 8; issue 11), merged into `ERROR_TABLE` through
 * `METHOD_ERRORS` (`../links.ts`).
 */
export const smsErrors = {
  method: 'sms',
  rows: {
    /** The server refuses to send an SMS to the phone number's region. */
    not_supported: {
      title: 'regionNotSupportedTitle',
      detail: 'regionNotSupportedDetail',
      cta: 'tryAnotherMethod',
    },
  },
} as const satisfies MethodErrors;
