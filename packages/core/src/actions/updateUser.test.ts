import { describe, expect, it, vi } from 'vitest';
import { wireUser } from '../test/fakes.ts';
import { fresh, storeSetup } from '../session/test/client.ts';
import { updateUser } from './updateUser.ts';

describe('updateUser', () => {
  it('calls with the bearer token and makes the answered user the session user', async () => {
    const { store } = await storeSetup({}, { loggedIn: true });
    const call = vi.fn(async () => ({ user: wireUser({ id: 'user_2' }) }));
    const user = await updateUser(store, call);
    expect(call).toHaveBeenCalledWith({ accessToken: fresh });
    expect(user.id).toBe('user_2');
    expect(store.getState().user).toBe(user);
  });

  it('refuses before calling when logged out', async () => {
    const { store } = await storeSetup({});
    const call = vi.fn(async () => ({ user: wireUser() }));
    await expect(updateUser(store, call, 'Link needs a login.')).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
      message: 'Link needs a login.',
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('keeps the user when the call fails', async () => {
    const { store } = await storeSetup({}, { loggedIn: true });
    const before = store.getState().user;
    await expect(updateUser(store, () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(store.getState().user).toBe(before);
  });
});
