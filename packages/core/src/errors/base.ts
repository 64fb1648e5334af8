import type { LatchkeyErrorCode } from './codes.ts';

/** Options shared by every {@link LatchkeyError}. */
export type LatchkeyErrorParameters = {
  /** Stable, machine-readable code to branch on (never branch on message text). */
  code?: LatchkeyErrorCode | undefined;
  /** Extra context for developers; appended to `message`, not meant for end users. */
  details?: string | undefined;
  /** The underlying error, if any. */
  cause?: unknown;
};

/**
 * The one base class of every error `@latchkey/core` throws (viem's `BaseError` shape).
 * `shortMessage` is the human sentence; `message` adds `details` when present.
 *
 * @example
 * try { await client.loginWithEmailCode({ email, code }); }
 * catch (e) { if (e instanceof LatchkeyError && e.code === 'invalid_credentials') showInvalid(); }
 */
export class LatchkeyError extends Error {
  override name = 'LatchkeyError';
  /** Stable code (one {@link LatchkeyErrorCode}); `'unknown_error'` when none applies. */
  code: LatchkeyErrorCode;
  /** One sentence, safe to show. */
  shortMessage: string;
  /** Developer-facing context. */
  details?: string;
  override cause?: unknown;

  constructor(shortMessage: string, parameters: LatchkeyErrorParameters = {}) {
    super(
      parameters.details ? `${shortMessage}\n\nDetails: ${parameters.details}` : shortMessage,
      parameters.cause === undefined ? undefined : { cause: parameters.cause },
    );
    this.shortMessage = shortMessage;
    this.code = parameters.code ?? 'unknown_error';
    if (parameters.details !== undefined) this.details = parameters.details;
    if (parameters.cause !== undefined) this.cause = parameters.cause;
  }
}

/**
 * Wraps anything thrown into a {@link LatchkeyError} (returned as is when it already is one).
 *
 * @param error - Any thrown value.
 * @returns A `LatchkeyError` whose `cause` is the original value.
 */
export function toLatchkeyError(error: unknown): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new LatchkeyError('An unknown error occurred.', { details: message, cause: error });
}
