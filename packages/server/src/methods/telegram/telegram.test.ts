/**
 * The Telegram method (issue 16; security catalogue 38) against the real Hono app on PGlite:
 * the bot set through the admin API (the token never answered), Login Widget answers and Mini
 * App init data signed as Telegram signs them (the widget here with node:crypto as Telegram
 * documents it, init data with `@telegram-apps/init-data-node`'s `sign`), accepted once; a
 * changed field, a wrong token, a stale or future `auth_date` and a replay refused; link only
 * with `link_enabled`; unlink.
 */
import { sign as signInitData } from '@telegram-apps/init-data-node';
import { ROUTES, telegramAdminRoute, type TelegramAuthResult } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAppSecret } from '../../apps/secret.ts';
import type { Database } from '../../db/index.ts';
import { type AppRow, telegramBots } from '../../db/schema.ts';
import { linkAccount } from '../../users/accounts.ts';
import { loginByEmail, testDatabase, testServer, type TestServer } from '../../test-utils.ts';
import {
  TELEGRAM_ACCOUNT_TYPE,
  TELEGRAM_BAD_SIGNATURE_MESSAGE,
  TELEGRAM_LINK_DISABLED_MESSAGE,
  TELEGRAM_NO_BOT_MESSAGE,
  TELEGRAM_REPLAY_MESSAGE,
  TELEGRAM_STALE_MESSAGE,
} from './service.ts';
import { signWidgetAnswer, TELEGRAM_STANDIN_PATH, telegramStandInUrl } from './dev/standin.ts';

const ORIGIN = 'https://app.example.com';
const BOT_TOKEN = '7000000001:AAH-test-bot-token-for-latchkey-tests';
const OTHER_TOKEN = '7000000002:AAH-another-bot-token-not-this-apps';

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
});
afterAll(() => database?.close());

const nowS = () => Math.floor(server.clock() / 1000);

/** Signs a widget answer as Telegram does (the stand-in's signer). */
const signWidget = (fields: Omit<TelegramAuthResult, 'hash'>, token = BOT_TOKEN) =>
  signWidgetAnswer(fields, token);

let nextTelegramId = 100_000;
const widgetAnswer = (overrides: Partial<TelegramAuthResult> = {}, token = BOT_TOKEN) =>
  signWidget(
    {
      id: nextTelegramId++,
      first_name: 'Ada',
      username: 'ada',
      photo_url: 'https://t.me/i/userpic/320/ada.jpg',
      auth_date: nowS(),
      ...overrides,
    },
    token,
  );

const initData = (user: { id: number; first_name: string; username?: string }, token = BOT_TOKEN) =>
  signInitData({ user, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc' }, token, new Date(server.clock()));

async function refusal(res: Response) {
  const body = (await res.json()) as { code: string; error: string };
  return { status: res.status, code: body.code, error: body.error };
}

/** An app with Telegram on and its bot set through the admin API. */
async function telegramApp(
  settings: {
    link_enabled?: boolean;
    auth_max_age_s?: number;
    widget_url?: string;
    bot_token?: string;
  } = {},
): Promise<AppRow> {
  const app = await server.createApp({ telegramAuth: true });
  const secret = await issueAppSecret(database.db, app.id);
  const res = await server.app.request(telegramAdminRoute(app.id), {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
    },
    body: JSON.stringify({ bot_token: BOT_TOKEN, bot_name: 'latchkey_test_bot', ...settings }),
  });
  expect(res.status).toBe(200);
  return app;
}

const login = (app: AppRow, body: unknown) =>
  server.post(app.id, ROUTES.telegramAuthenticate, body, { origin: ORIGIN });

describe('the app bot (admin API)', () => {
  it('stores the token sealed, answers only the public config, and needs the app secret', async () => {
    const app = await server.createApp({ telegramAuth: true });
    const body = JSON.stringify({ bot_token: BOT_TOKEN, bot_name: 'latchkey_test_bot' });
    const anonymous = await server.app.request(telegramAdminRoute(app.id), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(anonymous.status).toBe(401);
    const secret = await issueAppSecret(database.db, app.id);
    const res = await server.app.request(telegramAdminRoute(app.id), {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
      },
      body,
    });
    const answer = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(answer)).toEqual({
      bot_id: '7000000001',
      bot_name: 'latchkey_test_bot',
      link_enabled: false,
      seamless_auth_enabled: false,
      auth_max_age_s: 300,
      widget_url: 'https://oauth.telegram.org',
    });
    const config = await (await server.app.request(ROUTES.appConfig(app.id))).text();
    expect(JSON.parse(config).telegram_auth_config).toEqual({
      bot_id: '7000000001',
      bot_name: 'latchkey_test_bot',
      link_enabled: false,
      seamless_auth_enabled: false,
    });
    const secretPart = BOT_TOKEN.split(':')[1]!;
    expect(answer + config).not.toContain(secretPart);
    const [stored] = await database.db
      .select()
      .from(telegramBots)
      .where(eq(telegramBots.appId, app.id));
    expect(stored?.botTokenSealed).toMatch(/^ey/); // a JWE
    expect(stored?.botTokenSealed).not.toContain(secretPart);
  });

  it('refuses a malformed token', async () => {
    const app = await server.createApp({ telegramAuth: true });
    const secret = await issueAppSecret(database.db, app.id);
    const res = await server.app.request(telegramAdminRoute(app.id), {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
      },
      body: JSON.stringify({ bot_token: 'not-a-token', bot_name: 'latchkey_test_bot' }),
    });
    expect((await refusal(res)).code).toBe('invalid_data');
  });
});

