import type { MethodErrors } from '../../errors/methodErrors.ts';

/**
 * The email method's error texts (spec section 8; issue 6 and 11), merged into `ERROR_TABLE`
 * through `METHOD_ERRORS` (`../links.ts`).
 */
export const emailErrors = {
  method: 'email',
  rows: {
    /** `updateEmailWithCode` for a user without an email address. */
    email_required_to_update: { title: 'updateEmailFailedTitle', detail: 'emailRequiredToUpdate' },
  },
} as const satisfies MethodErrors;
