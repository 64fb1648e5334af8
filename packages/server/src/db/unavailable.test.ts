import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { databaseUnavailable, isDatabaseUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises lost and refused connections, PostgreSQL shutdowns and pool timeouts', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('57P02'),
      withCode('08006'),
      withCode('08001'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Cannot use a pool after calling end on the pool'),
      new Error('PGlite is closed'),
      // drizzle's wrapper, an AggregateError of both address families, an ApiError's cause
      new DrizzleQueryError('select 1', [], withCode('57P01')),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect'),
      new ApiError('internal_error', 'x', { cause: new Error('Connection terminated') }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves every other failure alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42601', 'syntax error'),
      withCode('40001'),
      new DrizzleQueryError('insert', [], withCode('23505')),
      new Error('boom'),
      new TypeError('x is undefined'),
      'Connection terminated',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it('answers 503 service_unavailable with a Retry-After', () => {
    const error = databaseUnavailable(withCode('57P01'));
    expect(error.status).toBe(503);
    expect(error.code).toBe('service_unavailable');
    expect(error.retryAfterS).toBe(1);
  });
});