describe('telegram login with the Login Widget', () => {
  it('refuses a login while the app has telegram_auth off', async () => {
    const app = await server.createApp();
    const res = await login(app, { telegram_auth_result: widgetAnswer() });
    expect(await refusal(res)).toMatchObject({ status: 403, code: 'disallowed_login_method' });
  });

  it('answers not_supported while the app has no bot', async () => {
    const app = await server.createApp({ telegramAuth: true });
    const res = await login(app, { telegram_auth_result: widgetAnswer() });
    expect(await refusal(res)).toEqual({
      status: 400,
      code: 'not_supported',
      error: TELEGRAM_NO_BOT_MESSAGE,
    });
  });

  it('logs in with a signed answer once; the same answer again is a replay', async () => {
    const app = await telegramApp();
    const answer = widgetAnswer();
    const res = await login(app, { telegram_auth_result: answer });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      token: string;
      is_new_user: boolean;
      user: { linked_accounts: Record<string, unknown>[] };
    };
    expect(body.token).toBeTruthy();
    expect(body.is_new_user).toBe(true);
    expect(body.user.linked_accounts).toContainEqual(
      expect.objectContaining({
        type: 'telegram',
        telegram_user_id: String(answer.id),
        first_name: 'Ada',
        username: 'ada',
        photo_url: 'https://t.me/i/userpic/320/ada.jpg',
      }),
    );
    expect(await refusal(await login(app, { telegram_auth_result: answer }))).toEqual({
      status: 422,
      code: 'invalid_credentials',
      error: TELEGRAM_REPLAY_MESSAGE,
    });
  });

  it('logs the same Telegram user in again with a fresh answer, with the new profile', async () => {
    const app = await telegramApp();
    const first = widgetAnswer();
    const a = (await (await login(app, { telegram_auth_result: first })).json()) as {
      user: { id: string };
    };
    server.clock.advance(1000);
    const again = widgetAnswer({ id: first.id, username: 'ada_l' });
    const res = await login(app, { telegram_auth_result: again });
    const b = (await res.json()) as {
      is_new_user: boolean;
      user: { id: string; linked_accounts: { type: string; username?: string }[] };
    };
    expect(res.status).toBe(200);
    expect(b.is_new_user).toBe(false);
    expect(b.user.id).toBe(a.user.id);
    expect(b.user.linked_accounts.find((x) => x.type === 'telegram')?.username).toBe('ada_l');
  });

  it('refuses a changed field, an unsigned extra field and another bot token', async () => {
    const app = await telegramApp();
    const answer = widgetAnswer();
    const cases: [string, TelegramAuthResult][] = [
      ['changed id', { ...answer, id: answer.id + 1 }],
      ['changed name', { ...answer, first_name: 'Eve' }],
      ['added field', { ...answer, last_name: 'Lovelace' }],
      ['dropped field', { ...answer, username: undefined }],
      ['other bot', widgetAnswer({}, OTHER_TOKEN)],
    ];
    for (const [label, tampered] of cases) {
      const res = await login(app, { telegram_auth_result: tampered });
      expect(await refusal(res), label).toEqual({
        status: 422,
        code: 'invalid_credentials',
        error: TELEGRAM_BAD_SIGNATURE_MESSAGE,
      });
    }
    // The untouched answer still logs in: the refusals used nothing up.
    expect((await login(app, { telegram_auth_result: answer })).status).toBe(200);
  });

  it('keeps a field Telegram may add later in the signed data', async () => {
    const app = await telegramApp();
    const res = await login(app, {
      telegram_auth_result: widgetAnswer({ allows_write_to_pm: 'true' }),
    });
    expect(res.status).toBe(200);
  });

  it("refuses an answer older than the window (default 300 s) or from the future; the app's window counts", async () => {
    const app = await telegramApp();
    const stale = widgetAnswer({ auth_date: nowS() - 301 });
    const future = widgetAnswer({ auth_date: nowS() + 120 });
    for (const answer of [stale, future]) {
      expect(await refusal(await login(app, { telegram_auth_result: answer }))).toEqual({
        status: 422,
        code: 'invalid_credentials',
        error: TELEGRAM_STALE_MESSAGE,
      });
    }
    expect(
      (await login(app, { telegram_auth_result: widgetAnswer({ auth_date: nowS() - 299 }) }))
        .status,
    ).toBe(200);
    const patient = await telegramApp({ auth_max_age_s: 3600 });
    const hourOld = widgetAnswer({ auth_date: nowS() - 3000 });
    expect((await login(patient, { telegram_auth_result: hourOld })).status).toBe(200);
  });

  it('answers invalid_data for a malformed answer or for both proofs at once', async () => {
    const app = await telegramApp();
    const malformed = await login(app, {
      telegram_auth_result: { ...widgetAnswer(), hash: 'not-hex' },
    });
    expect((await refusal(malformed)).code).toBe('invalid_data');
    const both = await login(app, {
      telegram_auth_result: widgetAnswer(),
      telegram_web_app_data: initData({ id: 5, first_name: 'Ada' }),
    });
    expect((await refusal(both)).code).toBe('invalid_data');
  });

  it('puts the captcha gate on the login (the contract lists it)', async () => {
    const app = await server.createApp({
      telegramAuth: true,
      captchaEnabled: true,
      captchaSiteKey: 'a:',
    });
    const res = await login(app, { telegram_auth_result: widgetAnswer() });
    expect((await refusal(res)).code).toBe('invalid_captcha');
  });
});

