import {
  ACCESS_TOKEN_COOKIE,
  authenticateResponse,
  REFRESH_TOKEN_COOKIE,
  ROUTES,
  sessionResponse,
  userResponse,
} from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { sha256Hex } from '../crypto.ts';
import { sessions, users } from '../db/schema.ts';
import {
  TEST_PUBLIC_URL,
  type TestServer,
  testDatabase,
  testServer,
  uniqueEmail,
} from '../test-utils.ts';
import { insertLinkedAccount } from '../users/accounts.ts';
import { loadUser } from '../users/service.ts';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp()).id;
});
afterAll(() => database?.close());

async function login(app = appId, headers: Record<string, string> = {}) {
  const email = uniqueEmail('session');
  await server.post(app, ROUTES.passwordlessInit, { email }, headers);
  const code = await server.lastCode(email);
  const res = await server.post(app, ROUTES.passwordlessAuthenticate, { email, code }, headers);
  expect(res.status).toBe(200);
  return { res, body: authenticateResponse.parse(await res.json()) };
}

const refresh = (refresh_token?: string, headers: Record<string, string> = {}, app = appId) =>
  server.post(app, ROUTES.sessions, refresh_token === undefined ? {} : { refresh_token }, headers);

const me = (token: string, app = appId) =>
  server.app.request(ROUTES.usersMe, {
    headers: { 'latchkey-app-id': app, authorization: `Bearer ${token}` },
  });

async function expectInvalidToken(res: Response) {
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({
    error: 'Missing or invalid token',
    code: 'missing_or_invalid_token',
  });
}

describe('access token', () => {
  it('is an ES256 JWT with iss, aud, sub, sid, kid and a 1 h lifetime', async () => {
    const { body } = await login();
    const claims = decodeJwt(body.token!);
    expect(claims.iss).toBe(TEST_PUBLIC_URL);
    expect(claims.aud).toBe(appId);
    expect(claims.sub).toBe(body.user.id);
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.iat).toBe(Math.floor(server.clock() / 1000));
    const kid = (await server.context.keyStore.current(appId)).kid;
    expect(decodeProtectedHeader(body.token!)).toEqual({ alg: 'ES256', typ: 'JWT', kid });
    const res = await me(body.token!);
    expect(res.status).toBe(200);
    expect(userResponse.parse(await res.json()).user.id).toBe(body.user.id);
  });

  it('is required by /users/me', async () => {
    const res = await server.app.request(ROUTES.usersMe, { headers: { 'latchkey-app-id': appId } });
    await expectInvalidToken(res);
    await expectInvalidToken(await me('not-a-jwt'));
  });

  it('refuses alg none, HS256, a foreign key, wrong aud, wrong iss and expiry', async () => {
    const { body } = await login();
    const claims = decodeJwt(body.token!);
    const key = await server.context.keyStore.current(appId);
    const forge = (over: { aud?: string; iss?: string }) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'ES256', kid: key.kid })
        .setIssuer(over.iss ?? TEST_PUBLIC_URL)
        .setAudience(over.aud ?? appId)
        .setSubject(claims.sub!)
        .setIssuedAt(claims.iat!)
        .setExpirationTime(claims.exp!);

    // Control: a token forged with the real key and right claims is accepted, so the
    // refusals below are about the one thing each changes.
    expect((await me(await forge({}).sign(key.privateKey))).status).toBe(200);

    const none = new UnsecuredJWT({ sid: claims.sid })
      .setIssuer(TEST_PUBLIC_URL)
      .setAudience(appId)
      .setSubject(claims.sub!)
      .setIssuedAt(claims.iat!)
      .setExpirationTime(claims.exp!)
      .encode();
    await expectInvalidToken(await me(none));

    const hs256 = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setIssuer(TEST_PUBLIC_URL)
      .setAudience(appId)
      .setSubject(claims.sub!)
      .setIssuedAt(claims.iat!)
      .setExpirationTime(claims.exp!)
      .sign(new TextEncoder().encode(key.spkiPem));
    await expectInvalidToken(await me(hs256));

    const stranger = await generateKeyPair('ES256');
    await expectInvalidToken(await me(await forge({}).sign(stranger.privateKey)));
    await expectInvalidToken(await me(await forge({ aud: 'y'.repeat(25) }).sign(key.privateKey)));
    await expectInvalidToken(
      await me(await forge({ iss: 'https://evil.example' }).sign(key.privateKey)),
    );

    // Another app's header with this app's token.
    const other = (await server.createApp({ name: 'Other' })).id;
    await expectInvalidToken(await me(body.token!, other));

    server.clock.advance(3600_000 + 1000);
    await expectInvalidToken(await me(body.token!));
  });
});

