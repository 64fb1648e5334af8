import { describe, expect, it } from 'vitest';
import { fresh, storeSetup } from '../session/test/client.ts';
import { bearerIfLoggedIn } from './bearerIfLoggedIn.ts';

describe('bearerIfLoggedIn', () => {
  it('sends the token while logged in', async () => {
    const { store } = await storeSetup({}, { loggedIn: true });
    await expect(bearerIfLoggedIn(store)).resolves.toEqual({ accessToken: fresh });
  });

  it('sends none while logged out', async () => {
    const { store } = await storeSetup({});
    await expect(bearerIfLoggedIn(store)).resolves.toEqual({ accessToken: null });
  });
});
