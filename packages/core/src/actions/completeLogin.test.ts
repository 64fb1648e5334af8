import { ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { LatchkeyError } from '../errors/base.ts';
import { KEYS, fresh2, session, storeSetup } from '../session/test/client.ts';
import { json, jwt } from '../test/fakes.ts';
import { completeLogin } from './completeLogin.ts';

describe('completeLogin', () => {
  it('stores the session and answers {user, isNewUser}', async () => {
    const { store, storage } = await storeSetup({});
    const result = await completeLogin(store, { ...session(), is_new_user: true });
    expect(result.isNewUser).toBe(true);
    expect(result.user.id).toBe('user_1');
    expect(storage.getItem(KEYS.token)).toBe(fresh2);
    expect(store.getState()).toEqual({ status: 'authenticated', user: result.user });
  });

  it("throws session_not_created when the answer ends the session ('clear')", async () => {
    const { store } = await storeSetup({});
    const error = await completeLogin(store, {
      ...session({ session_update_action: 'clear' }),
      is_new_user: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LatchkeyError);
    expect(error).toMatchObject({ code: 'session_not_created' });
    expect(store.getState().status).toBe('unauthenticated');
  });

  it('throws session_not_created for a token issued for another app', async () => {
    const { store } = await storeSetup({ [`POST ${ROUTES.logout}`]: () => json({}) });
    const foreign = jwt({ aud: 'another-app', exp: 9_999_999_999 });
    await expect(
      completeLogin(store, { ...session({ token: foreign }), is_new_user: false }),
    ).rejects.toMatchObject({ code: 'session_not_created' });
    expect(store.getState().status).toBe('unauthenticated');
  });
});
