/**
 * Telling "the database cannot be reached right now" apart from every other failure, so the
 * server answers a database outage (restart, failover, lost connection, pool shut down) with
 * 503 `service_unavailable` and `Retry-After`, which clients retry, instead of 500 (issue 10,
 * item 4).
 */
import { ApiError } from '../errors.ts';

/** Seconds sent in `Retry-After` when the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 1;

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), 57P01-57P03
 * (admin shutdown, crash shutdown, cannot connect now: the server is starting or stopping) and
 * 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** Node socket errors that mean the database host is not (or no longer) reachable. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Messages of node-postgres (pool timeouts, a connection closed under a query, an ended pool)
 * and PGlite (closed) that carry no code.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * Whether `error`, or anything in its `cause` chain (drizzle wraps driver errors in
 * `DrizzleQueryError`) or in an `AggregateError`'s `errors`, is a database connection failure.
 *
 * @param error anything thrown.
 * @returns the message of the connection failure found (for the log), or undefined when there
 *   is none (constraint violations, syntax errors, application errors).
 */
export function databaseUnavailableReason(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    const text = typeof message === 'string' ? message : '';
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))
    )
      return `${code} ${text}`.trim();
    if (UNAVAILABLE_MESSAGE.test(text)) return text;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return undefined;
}

/** `true` when {@link databaseUnavailableReason} finds a connection failure in `error`. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== undefined;
}

/**
 * The answer to a database outage: 503 `service_unavailable` with `Retry-After:
 * {@link DATABASE_RETRY_AFTER_S}` seconds, keeping `error` as its cause (for the log).
 */
export function databaseUnavailable(error: unknown): ApiError {
  return new ApiError('service_unavailable', 'The service is temporarily unavailable', {
    retryAfterS: DATABASE_RETRY_AFTER_S,
    cause: error,
  });
}
