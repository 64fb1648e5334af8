import { describe, expect, it } from 'vitest';
import { LatchkeyError } from '../errors/base.ts';
import { fresh, storeSetup } from '../session/test/client.ts';
import { isNotAuthenticated, NOT_AUTHENTICATED, requireSession } from './requireSession.ts';

describe('requireSession', () => {
  it('answers the access token of the logged-in user', async () => {
    const { store } = await storeSetup({}, { loggedIn: true });
    await expect(requireSession(store)).resolves.toBe(fresh);
  });

  it('throws the one "not authenticated" code when logged out, before any request', async () => {
    const { store, calls } = await storeSetup({});
    const error = await requireSession(store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({
      code: 'missing_or_invalid_token',
      message: 'You must be logged in to change your accounts.',
    });
    expect(NOT_AUTHENTICATED).toBe('missing_or_invalid_token');
    expect(isNotAuthenticated(error)).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('takes the message of the caller', async () => {
    const { store } = await storeSetup({});
    await expect(requireSession(store, 'Log in first.')).rejects.toMatchObject({
      message: 'Log in first.',
      code: NOT_AUTHENTICATED,
    });
  });
});
