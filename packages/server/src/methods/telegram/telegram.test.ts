/**
 * The Telegram method's server skeleton (issue 11's recipe proof; issue 16 builds the widget
 * verification) against the real Hono app on PGlite: the flag gate, the refusal of every login
 * and link until answers can be verified, the captcha gate from the contract, and unlinking.
 */
import { ROUTES, type TelegramAuthResult } from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { linkAccount } from '../../users/accounts.ts';
import { loginByEmail, testDatabase, testServer, type TestServer } from '../../test-utils.ts';
import { TELEGRAM_ACCOUNT_TYPE, TELEGRAM_NOT_VERIFIABLE_MESSAGE } from './service.ts';

const ORIGIN = 'https://app.example.com';

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
});
afterAll(() => database?.close());

/** A well-formed widget answer (its hash cannot be verified by this skeleton). */
const widgetAnswer = (): TelegramAuthResult => ({
  id: 123456789,
  first_name: 'Ada',
  username: 'ada',
  auth_date: Math.floor(Date.now() / 1000),
  hash: 'ab'.repeat(32),
});

async function refusal(res: Response) {
  const body = (await res.json()) as { code: string; error: string };
  return { status: res.status, code: body.code, error: body.error };
}

describe('telegram login (skeleton)', () => {
  it('refuses a login while the app has telegram_auth off', async () => {
    const app = await server.createApp();
    const res = await server.post(
      app.id,
      ROUTES.telegramAuthenticate,
      { telegram_auth_result: widgetAnswer() },
      { origin: ORIGIN },
    );
    expect(await refusal(res)).toMatchObject({ status: 403, code: 'disallowed_login_method' });
  });

  it('never accepts an answer it cannot verify: not_supported, no session', async () => {
    const app = await server.createApp({ telegramAuth: true });
    const res = await server.post(
      app.id,
      ROUTES.telegramAuthenticate,
      { telegram_auth_result: widgetAnswer() },
      { origin: ORIGIN },
    );
    expect(await refusal(res)).toEqual({
      status: 400,
      code: 'not_supported',
      error: TELEGRAM_NOT_VERIFIABLE_MESSAGE,
    });
  });

  it('answers invalid_data for a malformed widget answer', async () => {
    const app = await server.createApp({ telegramAuth: true });
    const res = await server.post(
      app.id,
      ROUTES.telegramAuthenticate,
      { telegram_auth_result: { ...widgetAnswer(), hash: 'not-hex' } },
      { origin: ORIGIN },
    );
    expect((await refusal(res)).code).toBe('invalid_data');
  });

  it('puts the captcha gate on the login (the contract lists it)', async () => {
    const app = await server.createApp({
      telegramAuth: true,
      captchaEnabled: true,
      captchaSiteKey: 'a:',
    });
    const res = await server.post(
      app.id,
      ROUTES.telegramAuthenticate,
      { telegram_auth_result: widgetAnswer() },
      { origin: ORIGIN },
    );
    expect((await refusal(res)).code).toBe('invalid_captcha');
  });
});

describe('telegram link and unlink', () => {
  it('refuses a link without a session, and one it cannot verify with a session', async () => {
    const app = await server.createApp({ telegramAuth: true });
    const body = { telegram_auth_result: widgetAnswer() };
    const anonymous = await server.post(app.id, ROUTES.telegramLink, body, { origin: ORIGIN });
    expect((await refusal(anonymous)).code).toBe('missing_or_invalid_token');
    const session = await loginByEmail(server, app.id);
    const res = await server.post(app.id, ROUTES.telegramLink, body, {
      origin: ORIGIN,
      authorization: `Bearer ${session.token}`,
    });
    expect((await refusal(res)).code).toBe('not_supported');
  });

  it("unlinks the user's Telegram account and answers the user without it", async () => {
    const app = await server.createApp({ telegramAuth: true });
    const session = await loginByEmail(server, app.id);
    await linkAccount(
      database.db,
      app.id,
      session.userId,
      { type: TELEGRAM_ACCOUNT_TYPE, subject: '123456789', details: { first_name: 'Ada' } },
      Date.now(),
    );
    const auth = { origin: ORIGIN, authorization: `Bearer ${session.token}` };
    const res = await server.post(
      app.id,
      ROUTES.telegramUnlink,
      { telegram_user_id: '123456789' },
      auth,
    );
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { linked_accounts: { type: string }[] } };
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email']);
    const again = await server.post(
      app.id,
      ROUTES.telegramUnlink,
      { telegram_user_id: '123456789' },
      auth,
    );
    expect((await refusal(again)).code).toBe('account_not_linked');
  });
});
