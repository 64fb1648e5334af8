/** Phone numbers on the server: parsed with libphonenumber-js, stored in E.164 (spec section 5). */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ApiError } from '../../errors.ts';

/** Country assumed for a number written without `+callingcode` (spec section 9: default country US). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/**
 * The E.164 form of `raw` (`'+1 (415) 555-2671'`, `'+1 4155552671'`, `'4155552671'` with the
 * default country US: all `+14155552671`).
 *
 * @throws ApiError `invalid_data` (400) when `raw` is not a valid number.
 */
export function toE164(raw: string): string {
  const parsed = parsePhoneNumberFromString(raw.trim(), DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isValid()) {
    throw new ApiError('invalid_data', 'Invalid phone number', {
      issues: [{ path: 'phoneNumber', message: 'Invalid phone number' }],
    });
  }
  return parsed.number;
}
