import { authenticateResponse, jwks, outboxMessage, ROUTES, serverAppConfig } from '@latchkey/api';
import { importJWK, importSPKI, type JWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { appSigningKeys } from '../db/schema.ts';
import {
  TEST_PUBLIC_URL,
  TEST_SECRET,
  type TestServer,
  testDatabase,
  testServer,
  uniqueEmail,
} from '../test-utils.ts';
import { ensureApp } from './records.ts';

let database: Database;
let server: TestServer;
let appId: string;
const ORIGIN = 'https://app.example.com';

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (
    await server.createApp({
      name: 'Config App',
      logoUrl: 'https://app.example.com/logo.png',
      mfaMethods: ['totp'],
      telegramAuthConfig: {
        bot_id: '1',
        bot_name: 'bot',
        link_enabled: true,
        seamless_auth_enabled: false,
      },
    })
  ).id;
});
afterAll(() => database?.close());

async function login() {
  const email = uniqueEmail('jwks');
  await server.post(appId, ROUTES.passwordlessInit, { email });
  const res = await server.post(appId, ROUTES.passwordlessAuthenticate, {
    email,
    code: await server.lastCode(email),
  });
  return authenticateResponse.parse(await res.json());
}

describe('GET /api/v1/apps/{appId}', () => {
  it('runs on the database the environment asks for', () => {
    const wanted = process.env.LATCHKEY_TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(database.driver).toBe(wanted);
  });

  it('answers the server app config exactly', async () => {
    const res = await server.app.request(ROUTES.appConfig(appId));
    expect(res.status).toBe(200);
    const raw = (await res.json()) as Record<string, unknown>;
    const config = serverAppConfig.strict().parse(raw);
    expect(config).toMatchObject({
      id: appId,
      name: 'Config App',
      email_auth: true,
      sms_auth: false,
      logo_url: 'https://app.example.com/logo.png',
      mfa_methods: ['totp'],
      telegram_auth_config: { bot_id: '1', bot_name: 'bot' },
      embedded_wallet_config: {
        create_on_login: 'off',
        user_owned_recovery_options: [],
        require_user_owned_recovery_on_create: false,
      },
    });
    expect(config.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(Number.isInteger(config.created_at)).toBe(true);
    expect(JSON.stringify(raw)).not.toMatch(/private|allowed_origins|"d"/);
  });

  it('answers 404 app_not_found for an unknown app', async () => {
    for (const id of ['z'.repeat(25), 'short']) {
      const res = await server.app.request(ROUTES.appConfig(id));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'App not found', code: 'app_not_found' });
    }
    expect((await server.app.request(ROUTES.jwks('z'.repeat(25)))).status).toBe(404);
  });

  it('stores the private key encrypted', async () => {
    const rows = await database.db.select().from(appSigningKeys);
    for (const row of rows) {
      expect(row.privateJwe.split('.')).toHaveLength(5);
      expect(
        JSON.parse(Buffer.from(row.privateJwe.split('.')[0]!, 'base64url').toString()),
      ).toEqual({
        alg: 'dir',
        enc: 'A256GCM',
      });
      expect(row.publicJwk).not.toHaveProperty('d');
    }
  });
});

describe('JWKS and verification key', () => {
  it('verifies a real access token with the JWKS and with verification_key', async () => {
    const session = await login();
    const res = await server.app.request(ROUTES.jwks(appId));
    const set = jwks.parse(await res.json());
    expect(set.keys).toHaveLength(1);
    const jwk = set.keys[0] as JWK;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwk.kid).toBeTruthy();
    expect(jwk).not.toHaveProperty('d');
    const options = {
      algorithms: ['ES256'],
      issuer: TEST_PUBLIC_URL,
      audience: appId,
      currentDate: new Date(server.clock()),
    };
    const { payload, protectedHeader } = await jwtVerify(
      session.token!,
      await importJWK(jwk, 'ES256'),
      options,
    );
    expect(protectedHeader.kid).toBe(jwk.kid);
    expect(payload.sub).toBe(session.user.id);

    const config = serverAppConfig.parse(
      await (await server.app.request(ROUTES.appConfig(appId))).json(),
    );
    const pem = await importSPKI(config.verification_key, 'ES256');
    await expect(jwtVerify(session.token!, pem, options)).resolves.toBeTruthy();
  });

  it('keeps the key when ensureApp runs again', async () => {
    const before = jwks.parse(await (await server.app.request(ROUTES.jwks(appId))).json());
    await ensureApp(database.db, TEST_SECRET, { id: appId, name: 'Renamed' });
    // Written beside the server (as the dev seed or another process would): drop its cached
    // row, as its 1 s TTL would (issue 13).
    server.context.apps.invalidate(appId);
    const after = jwks.parse(await (await server.app.request(ROUTES.jwks(appId))).json());
    expect(after).toEqual(before);
    const config = serverAppConfig.parse(
      await (await server.app.request(ROUTES.appConfig(appId))).json(),
    );
    expect(config.name).toBe('Renamed');
  });
});

