import { APP_ID_LENGTH } from '@latchkey/api';
import { InvalidAppIdError } from './errors/session.ts';
import { messages } from './messages.ts';

/**
 * Checks an app id before anything else runs (spec section 5: a string of exactly
 * 25 characters).
 *
 * @param appId - The value given to `LatchkeyProvider` / `createLatchkeyClient`.
 * @throws {InvalidAppIdError} code `invalid_app_id`, message
 *   'Cannot initialize the Latchkey provider with an invalid Latchkey app ID'.
 * @example validateAppId('clpispdty00ycl80fpueukbhl');
 */
export function validateAppId(appId: unknown): asserts appId is string {
  if (typeof appId !== 'string' || appId.length !== APP_ID_LENGTH) {
    throw new InvalidAppIdError(
      messages.invalidAppId,
      `Expected a string of ${APP_ID_LENGTH} characters, got ${
        typeof appId === 'string' ? `${appId.length} characters` : typeof appId
      }`,
    );
  }
}
