/** Shape checks shared by the frame's request handlers (wallet, MFA, password page). */
import { CustodyError } from '../custody/errors.ts';

/** A refused request: wallet error type `invalid_request_arguments` with `message`. */
export const invalid = (message: string) => new CustodyError('invalid_request_arguments', message);

/**
 * A request's `data` as a plain object.
 * @throws CustodyError `invalid_request_arguments` ('Request data must be an object').
 */
export function record(data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid('Request data must be an object');
  }
  return data as Record<string, unknown>;
}
