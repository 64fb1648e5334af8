import { describe, expect, it, vi } from 'vitest';
import { AlreadyLoggedInError, InvalidInputError } from '../../errors/session.ts';
import { json } from '../../test/fakes.ts';
import { AUTH, fresh2, INIT, KEYS, session, setup } from '../../session/test/client.ts';

describe('email login', () => {
  it('sends a code with the captcha token', async () => {
    const { client, calls } = setup({ [INIT]: () => json({ success: true }) });
    await client.sendEmailCode({ email: ' alice@example.com ', captchaToken: 'cap' });
    expect(calls[0]!.body).toEqual({ email: 'alice@example.com', token: 'cap' });
  });

  it('refuses a malformed email without a request', async () => {
    const { client, calls } = setup({});
    await expect(client.sendEmailCode({ email: 'alice@' })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    expect(calls).toHaveLength(0);
  });

  it('logs in, stores the tokens and notifies subscribers', async () => {
    const { client, storage, calls } = setup({
      [AUTH]: () => json({ ...session(), is_new_user: true }),
    });
    await client.initialize();
    const listener = vi.fn();
    client.subscribe(listener);
    const result = await client.loginWithEmailCode({
      email: 'alice@example.com',
      code: ' 123456 ',
    });
    expect(calls[0]!.body).toEqual({ email: 'alice@example.com', code: '123456' });
    expect(result.isNewUser).toBe(true);
    expect(result.user.id).toBe('user_1');
    expect(storage.getItem(KEYS.token)).toBe(fresh2);
    expect(storage.getItem(KEYS.refreshToken)).toBe('refresh_2');
    expect(listener).toHaveBeenCalledWith({ status: 'authenticated', user: result.user });
    expect(client.getState().user).toBe(result.user);
  });

  it('refuses to log in when already logged in (spec section 6)', async () => {
    const { client, count } = setup({ [AUTH]: () => json({ ...session(), is_new_user: false }) });
    await client.loginWithEmailCode({ email: 'alice@example.com', code: '123456' });
    const error = await client
      .loginWithEmailCode({ email: 'alice@example.com', code: '123456' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(AlreadyLoggedInError);
    expect(error.code).toBe('already_logged_in');
    expect(count(AUTH)).toBe(1);
  });

  it('passes an invalid code through as ApiError 422', async () => {
    const { client } = setup({
      [AUTH]: () => json({ error: 'Invalid or expired code', code: 'invalid_credentials' }, 422),
    });
    await expect(
      client.loginWithEmailCode({ email: 'alice@example.com', code: '000000' }),
    ).rejects.toMatchObject({
      code: 'invalid_credentials',
      status: 422,
    });
    expect(client.getState().status).toBe('loading');
  });
});