describe('telegram login with Mini App init data', () => {
  it('logs in with signed init data once; refuses a replay, a changed user and another token', async () => {
    const app = await telegramApp();
    const id = nextTelegramId++;
    const raw = initData({ id, first_name: 'Ada', username: 'ada' });
    const res = await login(app, { telegram_web_app_data: raw });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { linked_accounts: Record<string, unknown>[] } };
    expect(body.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'telegram', telegram_user_id: String(id), username: 'ada' }),
    );
    expect(await refusal(await login(app, { telegram_web_app_data: raw }))).toMatchObject({
      code: 'invalid_credentials',
      error: TELEGRAM_REPLAY_MESSAGE,
    });
    const changed = raw.replace(encodeURIComponent(`"id":${id}`), encodeURIComponent('"id":1'));
    expect(changed).not.toBe(raw);
    const other = initData({ id: nextTelegramId++, first_name: 'Eve' }, OTHER_TOKEN);
    for (const bad of [changed, other]) {
      expect(await refusal(await login(app, { telegram_web_app_data: bad }))).toMatchObject({
        code: 'invalid_credentials',
        error: TELEGRAM_BAD_SIGNATURE_MESSAGE,
      });
    }
  });

  it('refuses stale init data', async () => {
    const app = await telegramApp();
    const raw = initData({ id: nextTelegramId++, first_name: 'Ada' });
    server.clock.advance(301_000);
    expect(await refusal(await login(app, { telegram_web_app_data: raw }))).toMatchObject({
      code: 'invalid_credentials',
      error: TELEGRAM_STALE_MESSAGE,
    });
  });
});

