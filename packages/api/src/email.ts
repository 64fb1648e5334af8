/**
 * The zod-free email check, in its own module so `@latchkey/core` can import it without
 * bundling zod (the client's bundle only pulls modules whose exports it uses).
 */
import { MAX_EMAIL_LENGTH } from './constants.ts';

/**
 * The email format check, shared by the server schema and the modal's Submit button
 * (spec section 5). A plain regex (zod's default email pattern) so the client needs no zod.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** True when `value`, trimmed, is a well-formed email address of at most 254 characters. */
export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed);
}
