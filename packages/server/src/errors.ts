/**
 * The one HTTP error type of the server (Hono style): handlers throw it with a code from the
 * wire contract; the error handler turns it into `{error, code}` with the status from
 * `ERROR_STATUS` (spec section 8).
 */
import { type ApiErrorBody, ERROR_STATUS, type ErrorCode } from '@latchkey/api';

/** Extra fields of an {@link ApiError}. */
export interface ApiErrorOptions {
  /** Seconds; sets `Retry-After` and `retry_after` (used with 429). */
  retryAfterS?: number;
  /** Field-level problems for `invalid_data`. */
  issues?: { path: string; message: string }[];
  cause?: unknown;
}

/** An error answered to the client as JSON `{error, code}` with `ERROR_STATUS[code]`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterS: number | undefined;
  readonly issues: { path: string; message: string }[] | undefined;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.retryAfterS = options.retryAfterS;
    this.issues = options.issues;
  }

  /** The JSON body sent to the client. */
  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { error: this.message, code: this.code };
    if (this.retryAfterS !== undefined) body.retry_after = this.retryAfterS;
    if (this.issues) body.issues = this.issues;
    return body;
  }
}

/** The message of every failed code check, whatever the reason (catalogue 24; spec section 8). */
export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code';