describe('refresh', () => {
  it('rotates the refresh token on every use', async () => {
    const { body } = await login();
    server.clock.advance(5_000);
    const res = await refresh(body.refresh_token!);
    expect(res.status).toBe(200);
    const next = sessionResponse.parse(await res.json());
    expect(next.session_update_action).toBe('set');
    expect(next.refresh_token).not.toBe(body.refresh_token);
    expect(next.user.id).toBe(body.user.id);
    expect(decodeJwt(next.token!).sid).toBe(decodeJwt(body.token!).sid);
    expect((await me(next.token!)).status).toBe(200);
    // Stored as a SHA-256 hash only, on the session's row.
    const sid = decodeJwt(next.token!).sid as string;
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row?.refreshHash).toBe(sha256Hex(next.refresh_token!));
    expect(JSON.stringify(row)).not.toContain(next.refresh_token!.split('.')[1]);
    expect(row?.refreshGeneration).toBe(1);
    const again = sessionResponse.parse(await (await refresh(next.refresh_token!)).json());
    expect(again.refresh_token).not.toBe(next.refresh_token);
  });

  it('revokes the whole session when a rotated token is reused', async () => {
    const { body } = await login();
    const second = sessionResponse.parse(await (await refresh(body.refresh_token!)).json());
    const third = sessionResponse.parse(await (await refresh(second.refresh_token!)).json());
    expect((await me(third.token!)).status).toBe(200);

    await expectInvalidToken(await refresh(body.refresh_token!));
    // The newest refresh token and the newest access token are dead too.
    await expectInvalidToken(await refresh(third.refresh_token!));
    await expectInvalidToken(await me(third.token!));
    const sid = decodeJwt(body.token!).sid as string;
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row?.revokedAt).not.toBeNull();
  });

  it('refuses a missing, unknown, other-app or expired refresh token', async () => {
    await expectInvalidToken(await refresh());
    await expectInvalidToken(await refresh('x'.repeat(43)));
    const { body } = await login();
    const other = (await server.createApp({ name: 'Other' })).id;
    await expectInvalidToken(await refresh(body.refresh_token!, {}, other));
    server.clock.advance(30 * 24 * 3600_000 + 1000);
    await expectInvalidToken(await refresh(body.refresh_token!));
  });

  it('answers the user as loadUser does, linked accounts in order (loaded in the rotation statement)', async () => {
    const { body } = await login();
    const userId = body.user.id;
    const wallet = '0x' + 'aB'.repeat(20);
    await insertLinkedAccount(
      database.db,
      appId,
      userId,
      { type: 'wallet', subject: wallet, details: { chain_type: 'ethereum' } },
      new Date(server.clock()),
    );
    const expected = await loadUser(database.db, userId);
    expect(expected?.linked_accounts.map((a) => a.type)).toEqual(['email', 'wallet']);
    const next = sessionResponse.parse(await (await refresh(body.refresh_token!)).json());
    expect(next.user).toEqual(expected);
    const viaMe = userResponse.parse(await (await me(next.token!)).json());
    expect(viaMe.user).toEqual(expected);
  });

  it('answers 401 to a refresh or /users/me once the user is deleted', async () => {
    const { body } = await login();
    await database.db.delete(users).where(eq(users.id, body.user.id));
    await expectInvalidToken(await refresh(body.refresh_token!));
    await expectInvalidToken(await me(body.token!));
  });

  it('gives two concurrent uses of a token the same successor (one rotation, no new branch)', async () => {
    const { body } = await login();
    const answers = await Promise.all([refresh(body.refresh_token!), refresh(body.refresh_token!)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(
      answers.map(async (r) => sessionResponse.parse(await r.json())),
    );
    expect(a!.refresh_token).toBe(b!.refresh_token);
    expect((await refresh(a!.refresh_token!)).status).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the session: access and refresh tokens stop working', async () => {
    const { body } = await login();
    expect((await me(body.token!)).status).toBe(200);
    const res = await server.post(appId, ROUTES.logout, { refresh_token: body.refresh_token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    await expectInvalidToken(await me(body.token!));
    await expectInvalidToken(await refresh(body.refresh_token!));
  });

  it('works with only the bearer token', async () => {
    const { body } = await login();
    const res = await server.post(
      appId,
      ROUTES.logout,
      {},
      { authorization: `Bearer ${body.token}` },
    );
    expect(res.status).toBe(200);
    await expectInvalidToken(await me(body.token!));
  });
});

describe('cookie mode (spec section 9)', () => {
  let cookieApp: string;
  const origin = 'https://app.example.com';
  beforeAll(async () => {
    cookieApp = (
      await server.createApp({
        name: 'Cookie App',
        customApiUrl: 'https://auth.example.com',
        allowedOrigins: [origin, 'https://other.example.net'],
      })
    ).id;
  });

  function cookies(res: Response): Map<string, string> {
    const out = new Map<string, string>();
    for (const line of res.headers.getSetCookie()) out.set(line.split('=')[0]!, line);
    return out;
  }

  it('sets HttpOnly refresh and access cookies on login, refresh and clears them on logout', async () => {
    const { res, body } = await login(cookieApp, { origin });
    expect(body.refresh_token).toBeNull();
    expect(body.session_update_action).toBe('ignore');
    expect(body.token).toBeTruthy();
    const set = cookies(res);
    const refreshCookie = set.get(REFRESH_TOKEN_COOKIE)!;
    expect(refreshCookie).toMatch(/; Max-Age=2592000/);
    expect(refreshCookie).toMatch(/; Path=\/api\/v1\/sessions(;|$)/);
    expect(refreshCookie).toMatch(/; HttpOnly/);
    expect(refreshCookie).toMatch(/; Secure/);
    expect(refreshCookie).toMatch(/; SameSite=Strict/);
    const accessCookie = set.get(ACCESS_TOKEN_COOKIE)!;
    expect(accessCookie).toBe(
      `${ACCESS_TOKEN_COOKIE}=${body.token}; Max-Age=3600; Path=/; Secure; SameSite=Strict`,
    );
    const refreshValue = refreshCookie.split(';')[0]!.split('=')[1]!;

    // Refresh reads the cookie when the body has none.
    const refreshed = await refresh(
      undefined,
      {
        origin,
        cookie: `${REFRESH_TOKEN_COOKIE}=${refreshValue}`,
      },
      cookieApp,
    );
    expect(refreshed.status).toBe(200);
    const next = sessionResponse.parse(await refreshed.json());
    expect(next.refresh_token).toBeNull();
    expect(next.session_update_action).toBe('ignore');
    const rotated = cookies(refreshed).get(REFRESH_TOKEN_COOKIE)!.split(';')[0]!.split('=')[1]!;
    expect(rotated).not.toBe(refreshValue);

    const out = await server.post(
      cookieApp,
      ROUTES.logout,
      {},
      {
        origin,
        cookie: `${REFRESH_TOKEN_COOKIE}=${rotated}`,
      },
    );
    expect(await out.json()).toEqual({ session_update_action: 'clear' });
    const cleared = cookies(out);
    expect(cleared.get(REFRESH_TOKEN_COOKIE)).toMatch(/Max-Age=0/);
    expect(cleared.get(ACCESS_TOKEN_COOKIE)).toMatch(/Max-Age=0/);
    await expectInvalidToken(await me(next.token!, cookieApp));
  });

  it('keeps tokens in the body for a cross-site origin', async () => {
    const { res, body } = await login(cookieApp, { origin: 'https://other.example.net' });
    expect(body.session_update_action).toBe('set');
    expect(body.refresh_token).toBeTruthy();
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
