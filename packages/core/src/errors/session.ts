import { LatchkeyError } from './base.ts';

/** Thrown by `validateAppId` (spec section 5). Code `invalid_app_id`. */
export class InvalidAppIdError extends LatchkeyError {
  override name = 'InvalidAppIdError';
  constructor(message: string, details?: string) {
    super(message, { code: 'invalid_app_id', details });
  }
}

/** A login was attempted while a user is logged in (spec section 6). Code `already_logged_in`. */
export class AlreadyLoggedInError extends LatchkeyError {
  override name = 'AlreadyLoggedInError';
  constructor(message: string) {
    super(message, { code: 'already_logged_in' });
  }
}

/** Input refused before any request was sent (bad email, bad code). Code `invalid_input`. */
export class InvalidInputError extends LatchkeyError {
  override name = 'InvalidInputError';
  constructor(message: string, details?: string) {
    super(message, { code: 'invalid_input', details });
  }
}
