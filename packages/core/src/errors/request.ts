import { type ErrorCode, isErrorCode } from '@latchkey/api';
import { LatchkeyError } from './base.ts';

/** Parameters of {@link ApiError}. */
export type ApiErrorParameters = {
  code: ErrorCode;
  /** HTTP status of the answer. */
  status: number;
  /** Server's human-readable message (`error` field of the body). */
  message: string;
  /** Seconds to wait before retrying (from `retry_after` or the `Retry-After` header). */
  retryAfterS?: number | undefined;
  /** Field-level problems, for `invalid_data`. */
  issues?: { path: string; message: string }[] | undefined;
  /** Method and path of the request, for `details`. */
  request?: string | undefined;
};

/**
 * A non-2xx answer of the Latchkey API, parsed from its `{ error, code }` body
 * (spec section 8). `shortMessage` is the server's message; branch on `code`.
 */
export class ApiError extends LatchkeyError {
  override name = 'ApiError';
  declare code: ErrorCode;
  /** HTTP status. */
  status: number;
  /** Seconds to wait before retrying; set with 429. */
  retryAfterS?: number;
  /** Field-level problems for `invalid_data`. */
  issues?: { path: string; message: string }[];

  constructor(parameters: ApiErrorParameters) {
    super(parameters.message, {
      code: parameters.code,
      details: parameters.request
        ? `${parameters.request} -> HTTP ${parameters.status}`
        : undefined,
    });
    this.status = parameters.status;
    if (parameters.retryAfterS !== undefined) this.retryAfterS = parameters.retryAfterS;
    if (parameters.issues !== undefined) this.issues = parameters.issues;
  }
}

/** The request took longer than the client's timeout (spec section 9: 20000 ms by default). */
export class TimeoutError extends LatchkeyError {
  override name = 'TimeoutError';
  declare code: 'client_request_timeout';
  /** The timeout that elapsed, in ms. */
  timeoutMs: number;

  constructor(parameters: { timeoutMs: number; request?: string; cause?: unknown }) {
    super('The request timed out.', {
      code: 'client_request_timeout',
      details: `${parameters.request ?? 'Request'} got no answer within ${parameters.timeoutMs} ms`,
      cause: parameters.cause,
    });
    this.timeoutMs = parameters.timeoutMs;
  }
}

/** `fetch` itself failed (offline, DNS, CORS, connection reset). Code `network_error`. */
export class NetworkError extends LatchkeyError {
  override name = 'NetworkError';
  declare code: 'network_error';

  constructor(parameters: { request?: string; cause?: unknown }) {
    super('Could not reach the Latchkey API.', {
      code: 'network_error',
      details: parameters.request,
      cause: parameters.cause,
    });
  }
}

/** Fallback codes for an answer whose body is not a Latchkey error body. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_data',
  401: 'missing_or_invalid_token',
  403: 'invalid_origin',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'client_request_timeout',
  413: 'payload_too_large',
  422: 'invalid_credentials',
  429: 'too_many_requests',
};

/**
 * Builds an {@link ApiError} from a non-2xx answer's status, parsed body and headers.
 * Tolerates bodies that are not `{ error, code }` (a proxy's HTML page, an empty body).
 *
 * @param status - HTTP status (>= 400).
 * @param body - The parsed JSON body, or `undefined` when it was not JSON.
 * @param headers - Answer headers (reads `Retry-After`, in seconds).
 * @param request - `"METHOD /path"`, for `details`.
 * @returns The error to throw.
 */
export function parseApiError(
  status: number,
  body: unknown,
  headers?: Headers,
  request?: string,
): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code: ErrorCode = isErrorCode(record.code)
    ? record.code
    : (CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'invalid_data'));
  const message =
    typeof record.error === 'string' && record.error.length > 0
      ? record.error
      : `Request failed with status ${status}`;
  let retryAfterS: number | undefined;
  if (typeof record.retry_after === 'number' && record.retry_after >= 0) {
    retryAfterS = record.retry_after;
  } else {
    const header = headers?.get('retry-after');
    if (header && /^\d+$/.test(header.trim())) retryAfterS = Number(header.trim());
  }
  const issues = Array.isArray(record.issues)
    ? (record.issues as { path: string; message: string }[])
    : undefined;
  return new ApiError({ code, status, message, retryAfterS, issues, request });
}
