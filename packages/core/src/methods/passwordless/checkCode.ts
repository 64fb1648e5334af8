/** The code check shared by the email and SMS link calls (spec section 5). */
import { InvalidInputError } from '../../errors/session.ts';
import type { Messages } from '../../messages.ts';

/**
 * `code` without spaces and dashes.
 * @throws {InvalidInputError} `text.codeShouldBeNumeric` when what is left is not digits.
 */
export function checkCode(code: string, text: Messages): string {
  const trimmed = code.replace(/[\s-]/g, '');
  if (!/^[0-9]+$/.test(trimmed)) throw new InvalidInputError(text.codeShouldBeNumeric);
  return trimmed;
}
