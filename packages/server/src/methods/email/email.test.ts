import { apiErrorBody, authenticateResponse, CODE_MAX_ATTEMPTS, ROUTES } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { devOutbox, linkedAccounts, loginCodes, users } from '../../db/schema.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../../test-utils.ts';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp()).id;
});
afterAll(() => database?.close());

const init = (email: string, app = appId) => server.post(app, ROUTES.passwordlessInit, { email });
const authenticate = (email: string, code: string, app = appId) =>
  server.post(app, ROUTES.passwordlessAuthenticate, { email, code });

/** A code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function expectInvalidCode(res: Response) {
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    error: 'Invalid or expired verification code',
    code: 'invalid_credentials',
  });
}

async function codeRow(email: string, app = appId) {
  const [row] = await database.db
    .select()
    .from(loginCodes)
    .where(eq(loginCodes.destination, email));
  expect(row?.appId).toBe(app);
  return row!;
}

describe('email code login', () => {
  it('sends a code and logs in, creating the user once', async () => {
    const email = uniqueEmail('happy');
    const sent = await init(email);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true });

    const code = await server.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const outbox = await database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    expect(outbox[0]?.text).toBe(`Your Test App login code is ${code}. It expires in 10 minutes.`);

    // Only a hash is stored.
    const row = await codeRow(email);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);

    const res = await authenticate(email.toUpperCase(), code);
    expect(res.status).toBe(200);
    const body = authenticateResponse.parse(await res.json());
    expect(body.is_new_user).toBe(true);
    expect(body.session_update_action).toBe('set');
    expect(body.refresh_token).toMatch(/^[0-9a-z]{32}\.[\w-]{43}$/);
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: email }),
    ]);

    // Second login (after the cooldown) finds the same user.
    server.clock.advance(31_000);
    await init(email);
    const again = authenticateResponse.parse(
      await (await authenticate(email, await server.lastCode(email))).json(),
    );
    expect(again.is_new_user).toBe(false);
    expect(again.user.id).toBe(body.user.id);
  });

  it('lets a used code be replaced at once: the cooldown guards only a live code', async () => {
    const email = uniqueEmail('used');
    await init(email);
    expect((await authenticate(email, await server.lastCode(email))).status).toBe(200);
    server.clock.advance(2_000);
    // The code was consumed 2 s ago: a new one goes out now, no 30 s wait.
    expect((await init(email)).status).toBe(200);
    expect(await database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(
      2,
    );
    // A live (unused) code still blocks a resend.
    server.clock.advance(1_000);
    expect((await init(email)).status).toBe(429);
  });

  it('answers the same for a known and an unknown email', async () => {
    const known = uniqueEmail('known');
    await init(known);
    await authenticate(known, await server.lastCode(known));
    server.clock.advance(31_000);
    const unknown = uniqueEmail('unknown');

    const a = await init(known);
    const b = await init(unknown);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.text()).toBe(await b.text());

    const c = await authenticate(known, wrong(await server.lastCode(known)));
    const d = await authenticate(unknown, wrong(await server.lastCode(unknown)));
    expect(c.status).toBe(d.status);
    expect(await c.text()).toBe(await d.text());
    // Never sent a code at all: still the same answer.
    const e = await authenticate(uniqueEmail('never'), '123456');
    await expectInvalidCode(e);
  });

  it('refuses a resend within 30 s with Retry-After; after 30 s the new code replaces the old', async () => {
    const email = uniqueEmail('resend');
    await init(email);
    const first = await server.lastCode(email);

    server.clock.advance(12_000);
    const early = await init(email);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('18');
    expect(apiErrorBody.parse(await early.json())).toMatchObject({
      code: 'too_many_requests',
      retry_after: 18,
    });
    // No second message went out.
    expect(await database.db.select().from(devOutbox).where(eq(devOutbox.to, email))).toHaveLength(
      1,
    );

    server.clock.advance(18_000);
    expect((await init(email)).status).toBe(200);
    const second = await server.lastCode(email);
    if (second !== first) await expectInvalidCode(await authenticate(email, first));
    expect((await authenticate(email, second)).status).toBe(200);
  });

  it('refuses the right code after 5 wrong ones', async () => {
    const email = uniqueEmail('five');
    await init(email);
    const code = await server.lastCode(email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      await expectInvalidCode(await authenticate(email, wrong(code)));
    await expectInvalidCode(await authenticate(email, code));
    expect((await codeRow(email)).consumedAt).toBeNull();
  });

  it('accepts the right code on the 5th attempt', async () => {
    const email = uniqueEmail('fifth');
    await init(email);
    const code = await server.lastCode(email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++) await authenticate(email, wrong(code));
    expect((await authenticate(email, code)).status).toBe(200);
  });

  it('evaluates at most 5 of 50 concurrent wrong guesses', async () => {
    const email = uniqueEmail('burst');
    await init(email);
    const code = await server.lastCode(email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => authenticate(email, wrong(code))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 422 && s !== 429)).toEqual([]);
    expect((await codeRow(email)).attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    // The right code is dead too (422 for the code, or 429 once the destination's failure cap is hit).
    expect([422, 429]).toContain((await authenticate(email, code)).status);
    expect((await codeRow(email)).consumedAt).toBeNull();
  });

  it('logs in only once with concurrent submissions of the right code', async () => {
    const email = uniqueEmail('race');
    await init(email);
    const code = await server.lastCode(email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => authenticate(email, code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('refuses a replayed code', async () => {
    const email = uniqueEmail('replay');
    await init(email);
    const code = await server.lastCode(email);
    expect((await authenticate(email, code)).status).toBe(200);
    await expectInvalidCode(await authenticate(email, code));
  });

  it('accepts a code at 10 min and refuses it at 10 min + 1 s', async () => {
    const a = uniqueEmail('ttl-a');
    const b = uniqueEmail('ttl-b');
    await init(a);
    await init(b);
    const codeA = await server.lastCode(a);
    const codeB = await server.lastCode(b);
    server.clock.advance(10 * 60_000);
    expect((await authenticate(a, codeA)).status).toBe(200);
    server.clock.advance(1_000);
    await expectInvalidCode(await authenticate(b, codeB));
  });

  it('refuses a code sent to X when used for Y', async () => {
    const x = uniqueEmail('x');
    const y = uniqueEmail('y');
    await init(x);
    await init(y);
    const codeX = await server.lastCode(x);
    const codeY = await server.lastCode(y);
    if (codeX !== codeY) await expectInvalidCode(await authenticate(y, codeX));
    expect((await authenticate(x, codeX)).status).toBe(200);
  });

  it('refuses a code of app A in app B', async () => {
    const other = (await server.createApp({ name: 'Other' })).id;
    const email = uniqueEmail('cross-app');
    await init(email, appId);
    const code = await server.lastCode(email);
    await expectInvalidCode(await authenticate(email, code, other));
    expect((await authenticate(email, code, appId)).status).toBe(200);
  });

  it('caps failures per destination and IP across resends', async () => {
    const email = uniqueEmail('cap');
    const cap = server.context.rateLimits.failuresPerDestinationIp.max;
    let failures = 0;
    while (failures < cap) {
      await init(email);
      const code = await server.lastCode(email);
      for (let i = 0; i < CODE_MAX_ATTEMPTS && failures < cap; i++, failures++) {
        await expectInvalidCode(await authenticate(email, wrong(code)));
      }
      server.clock.advance(31_000);
    }
    await init(email);
    const fresh = await server.lastCode(email);
    const refused = await authenticate(email, fresh);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('caps sends per destination and IP, and per destination across IPs', async () => {
    const email = uniqueEmail('sends');
    const { sendsPerDestination, sendsPerDestinationIp } = server.context.rateLimits;
    const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
    const send = (ip: string) =>
      server.app.request(
        ROUTES.passwordlessInit,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'latchkey-app-id': appId },
          body: JSON.stringify({ email }),
        },
        from(ip),
      );
    for (let i = 0; i < sendsPerDestinationIp.max; i++) {
      expect((await send('198.18.0.1')).status).toBe(200);
      server.clock.advance(31_000);
    }
    const perIp = await send('198.18.0.1');
    expect(perIp.status).toBe(429);
    expect(perIp.headers.get('retry-after')).toBeTruthy();
    // Other IPs share the global cap only.
    for (let i = sendsPerDestinationIp.max; i < sendsPerDestination.max; i++) {
      expect((await send(`198.18.0.${10 + i}`)).status).toBe(200);
      server.clock.advance(31_000);
    }
    const global = await send('198.18.0.200');
    expect(global.status).toBe(429);
    expect(global.headers.get('retry-after')).toBeTruthy();
  });

  it('refuses email login when the app has it off', async () => {
    const off = (await server.createApp({ emailAuth: false })).id;
    const res = await init(uniqueEmail(), off);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('disallowed_login_method');
  });
});

describe('per-IP limits', () => {
  it('answers 429 with Retry-After past the per-IP burst', async () => {
    const limited = testServer(database, {
      rateLimits: {
        initPerIp: { max: 3, windowS: 60 },
        authenticatePerIp: { max: 3, windowS: 60 },
      },
    });
    const app = (await limited.createApp()).id;
    const env = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
    const send = (ip: string) =>
      limited.app.request(
        ROUTES.passwordlessInit,
        {
          method: 'POST',
          headers: { 'latchkey-app-id': app, 'content-type': 'application/json' },
          body: JSON.stringify({ email: uniqueEmail('ip') }),
        },
        env(ip),
      );
    for (let i = 0; i < 3; i++) expect((await send('203.0.113.7')).status).toBe(200);
    const res = await send('203.0.113.7');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect((await res.json()).retry_after).toBe(60);
    // Another IP is not affected; the window ends.
    expect((await send('203.0.113.8')).status).toBe(200);
    limited.clock.advance(60_000);
    expect((await send('203.0.113.7')).status).toBe(200);

    const auth = (ip: string) =>
      limited.app.request(
        ROUTES.passwordlessAuthenticate,
        {
          method: 'POST',
          headers: { 'latchkey-app-id': app, 'content-type': 'application/json' },
          body: JSON.stringify({ email: uniqueEmail('ip'), code: '000000' }),
        },
        env(ip),
      );
    for (let i = 0; i < 3; i++) expect((await auth('198.51.100.1')).status).toBe(422);
    expect((await auth('198.51.100.1')).status).toBe(429);
  });

  it('uses X-Forwarded-For only with trustProxy', async () => {
    const proxied = testServer(database, {
      trustProxy: true,
      rateLimits: { initPerIp: { max: 1, windowS: 60 } },
    });
    const app = (await proxied.createApp()).id;
    const send = (ip: string) =>
      proxied.post(
        app,
        ROUTES.passwordlessInit,
        { email: uniqueEmail() },
        { 'x-forwarded-for': ip },
      );
    expect((await send('192.0.2.1')).status).toBe(200);
    expect((await send('192.0.2.1')).status).toBe(429);
    expect((await send('192.0.2.2, 10.0.0.1')).status).toBe(200);
  });
});

describe('bad input', () => {
  async function counts() {
    const [codes, people, outbox] = await Promise.all([
      database.db.select().from(loginCodes),
      database.db.select().from(users),
      database.db.select().from(devOutbox),
    ]);
    const accounts = await database.db.select().from(linkedAccounts);
    return [codes.length, people.length, outbox.length, accounts.length];
  }

  it.each([
    ['malformed JSON', '{"email": "a@example.com"', 400, 'invalid_data'],
    ['a JSON array', '[]', 400, 'invalid_data'],
    ['a number for the email', JSON.stringify({ email: 42 }), 400, 'invalid_data'],
    ['a missing email', JSON.stringify({}), 400, 'invalid_data'],
    ['a bad email', JSON.stringify({ email: 'not-an-email' }), 400, 'invalid_data'],
    [
      'CRLF in the email',
      JSON.stringify({ email: 'a@example.com\r\nBcc: x@evil.io' }),
      400,
      'invalid_data',
    ],
    [
      'a 100 KB body',
      JSON.stringify({ email: 'a@example.com', token: 'x'.repeat(100_000) }),
      413,
      'payload_too_large',
    ],
  ])('init with %s: 4xx JSON and nothing written', async (_, body, status, code) => {
    const before = await counts();
    const res = await server.post(appId, ROUTES.passwordlessInit, body);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(apiErrorBody.parse(await res.json()).code).toBe(code);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a numeric code', { email: 'a@example.com', code: 123456 }],
    ['a 5-digit code', { email: 'a@example.com', code: '12345' }],
    ['a missing code', { email: 'a@example.com' }],
    ['an object email', { email: { $ne: '' }, code: '123456' }],
  ])('authenticate with %s -> 400', async (_, body) => {
    const before = await counts();
    const res = await server.post(appId, ROUTES.passwordlessAuthenticate, body);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('invalid_data');
    expect(await counts()).toEqual(before);
  });

  it('needs the app header and a known app', async () => {
    const missing = await server.app.request(ROUTES.passwordlessInit, {
      method: 'POST',
      body: JSON.stringify({ email: 'a@example.com' }),
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe('invalid_data');
    const unknown = await server.post('x'.repeat(25), ROUTES.passwordlessInit, {
      email: 'a@example.com',
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('app_not_found');
  });

  it('answers unknown routes and methods with JSON 404', async () => {
    const res = await server.post(appId, '/api/v1/nope', {});
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    const get = await server.app.request(ROUTES.passwordlessInit);
    expect(get.status).toBe(404);
  });
});
