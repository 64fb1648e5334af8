import { ROUTES } from '@latchkey/api';
import { describe, expect, it } from 'vitest';
import { AlreadyLoggedInError } from '../../errors/session.ts';
import { json, wireUser } from '../../test/fakes.ts';
import { fresh, KEYS, ME, session, setup } from '../../session/test/client.ts';

const AUTH = `POST ${ROUTES.telegramAuthenticate}`;
const LINK = `POST ${ROUTES.telegramLink}`;
const UNLINK = `POST ${ROUTES.telegramUnlink}`;

const authResult = {
  id: 123456789,
  first_name: 'Ada',
  auth_date: 1_800_000_000,
  hash: 'ab'.repeat(32),
};

async function loggedIn(routes: Parameters<typeof setup>[0]) {
  const fake = setup(
    { [ME]: () => json({ user: wireUser() }), ...routes },
    {
      stored: { [KEYS.token]: fresh },
    },
  );
  await fake.client.initialize();
  return fake;
}

describe('telegram actions (the recipe: typed API + actions registry)', () => {
  it('logs in with the widget answer and the captcha token', async () => {
    const { client, calls } = setup({ [AUTH]: () => json({ ...session(), is_new_user: true }) });
    const result = await client.loginWithTelegram({ authResult, captchaToken: 'cap' });
    expect(calls[0]!.body).toEqual({ telegram_auth_result: authResult, token: 'cap' });
    expect(result.isNewUser).toBe(true);
    expect(client.getState().status).toBe('authenticated');
  });

  it("logs in with a Mini App's init data", async () => {
    const { client, calls } = setup({ [AUTH]: () => json({ ...session(), is_new_user: false }) });
    const webAppData = 'query_id=AA&user=%7B%22id%22%3A5%7D&auth_date=1800000000&hash=ab';
    await client.loginWithTelegram({ webAppData });
    expect(calls[0]!.body).toEqual({ telegram_web_app_data: webAppData });
    expect(client.getState().status).toBe('authenticated');
  });

  it("passes the server's refusal through (a replayed proof)", async () => {
    const { client } = setup({
      [AUTH]: () =>
        json({ error: 'This Telegram login was already used.', code: 'invalid_credentials' }, 422),
    });
    await expect(client.loginWithTelegram({ authResult })).rejects.toMatchObject({
      code: 'invalid_credentials',
      status: 422,
    });
  });

  it('refuses to log in while logged in, without a request', async () => {
    const { client, count } = await loggedIn({});
    await expect(client.loginWithTelegram({ authResult })).rejects.toBeInstanceOf(
      AlreadyLoggedInError,
    );
    expect(count(AUTH)).toBe(0);
  });

  it('links and unlinks with the bearer token and stores the answered user', async () => {
    const linked = wireUser({
      linked_accounts: [
        {
          type: 'email',
          address: 'alice@example.com',
          verified_at: 1,
          first_verified_at: 1,
          latest_verified_at: 1,
        },
      ],
    });
    const { client, calls } = await loggedIn({
      [LINK]: () => json({ user: linked }),
      [UNLINK]: () => json({ user: linked }),
    });
    await client.linkTelegram(authResult);
    const user = await client.unlinkTelegram(' 123456789 ');
    const sent = calls.filter((c) => c.url.includes('/telegram/'));
    expect(sent.map((c) => c.body)).toEqual([
      { telegram_auth_result: authResult },
      { telegram_user_id: '123456789' },
    ]);
    expect(sent.every((c) => c.headers.get('authorization') === `Bearer ${fresh}`)).toBe(true);
    expect(client.getState().user).toBe(user);
  });

  it('refuses to unlink while logged out, without a request', async () => {
    const { client, calls } = setup({});
    await expect(client.unlinkTelegram('1')).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    });
    expect(calls).toHaveLength(0);
  });
});