describe('CORS', () => {
  it('allows the app origin on a real request', async () => {
    const res = await server.post(
      appId,
      ROUTES.passwordlessInit,
      { email: uniqueEmail() },
      { origin: ORIGIN },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('lets the app origin read error answers too', async () => {
    const res = await server.post(
      appId,
      ROUTES.passwordlessAuthenticate,
      { email: uniqueEmail(), code: '000000' },
      { origin: ORIGIN },
    );
    expect(res.status).toBe(422);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('refuses a foreign origin with 403 invalid_origin and no CORS headers', async () => {
    const res = await server.post(
      appId,
      ROUTES.passwordlessInit,
      { email: uniqueEmail() },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('invalid_origin');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("accepts the API's own origin (its pages, e.g. the cross-app sign-in page; issue 21)", async () => {
    const res = await server.post(
      appId,
      ROUTES.passwordlessInit,
      { email: uniqueEmail() },
      { origin: new URL(TEST_PUBLIC_URL).origin },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    // Not a look-alike of it.
    const lookalike = await server.post(
      appId,
      ROUTES.passwordlessInit,
      { email: uniqueEmail() },
      { origin: `${new URL(TEST_PUBLIC_URL).origin}.evil.example` },
    );
    expect(lookalike.status).toBe(403);
  });

  it('refuses an origin allowed by another app but not this one', async () => {
    const other = await server.createApp({ allowedOrigins: ['https://other.example'] });
    const res = await server.post(
      appId,
      ROUTES.passwordlessInit,
      { email: uniqueEmail() },
      {
        origin: 'https://other.example',
      },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await server.post(
      other.id,
      ROUTES.passwordlessInit,
      { email: uniqueEmail() },
      {
        origin: 'https://other.example',
      },
    );
    expect(ok.status).toBe(200);
  });

  it('answers preflights for origins some app allows, and refuses others', async () => {
    const preflight = (origin: string) =>
      server.app.request(ROUTES.passwordlessInit, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, latchkey-app-id',
        },
      });
    const ok = await preflight(ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(ok.headers.get('access-control-allow-headers')).toContain('latchkey-app-id');
    const bad = await preflight('https://evil.example');
    expect(bad.status).toBe(403);
    expect(bad.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets requests without Origin through (server to server)', async () => {
    const res = await server.post(appId, ROUTES.passwordlessInit, { email: uniqueEmail() });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('dev outbox', () => {
  it('lists messages as JSON, newest last, filtered by ?to=', async () => {
    const a = uniqueEmail('outbox-a');
    const b = uniqueEmail('outbox-b');
    await server.post(appId, ROUTES.passwordlessInit, { email: a });
    await server.post(appId, ROUTES.passwordlessInit, { email: b });
    const all = outboxMessage
      .array()
      .parse(await (await server.app.request(ROUTES.devOutbox)).json());
    expect(all.at(-1)?.to).toBe(b);
    expect(all.at(-2)?.to).toBe(a);
    const only = outboxMessage
      .array()
      .parse(
        await (await server.app.request(`${ROUTES.devOutbox}?to=${encodeURIComponent(a)}`)).json(),
      );
    expect(only.map((m) => m.to)).toEqual([a]);
    expect(only[0]?.code).toMatch(/^\d{6}$/);
  });

  it('renders an escaped HTML page when the client prefers HTML', async () => {
    const evil = await server.createApp({ name: '<script>alert(1)</script>' });
    const email = uniqueEmail('html');
    await server.post(evil.id, ROUTES.passwordlessInit, { email });
    const res = await server.app.request(ROUTES.devOutbox, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain(email);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
  });

  it('is not mounted without dev', async () => {
    const { createServer } = await import('../server.ts');
    const { devOutboxDelivery } = await import('../delivery/dev-outbox.ts');
    const prod = createServer({
      db: database.db,
      publicUrl: TEST_PUBLIC_URL,
      secret: TEST_SECRET,
      delivery: devOutboxDelivery(database.db),
    });
    expect((await prod.app.request(ROUTES.devOutbox)).status).toBe(404);
  });
});

describe('createServer options', () => {
  it('refuses a short secret and a failure cap above 100 per hour', async () => {
    const { createServer } = await import('../server.ts');
    const base = {
      db: database.db,
      publicUrl: TEST_PUBLIC_URL,
      delivery: { send: async () => {} },
    };
    expect(() => createServer({ ...base, secret: 'short' })).toThrow(/32 characters/);
    expect(() =>
      createServer({
        ...base,
        secret: TEST_SECRET,
        rateLimits: { failuresPerDestination: { max: 101, windowS: 3600 } },
      }),
    ).toThrow(/100/);
  });
});
