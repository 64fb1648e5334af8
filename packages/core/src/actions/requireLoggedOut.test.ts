import { describe, expect, it } from 'vitest';
import { AlreadyLoggedInError } from '../errors/session.ts';
import { storeSetup } from '../session/test/client.ts';
import { requireLoggedOut } from './requireLoggedOut.ts';

describe('requireLoggedOut', () => {
  it('passes while logged out', async () => {
    const { store } = await storeSetup({});
    expect(() => requireLoggedOut(store)).not.toThrow();
  });

  it('throws AlreadyLoggedInError while logged in (spec section 6)', async () => {
    const { store } = await storeSetup({}, { loggedIn: true });
    expect(() => requireLoggedOut(store)).toThrow(AlreadyLoggedInError);
  });
});
