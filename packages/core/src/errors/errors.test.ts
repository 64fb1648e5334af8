import { describe, expect, it } from 'vitest';
import { LatchkeyError, toLatchkeyError } from './base.ts';
import type { LatchkeyErrorCode } from './codes.ts';
import { ApiError, NetworkError, parseApiError, TimeoutError } from './request.ts';
import { AlreadyLoggedInError, InvalidAppIdError } from './session.ts';

describe('LatchkeyError', () => {
  it('carries shortMessage, details, cause and code', () => {
    const cause = new Error('inner');
    const error = new LatchkeyError('Could not do it.', {
      // A code outside the union, to show any code is carried as given.
      code: 'x_failed' as LatchkeyErrorCode,
      details: 'why',
      cause,
    });
    expect(error.shortMessage).toBe('Could not do it.');
    expect(error.message).toBe('Could not do it.\n\nDetails: why');
    expect(error.code).toBe('x_failed');
    expect(error.details).toBe('why');
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('LatchkeyError');
  });

  it("defaults the code to 'unknown_error' and the message to shortMessage", () => {
    const error = new LatchkeyError('Oops');
    expect(error.code).toBe('unknown_error');
    expect(error.message).toBe('Oops');
  });

  it('is the base of every specific class', () => {
    for (const error of [
      new ApiError({ code: 'not_found', status: 404, message: 'x' }),
      new TimeoutError({ timeoutMs: 1 }),
      new NetworkError({}),
      new InvalidAppIdError('x'),
      new AlreadyLoggedInError('x'),
    ]) {
      expect(error).toBeInstanceOf(LatchkeyError);
      expect(error).toBeInstanceOf(Error);
    }
  });

  it('names and codes the specific classes', () => {
    expect(new TimeoutError({ timeoutMs: 20_000 })).toMatchObject({
      name: 'TimeoutError',
      code: 'client_request_timeout',
      timeoutMs: 20_000,
    });
    expect(new NetworkError({})).toMatchObject({ name: 'NetworkError', code: 'network_error' });
    expect(new AlreadyLoggedInError('x').code).toBe('already_logged_in');
  });
});

describe('toLatchkeyError', () => {
  it('keeps a LatchkeyError and wraps anything else', () => {
    const own = new LatchkeyError('x');
    expect(toLatchkeyError(own)).toBe(own);
    const wrapped = toLatchkeyError(new Error('boom'));
    expect(wrapped.code).toBe('unknown_error');
    expect(wrapped.details).toBe('boom');
    expect(toLatchkeyError('str').details).toBe('str');
  });
});

describe('parseApiError', () => {
  it('maps an unknown code to a status-based code', () => {
    expect(parseApiError(401, { error: 'x', code: 'nope' }).code).toBe('missing_or_invalid_token');
    expect(parseApiError(429, undefined).code).toBe('too_many_requests');
    expect(parseApiError(503, undefined).code).toBe('internal_error');
    expect(parseApiError(418, null).code).toBe('invalid_data');
  });
});
