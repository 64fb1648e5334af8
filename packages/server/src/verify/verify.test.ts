import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { ROUTES } from '@latchkey/api';
import {
  AccessTokenError,
  type AccessTokenErrorCode,
  latchkeyAuth,
  type LatchkeyAuthVariables,
  verifyAccessToken,
  type VerifyAccessTokenOptions,
} from '@latchkey/server/verify';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import type { AppRow } from '../db/schema.ts';
import {
  loginByEmail,
  TEST_PUBLIC_URL,
  testDatabase,
  testFrame,
  testServer,
  type TestServer,
} from '../test-utils.ts';

/**
 * The host backend verifier (issue 12, item 4) against a real test server over HTTP: the JWKS
 * is fetched from `apiUrl` over the network. The test server signs with `iss` = TEST_PUBLIC_URL
 * (not the URL it listens on), so the options pass `issuer` explicitly; its clock starts at
 * 2026-01-01, so verification runs at `currentDate` = the server's clock.
 */
let database: Database;
let server: TestServer;
let http: ServerType;
let apiUrl: string;
let app: AppRow;
/** JWKS requests the HTTP server received, by path. */
const jwksRequests: string[] = [];

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  app = await server.createApp();
  await new Promise<void>((resolve) => {
    http = serve(
      {
        fetch: (request: Request) => {
          const { pathname } = new URL(request.url);
          if (pathname.endsWith('/jwks.json')) jwksRequests.push(pathname);
          return server.app.fetch(request);
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => {
        apiUrl = `http://127.0.0.1:${info.port}`;
        resolve();
      },
    );
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    http?.close(() => resolve());
    if (http && 'closeAllConnections' in http) http.closeAllConnections();
  });
  await database?.close();
});

/** Options for `appId` on the running server, verifying at the server's clock. */
function options(
  appId: string,
  overrides: Partial<VerifyAccessTokenOptions> = {},
): VerifyAccessTokenOptions {
  return {
    appId,
    apiUrl,
    issuer: TEST_PUBLIC_URL,
    currentDate: new Date(server.clock()),
    ...overrides,
  };
}

/** The code of the AccessTokenError `promise` rejects with. */
async function errorCode(promise: Promise<unknown>): Promise<AccessTokenErrorCode> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccessTokenError);
  return (error as AccessTokenError).code;
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('verifyAccessToken', () => {
  it('verifies a valid token and returns its claims', async () => {
    const session = await loginByEmail(server, app.id);
    const claims = await verifyAccessToken(session.token, options(app.id));
    const iat = Math.floor(server.clock() / 1000);
    expect(claims).toEqual({
      userId: session.userId,
      sessionId: expect.any(String),
      appId: app.id,
      issuedAt: new Date(iat * 1000),
      expiresAt: new Date((iat + 3600) * 1000),
    });
    expect(claims.sessionId).toMatch(/\S/);
    expect(claims).not.toHaveProperty('dpopJkt');
  });

  it('returns dpopJkt for a session bound to the wallet frame', async () => {
    const frame = await testFrame(server);
    const session = await frame.login(app.id);
    const claims = await verifyAccessToken(session.token, options(app.id));
    expect(claims.userId).toBe(session.userId);
    expect(claims.dpopJkt).toBe(frame.jkt);
  });

  it("refuses another app's token (aud) with invalid_token", async () => {
    const other = await server.createApp({ name: 'Other App' });
    const session = await loginByEmail(server, other.id);
    // With app's key set: the token's key id is not there.
    expect(await errorCode(verifyAccessToken(session.token, options(app.id)))).toBe(
      'invalid_token',
    );
    // With the other app's key set (a valid signature): `aud` is not app.id.
    const jwksUrl = `${apiUrl}${ROUTES.jwks(other.id)}`;
    await expect(
      verifyAccessToken(session.token, options(other.id, { jwksUrl })),
    ).resolves.toMatchObject({ appId: other.id });
    expect(await errorCode(verifyAccessToken(session.token, options(app.id, { jwksUrl })))).toBe(
      'invalid_token',
    );
  });

  it('refuses a tampered or malformed token with invalid_token', async () => {
    const session = await loginByEmail(server, app.id);
    const [header, payload, signature] = session.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    const tampered = `${header}.${forged}.${signature}`;
    expect(await errorCode(verifyAccessToken(tampered, options(app.id)))).toBe('invalid_token');
    for (const bad of ['', 'not-a-jwt', `${header}.${payload}.`]) {
      expect(await errorCode(verifyAccessToken(bad, options(app.id)))).toBe('invalid_token');
    }
  });

  it('refuses a token signed with another algorithm (HS256) with invalid_token', async () => {
    const hs = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(TEST_PUBLIC_URL)
      .setAudience(app.id)
      .setSubject('u')
      .setIssuedAt(Math.floor(server.clock() / 1000))
      .setExpirationTime(Math.floor(server.clock() / 1000) + 60)
      .sign(new Uint8Array(32));
    expect(await errorCode(verifyAccessToken(hs, options(app.id)))).toBe('invalid_token');
  });

  it('refuses an expired token with expired_token, within a 5 s default tolerance', async () => {
    const session = await loginByEmail(server, app.id);
    const exp = server.clock() + 3600_000;
    // 3 s after exp: within the default tolerance.
    await expect(
      verifyAccessToken(session.token, options(app.id, { currentDate: new Date(exp + 3_000) })),
    ).resolves.toMatchObject({ userId: session.userId });
    const late = options(app.id, { currentDate: new Date(exp + 10_000) });
    expect(await errorCode(verifyAccessToken(session.token, late))).toBe('expired_token');
    const strict = options(app.id, { currentDate: new Date(exp + 1_000), clockToleranceS: 0 });
    expect(await errorCode(verifyAccessToken(session.token, strict))).toBe('expired_token');
  });

  it('refuses a wrong issuer with invalid_token', async () => {
    const session = await loginByEmail(server, app.id);
    // Without `issuer`, the issuer is `apiUrl`: not what this server signs.
    const derived = options(app.id, { issuer: undefined });
    expect(await errorCode(verifyAccessToken(session.token, derived))).toBe('invalid_token');
    const other = options(app.id, { issuer: 'https://evil.example' });
    expect(await errorCode(verifyAccessToken(session.token, other))).toBe('invalid_token');
  });

  it('answers jwks_unavailable when the key set cannot be fetched', async () => {
    const session = await loginByEmail(server, app.id);
    const down = options(app.id, { apiUrl: `http://127.0.0.1:${await closedPort()}` });
    expect(await errorCode(verifyAccessToken(session.token, down))).toBe('jwks_unavailable');
    // An unknown app: the server answers 404 for its key set.
    const unknown = options(app.id, { jwksUrl: `${apiUrl}${ROUTES.jwks('no-such-app')}` });
    expect(await errorCode(verifyAccessToken(session.token, unknown))).toBe('jwks_unavailable');
  });

  it('fetches the key set once for many verifications', async () => {
    const fresh = await server.createApp({ name: 'Counted App' });
    const sessions = await Promise.all([1, 2, 3].map(() => loginByEmail(server, fresh.id)));
    const path = ROUTES.jwks(fresh.id);
    const before = jwksRequests.filter((p) => p === path).length;
    expect(before).toBe(0);
    // Concurrent first calls share one fetch, later calls the cached set.
    await Promise.all(sessions.map((s) => verifyAccessToken(s.token, options(fresh.id))));
    for (let i = 0; i < 10; i += 1) {
      for (const s of sessions) await verifyAccessToken(s.token, options(fresh.id));
    }
    expect(jwksRequests.filter((p) => p === path)).toHaveLength(1);
  });

  it('throws a TypeError when neither apiUrl nor issuer is given', async () => {
    await expect(verifyAccessToken('x', { appId: app.id })).rejects.toBeInstanceOf(TypeError);
    expect(() => latchkeyAuth({ appId: app.id })).toThrow(TypeError);
  });
});