describe('telegram link and unlink', () => {
  it('refuses a link without a session, and while the app has link_enabled off', async () => {
    const app = await telegramApp();
    const body = { telegram_auth_result: widgetAnswer() };
    const anonymous = await server.post(app.id, ROUTES.telegramLink, body, { origin: ORIGIN });
    expect((await refusal(anonymous)).code).toBe('missing_or_invalid_token');
    const session = await loginByEmail(server, app.id);
    const res = await server.post(app.id, ROUTES.telegramLink, body, {
      origin: ORIGIN,
      authorization: `Bearer ${session.token}`,
    });
    expect(await refusal(res)).toEqual({
      status: 403,
      code: 'disallowed_login_method',
      error: TELEGRAM_LINK_DISABLED_MESSAGE,
    });
  });

  it('links a verified account with link_enabled; another user cannot link it again', async () => {
    const app = await telegramApp({ link_enabled: true });
    const session = await loginByEmail(server, app.id);
    const answer = widgetAnswer();
    const res = await server.post(
      app.id,
      ROUTES.telegramLink,
      { telegram_auth_result: answer },
      { origin: ORIGIN, authorization: `Bearer ${session.token}` },
    );
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { linked_accounts: { type: string }[] } };
    expect(user.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'telegram']);
    const other = await loginByEmail(server, app.id);
    server.clock.advance(1000);
    const again = await server.post(
      app.id,
      ROUTES.telegramLink,
      { telegram_auth_result: widgetAnswer({ id: answer.id }) },
      { origin: ORIGIN, authorization: `Bearer ${other.token}` },
    );
    expect((await refusal(again)).code).toBe('linked_to_another_user');
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

describe('the widget script and the development stand-in of the popup', () => {
  it('serves the widget script for an app with a bot, from the API origin; 404 otherwise', async () => {
    const app = await telegramApp();
    const res = await server.app.request(`${ROUTES.telegramWidget}?app_id=${app.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const script = await res.text();
    expect(script).toContain('var WIDGETS = "https://oauth.telegram.org"');
    expect(script).toContain('window.Telegram.Login = {');
    const withoutBot = await server.createApp({ telegramAuth: true });
    for (const appId of [withoutBot.id, 'no-such-app']) {
      const missing = await server.app.request(`${ROUTES.telegramWidget}?app_id=${appId}`);
      expect(missing.status).toBe(404);
    }
  });

  it('signs a login for a bot pointed at it, which then logs in; refuses other bots and origins', async () => {
    const here = telegramStandInUrl('http://api.latchkey.test');
    const app = await telegramApp({ widget_url: here });
    const script = await (
      await server.app.request(`${ROUTES.telegramWidget}?app_id=${app.id}`)
    ).text();
    expect(script).toContain(`var WIDGETS = "${here}"`);
    expect(script).toContain('var WIDGETS_ORIGIN = "http://api.latchkey.test"');
    const page = await server.app.request(
      `${TELEGRAM_STANDIN_PATH}/auth?bot_id=7000000001&origin=${encodeURIComponent('https://app.example.com/<x>')}`,
    );
    const html = await page.text();
    expect(html).toContain('Log in to <strong>https://app.example.com</strong>');
    const signIn = (body: Record<string, unknown>) =>
      server.app.request(`${TELEGRAM_STANDIN_PATH}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: '7000000001', origin: ORIGIN, first_name: 'Ada', ...body }),
      });
    const id = nextTelegramId++;
    const signed = await signIn({ id, username: 'ada_dev' });
    expect(signed.status).toBe(200);
    const answer = (await signed.json()) as TelegramAuthResult;
    expect(answer).toMatchObject({ id, first_name: 'Ada', username: 'ada_dev', auth_date: nowS() });
    expect((await login(app, { telegram_auth_result: answer })).status).toBe(200);
    const foreignOrigin = await signIn({ id, origin: 'https://evil.example' });
    expect((await refusal(foreignOrigin)).code).toBe('invalid_origin');
    // A bot that keeps Telegram's popup is not signed for by the stand-in.
    await telegramApp({ bot_token: OTHER_TOKEN });
    const otherBot = await signIn({ id, bot_id: '7000000002' });
    expect(await refusal(otherBot)).toMatchObject({ status: 404, code: 'not_found' });
  });
});
