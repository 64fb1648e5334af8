/**
 * Recovery password rules for the `user-passcode` flow (spec section 5, "Password", "Strength";
 * section 9). They live in `@latchkey/api` (import-free) so the wallet frame's password page
 * (issue 24), where passwords are typed now, applies the same rules; re-exported here.
 */
export {
  generatePassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SYMBOLS,
  passwordConfirmationError,
  passwordError,
  type PasswordStrength,
  passwordStrength,
  type PasswordStrengthLabel,
  recoveryFileName,
  STRENGTH_ENTROPY_DIVISOR,
  STRENGTH_MIN_LENGTH,
} from '@latchkey/api';
