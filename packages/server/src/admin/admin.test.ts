/**
 * The admin API (issue 6): app-secret auth, settings, allowlist, OAuth credentials, and that
 * server-only fields never reach the public app config.
 */
import { adminAppConfig, allowlistResponse, ROUTES, serverAppConfig } from '@latchkey/api';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAppSecret } from '../apps/secret.ts';
import type { AppEnv } from '../context.ts';
import type { Database } from '../db/index.ts';
import { oauthProviderConfigs } from '../db/schema.ts';
import { METHODS } from '../methods/index.ts';
import type { MethodParts } from '../methods/types.ts';
import { type TestServer, testDatabase, testServer } from '../test-utils.ts';
import { adminRoutes } from './routes.ts';

let database: Database;
let server: TestServer;
let appId: string;
let secret: string;
let otherAppId: string;
let otherSecret: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp({ name: 'Admin App' })).id;
  secret = await issueAppSecret(database.db, appId);
  otherAppId = (await server.createApp({ name: 'Other App' })).id;
  otherSecret = await issueAppSecret(database.db, otherAppId);
});
afterAll(() => database?.close());

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function admin(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  credentials: [string, string] | null = [appId, secret],
) {
  return Promise.resolve(
    server.app.request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(credentials ? { authorization: basic(...credentials) } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

async function errorOf(res: Response): Promise<{ code: string; error: string; issues?: unknown }> {
  return (await res.json()) as { code: string; error: string; issues?: unknown };
}

describe('auth', () => {
  it('refuses missing, wrong and foreign credentials with 401 invalid_app_secret', async () => {
    const cases: [string, Record<string, string>, [string, string] | null][] = [
      ['none', {}, null],
      ['wrong secret', {}, [appId, 'nope-nope-nope-nope']],
      ['other app user', {}, [otherAppId, otherSecret]],
      ['bearer', { authorization: `Bearer ${secret}` }, null],
      ['garbage', { authorization: 'Basic ***' }, null],
    ];
    for (const [label, headers, creds] of cases) {
      const res = await admin('GET', ROUTES.adminApp(appId), undefined, headers, creds);
      expect(res.status, label).toBe(401);
      expect((await errorOf(res)).code, label).toBe('invalid_app_secret');
      expect(res.headers.get('www-authenticate'), label).toMatch(/^Basic/);
    }
  });

  it('refuses an app with no secret issued', async () => {
    const bare = (await server.createApp()).id;
    const res = await admin('GET', ROUTES.adminApp(bare), undefined, {}, [bare, '']);
    expect(res.status).toBe(401);
  });

  it('refuses a browser origin the app does not allow', async () => {
    const res = await admin('GET', ROUTES.adminApp(appId), undefined, {
      origin: 'https://evil.example.net',
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('invalid_origin');
    const ok = await admin('GET', ROUTES.adminApp(appId), undefined, {
      origin: 'https://app.example.com',
    });
    expect(ok.status).toBe(200);
  });

  it('rate-limits failed attempts per IP', async () => {
    const limited = testServer(database, { trustProxy: true });
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) {
      last = await limited.app.request(ROUTES.adminApp(otherAppId), {
        headers: { authorization: basic(otherAppId, `wrong-${i}`), 'x-forwarded-for': '9.9.9.9' },
      });
    }
    expect(last!.status).toBe(429);
    // Even the right secret waits now (the counter is per IP, not per secret).
    const res = await limited.app.request(ROUTES.adminApp(otherAppId), {
      headers: { authorization: basic(otherAppId, otherSecret), 'x-forwarded-for': '9.9.9.9' },
    });
    expect(res.status).toBe(429);
    // Another IP is not affected.
    const elsewhere = await limited.app.request(ROUTES.adminApp(otherAppId), {
      headers: { authorization: basic(otherAppId, otherSecret), 'x-forwarded-for': '8.8.8.8' },
    });
    expect(elsewhere.status).toBe(200);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});

describe('GET/PATCH app', () => {
  it('answers the admin config without secrets', async () => {
    const res = await admin('GET', ROUTES.adminApp(appId));
    expect(res.status).toBe(200);
    const raw = (await res.json()) as Record<string, unknown>;
    const config = adminAppConfig.strict().parse(raw);
    expect(config.id).toBe(appId);
    expect(config.allowed_origins).toEqual(['https://app.example.com']);
    expect(config.user_count).toBe(0);
    expect(JSON.stringify(raw)).not.toContain(secret);
    expect(raw).not.toHaveProperty('app_secret_hash');
  });

  it('applies a PATCH that then shows in the public config, server-only fields excepted', async () => {
    const res = await admin('PATCH', ROUTES.adminApp(appId), {
      name: 'Renamed',
      accent_color: '#112233',
      sms_auth: true,
      allowlist_config: { error_title: 'Invite only', cta_link: 'https://example.com/wait' },
      embedded_wallet_config: { create_on_login: 'all-users' },
      require_users_accept_terms: true,
      terms_and_conditions_url: 'https://example.com/terms',
      captcha_enabled: true,
      captcha_site_key: 't:0x4AAA',
      captcha_secret_key: 'server-only-captcha-secret',
      mfa_methods: ['totp', 'passkey'],
      allowed_origins: ['https://app.example.com', 'http://localhost:5173/'],
      allowlist_enabled: true,
      max_users: 10,
      disable_signups: false,
    });
    expect(res.status).toBe(200);
    const updated = adminAppConfig.parse(await res.json());
    expect(updated.name).toBe('Renamed');
    expect(updated.captcha_secret_key_set).toBe(true);
    expect(updated.allowed_origins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(updated.max_users).toBe(10);
    expect(updated.allowlist_config.error_title).toBe('Invite only');
    // Untouched nested fields keep their values.
    expect(updated.allowlist_config.cta_text).toBeNull();
    expect(updated.embedded_wallet_config.require_user_owned_recovery_on_create).toBe(false);

    await admin('POST', ROUTES.adminAllowlist(appId), { type: 'email', value: 'vip@example.com' });
    const pub = await server.app.request(ROUTES.appConfig(appId));
    const raw = (await pub.json()) as Record<string, unknown>;
    const config = serverAppConfig.strict().parse(raw);
    expect(config.name).toBe('Renamed');
    expect(config.accent_color).toBe('#112233');
    expect(config.sms_auth).toBe(true);
    expect(config.allowlist_config.error_title).toBe('Invite only');
    expect(config.allowlist_config.cta_link).toBe('https://example.com/wait');
    expect(config.embedded_wallet_config.create_on_login).toBe('all-users');
    expect(config.require_users_accept_terms).toBe(true);
    expect(config.captcha_enabled).toBe(true);
    expect(config.captcha_site_key).toBe('t:0x4AAA');
    expect(config.mfa_methods).toEqual(['totp', 'passkey']);
    const text = JSON.stringify(raw);
    for (const hidden of ['server-only-captcha-secret', 'vip@example.com', secret]) {
      expect(text).not.toContain(hidden);
    }
    for (const key of ['allowed_origins', 'allowlist_enabled', 'max_users', 'captcha_secret_key']) {
      expect(raw).not.toHaveProperty(key);
    }
  });

  it('clears optional fields with null', async () => {
    const res = await admin('PATCH', ROUTES.adminApp(appId), {
      captcha_enabled: false,
      captcha_secret_key: null,
      max_users: null,
    });
    const updated = adminAppConfig.parse(await res.json());
    expect(updated.captcha_secret_key_set).toBe(false);
    expect(updated.max_users).toBeNull();
  });

  it('refuses unknown fields, bad captcha site keys, bad origins and bad JSON', async () => {
    const cases: [unknown, RegExp][] = [
      [{ colour: 'red' }, /colour/],
      [{ captcha_site_key: 'x:abc' }, /Unsupported captcha site key/],
      [{ allowed_origins: ['https://app.example.com/path'] }, /allowed_origins/],
      [{ allowed_origins: ['not a url'] }, /allowed_origins/],
      [{ max_users: -1 }, /max_users/],
      [{ allowlist_config: { title: 'x' } }, /allowlist_config/],
      ['{not json', /Malformed JSON/],
    ];
    for (const [body, message] of cases) {
      const res = await admin('PATCH', ROUTES.adminApp(appId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('invalid_data');
      expect(error.error).toMatch(message);
    }
    // Nothing was changed by the refused calls.
    const config = adminAppConfig.parse(await (await admin('GET', ROUTES.adminApp(appId))).json());
    expect(config.captcha_site_key).toBe('t:0x4AAA');
  });

  it('refuses a captcha that cannot work: no site key, or Turnstile without its secret', async () => {
    const cases: [unknown, RegExp][] = [
      [{ captcha_enabled: true, captcha_site_key: null }, /needs a captcha_site_key/],
      [{ captcha_enabled: true, captcha_secret_key: null }, /needs captcha_secret_key/],
    ];
    for (const [body, message] of cases) {
      const res = await admin('PATCH', ROUTES.adminApp(appId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).error).toMatch(message);
    }
    // Rolled back: still off. ALTCHA needs no secret.
    const config = adminAppConfig.parse(await (await admin('GET', ROUTES.adminApp(appId))).json());
    expect(config.captcha_enabled).toBe(false);
    const altcha = await admin('PATCH', ROUTES.adminApp(appId), {
      captcha_enabled: true,
      captcha_site_key: 'a:',
    });
    expect(altcha.status).toBe(200);
    expect(adminAppConfig.parse(await altcha.json()).captcha_enabled).toBe(true);
    await admin('PATCH', ROUTES.adminApp(appId), { captcha_enabled: false });
  });
});

describe('allowlist', () => {
  it('adds normalised entries idempotently, lists and removes them', async () => {
    const path = ROUTES.adminAllowlist(otherAppId);
    const creds: [string, string] = [otherAppId, otherSecret];
    const add = (type: string, value: string) =>
      admin('POST', path, { type, value }, {}, creds).then(async (r) => {
        expect(r.status, `${type} ${value}`).toBe(200);
        return allowlistResponse.parse(await r.json());
      });
    await add('email', ' Alice@Example.COM ');
    await add('email', 'alice@example.com');
    await add('email_domain', '@Example.ORG');
    await add('phone', '+1 (415) 555-2671');
    const list = await add('wallet', '0x52908400098527886E0F7030069857D2E4169EE7');
    expect(list.entries.map((e) => [e.type, e.value])).toEqual([
      ['email', 'alice@example.com'],
      ['email_domain', 'example.org'],
      ['phone', '+14155552671'],
      ['wallet', '0x52908400098527886e0f7030069857d2e4169ee7'],
    ]);
    expect(typeof list.entries[0]!.created_at).toBe('number');

    const removed = await admin(
      'DELETE',
      path,
      { type: 'email', value: 'ALICE@example.com' },
      {},
      creds,
    );
    expect(removed.status).toBe(200);
    const after = allowlistResponse.parse(await removed.json());
    expect(after.entries.map((e) => e.type)).toEqual(['email_domain', 'phone', 'wallet']);
    const got = allowlistResponse.parse(
      await (await admin('GET', path, undefined, {}, creds)).json(),
    );
    expect(got).toEqual(after);
  });

  it('refuses invalid values with a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'email', value: 'not-an-email' }, /Invalid email address/],
      [{ type: 'phone', value: '12' }, /Invalid phone number/],
      [{ type: 'wallet', value: '0x1234' }, /Invalid wallet address/],
      [{ type: 'email_domain', value: 'no spaces.com' }, /Invalid email domain/],
      [{ type: 'username', value: 'bob' }, /Invalid allowlist entry/],
    ];
    for (const [body, message] of cases) {
      const res = await admin('POST', ROUTES.adminAllowlist(appId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('invalid_data');
      expect(error.error).toMatch(message);
    }
  });
});

describe('OAuth provider', () => {
  it('stores the client with the secret sealed', async () => {
    const res = await admin('PUT', ROUTES.adminOAuthProvider(appId, 'github'), {
      client_id: 'gh-client',
      client_secret: 'gh-secret-value',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ provider: 'github', client_id: 'gh-client', issuer: null });
    const [row] = await database.db
      .select()
      .from(oauthProviderConfigs)
      .where(
        and(eq(oauthProviderConfigs.appId, appId), eq(oauthProviderConfigs.provider, 'github')),
      );
    expect(row?.clientId).toBe('gh-client');
    expect(row?.clientSecretSealed).toBeTruthy();
    expect(row?.clientSecretSealed).not.toContain('gh-secret-value');
  });

  it('refuses unknown providers and incomplete bodies', async () => {
    const unknown = await admin('PUT', ROUTES.adminOAuthProvider(appId, 'myspace'), {
      client_id: 'a',
      client_secret: 'b',
    });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).error).toMatch(/Unknown OAuth provider/);
    const missing = await admin('PUT', ROUTES.adminOAuthProvider(appId, 'google'), {
      client_id: 'a',
    });
    expect(missing.status).toBe(400);
  });
});

describe("methods' admin routes (the method modules' `adminRoutes`)", () => {
  const fake = (name: string): Pick<MethodParts, 'adminRoutes'> => ({
    adminRoutes: (_ctx, auth) =>
      new Hono<AppEnv>().get(`/api/v1/admin/apps/:appId/${name}`, auth, (c) =>
        c.json({ method: name, app: c.get('app').id }),
      ),
  });
  const get = (routes: Hono<AppEnv>, path: string) =>
    Promise.resolve(
      routes.request(`/api/v1/admin/apps/${appId}/${path}`, {
        headers: { authorization: basic(appId, secret) },
      }),
    );

  it("mounts each given module's routes behind the app secret; a module without them adds none", async () => {
    const routes = adminRoutes(server.context, [fake('first'), {}, fake('second')]);
    for (const name of ['first', 'second']) {
      const res = await get(routes, name);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ method: name, app: appId });
    }
    expect((await get(adminRoutes(server.context, [{}]), 'first')).status).toBe(404);
  });

  it('the registry: only oauth, farcaster and telegram declare admin routes', () => {
    expect(METHODS.filter((m) => m.adminRoutes).map((m) => m.id)).toEqual([
      'oauth',
      'farcaster',
      'telegram',
    ]);
  });
});