describe('latchkeyAuth (Hono middleware)', () => {
  function hostApp(overrides: Partial<VerifyAccessTokenOptions> = {}) {
    const host = new Hono<{ Variables: LatchkeyAuthVariables }>();
    host.use('/api/*', latchkeyAuth(options(app.id, overrides)));
    host.get('/api/me', (c) => c.json(c.get('latchkey')));
    return host;
  }

  it('answers 401 {error, code} without a token or with a bad one', async () => {
    const host = hostApp();
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-jwt' },
    ] as Record<string, string>[]) {
      const res = await host.request('/api/me', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.json()).toEqual({ error: expect.any(String), code: 'invalid_token' });
    }
  });

  it('answers 401 expired_token for an expired token, 503 when the keys are unreachable', async () => {
    const session = await loginByEmail(server, app.id);
    const headers = { authorization: `Bearer ${session.token}` };
    const expired = hostApp({ currentDate: new Date(server.clock() + 2 * 3600_000) });
    const res = await expired.request('/api/me', { headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'expired_token' });
    const down = hostApp({ apiUrl: `http://127.0.0.1:${await closedPort()}` });
    const unavailable = await down.request('/api/me', { headers });
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({ code: 'jwks_unavailable' });
  });

  it('answers 200 with the claims in c.get("latchkey") for a good token', async () => {
    const session = await loginByEmail(server, app.id);
    const res = await hostApp().request('/api/me', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ userId: session.userId, appId: app.id });
  });
});

describe('the @latchkey/server/verify entry', () => {
  it('bundles with jose only: no server, drizzle, pg, PGlite or Hono runtime', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'node',
      // The workspace's packages from source (a built dist/ must not change what is measured).
      conditions: ['@latchkey/source'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('node_modules/jose/'))).toBe(true);
    expect(
      inputs.filter((i) => /node_modules\/(drizzle-orm|pg|hono|@hono|@electric-sql)\//.test(i)),
    ).toEqual([]);
    // Nothing of the server package but this entry.
    expect(inputs.filter((i) => !i.includes('node_modules/'))).toEqual([
      expect.stringMatching(/packages\/server\/src\/verify\/index\.ts$/),
    ]);
  });
});
