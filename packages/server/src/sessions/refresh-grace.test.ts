/**
 * Issue 10, item 4: refresh survives lost answers (reuse interval), rotation is one transaction,
 * and a database outage answers 503 with Retry-After.
 */
import { createHmac } from 'node:crypto';
import { authenticateResponse, ROUTES, sessionResponse } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveServerKeys } from '../crypto.ts';
import type { Database } from '../db/index.ts';
import { sessions } from '../db/schema.ts';
import { DEFAULT_REFRESH_REUSE_INTERVAL_S } from '../server.ts';
import { MAX_REUSE_CHAIN } from './service.ts';
import { sha256Hex } from '../crypto.ts';
import {
  TEST_PUBLIC_URL,
  TEST_SECRET,
  type TestServer,
  testDatabase,
  testServer,
  uniqueEmail,
} from '../test-utils.ts';
import { createServer } from '../server.ts';
import { devOutboxDelivery } from '../delivery/dev-outbox.ts';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp()).id;
});
afterAll(() => database?.close());

async function login(on: TestServer = server, app = appId) {
  const email = uniqueEmail('grace');
  await on.post(app, ROUTES.passwordlessInit, { email });
  const code = await on.lastCode(email);
  const res = await on.post(app, ROUTES.passwordlessAuthenticate, { email, code });
  expect(res.status).toBe(200);
  return authenticateResponse.parse(await res.json());
}

const refresh = (token: string, on: TestServer = server, app = appId) =>
  on.post(app, ROUTES.sessions, { refresh_token: token });

async function refreshOk(token: string, on: TestServer = server, app = appId) {
  const res = await refresh(token, on, app);
  expect(res.status).toBe(200);
  return sessionResponse.parse(await res.json());
}

const me = (token: string, on: TestServer = server, app = appId) =>
  on.app.request(ROUTES.usersMe, {
    headers: { 'latchkey-app-id': app, authorization: `Bearer ${token}` },
  });

async function expectInvalidToken(res: Response) {
  expect(res.status).toBe(401);
  expect(((await res.json()) as { code: string }).code).toBe('missing_or_invalid_token');
}

async function sessionRevoked(sid: string): Promise<boolean> {
  const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
  return Boolean(row?.revokedAt);
}

describe('refresh reuse interval (a lost answer)', () => {
  it('defaults to 60 s', () => {
    expect(DEFAULT_REFRESH_REUSE_INTERVAL_S).toBe(60);
    expect(server.context.refreshReuseIntervalS).toBe(60);
  });

  it('answers the just-rotated token inside the window with the same successor and a fresh access token', async () => {
    const first = await login();
    const sid = decodeJwt(first.token!).sid as string;
    server.clock.advance(1_000);
    const second = await refreshOk(first.refresh_token!);
    // The answer was lost; the client presents the same token again 30 s later.
    server.clock.advance(30_000);
    const again = await refreshOk(first.refresh_token!);
    expect(again.refresh_token).toBe(second.refresh_token);
    expect(again.token).not.toBe(second.token);
    expect(decodeJwt(again.token!).sid).toBe(sid);
    expect((await me(again.token!)).status).toBe(200);
    expect(await sessionRevoked(sid)).toBe(false);
    // Still one rotation (no second branch), and the live token rotates normally.
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row?.refreshGeneration).toBe(1);
    expect(row?.refreshHash).toBe(sha256Hex(second.refresh_token!));
    const third = await refreshOk(again.refresh_token!);
    expect(third.refresh_token).not.toBe(again.refresh_token);
    expect((await me(third.token!)).status).toBe(200);
  });

  it('revokes the whole family when the rotated token comes back after the window', async () => {
    const first = await login();
    const sid = decodeJwt(first.token!).sid as string;
    const second = await refreshOk(first.refresh_token!);
    server.clock.advance(60_000 + 1);
    await expectInvalidToken(await refresh(first.refresh_token!));
    expect(await sessionRevoked(sid)).toBe(true);
    await expectInvalidToken(await refresh(second.refresh_token!));
    await expectInvalidToken(await me(second.token!));
  });

  it('revokes the family when the old token is reused after its successor was used, even inside the window', async () => {
    const first = await login();
    const sid = decodeJwt(first.token!).sid as string;
    const second = await refreshOk(first.refresh_token!);
    const third = await refreshOk(second.refresh_token!);
    server.clock.advance(5_000);
    await expectInvalidToken(await refresh(first.refresh_token!));
    expect(await sessionRevoked(sid)).toBe(true);
    await expectInvalidToken(await refresh(third.refresh_token!));
    await expectInvalidToken(await me(third.token!));
  });

  it('gives every one of concurrent uses of one token the same successor without revoking', async () => {
    const first = await login();
    const sid = decodeJwt(first.token!).sid as string;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refresh(first.refresh_token!)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(
      answers.map(async (r) => sessionResponse.parse(await r.json())),
    );
    expect(new Set(bodies.map((b) => b.refresh_token)).size).toBe(1);
    expect(await sessionRevoked(sid)).toBe(false);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row?.refreshGeneration).toBe(1);
    await refreshOk(bodies[0]!.refresh_token!);
  });

  it('is configurable: 0 turns the grace off', async () => {
    const strict = testServer(database, { server: { refreshReuseIntervalS: 0 } });
    const first = await login(strict);
    const sid = decodeJwt(first.token!).sid as string;
    await refreshOk(first.refresh_token!, strict);
    strict.clock.advance(1);
    await expectInvalidToken(await refresh(first.refresh_token!, strict));
    expect(await sessionRevoked(sid)).toBe(true);
    for (const bad of [-1, 301, Number.NaN]) {
      expect(() =>
        createServer({
          db: database.db,
          publicUrl: TEST_PUBLIC_URL,
          secret: TEST_SECRET,
          delivery: devOutboxDelivery(database.db),
          refreshReuseIntervalS: bad,
        }),
      ).toThrow(/refreshReuseIntervalS/);
    }
  });
});

describe('earlier tokens are recognised through the HMAC chain, not stored', () => {
  it('revokes the session when a token several rotations old comes back', async () => {
    const first = await login();
    const sid = decodeJwt(first.token!).sid as string;
    let live = first.refresh_token!;
    for (let i = 0; i < 5; i++) live = (await refreshOk(live)).refresh_token!;
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row?.refreshGeneration).toBe(5);
    await expectInvalidToken(await refresh(first.refresh_token!));
    expect(await sessionRevoked(sid)).toBe(true);
    await expectInvalidToken(await refresh(live));
  });

  it('refuses a forged secret for a real session id without revoking the session', async () => {
    const first = await login();
    const sid = decodeJwt(first.token!).sid as string;
    const second = await refreshOk(first.refresh_token!);
    for (const forged of [
      `${sid}.${'A'.repeat(43)}`,
      // A successor made with another server secret: not of this chain.
      `${sid}.${createHmac('sha256', deriveServerKeys('x'.repeat(40)).refreshSuccessorKey)
        .update(first.refresh_token!)
        .digest('base64url')}`,
    ]) {
      await expectInvalidToken(await refresh(forged));
      // Logout with it finds no session either.
      expect((await server.post(appId, ROUTES.logout, { refresh_token: forged })).status).toBe(200);
    }
    expect(await sessionRevoked(sid)).toBe(false);
    await refreshOk(second.refresh_token!);
  });

  it(`refuses a token more than ${MAX_REUSE_CHAIN} rotations old as unknown, without revoking`, async () => {
    const first = await login();
    const sid = decodeJwt(first.token!).sid as string;
    // Walked to MAX_REUSE_CHAIN + 1 rotations directly, as the chain derives successors.
    const key = deriveServerKeys(TEST_SECRET).refreshSuccessorKey;
    let token = first.refresh_token!;
    for (let i = 0; i <= MAX_REUSE_CHAIN; i++) {
      token = `${sid}.${createHmac('sha256', key).update(token).digest('base64url')}`;
    }
    await database.db
      .update(sessions)
      .set({
        refreshHash: sha256Hex(token),
        refreshGeneration: MAX_REUSE_CHAIN + 1,
        refreshRotatedAt: new Date(server.clock()),
      })
      .where(eq(sessions.id, sid));
    await expectInvalidToken(await refresh(first.refresh_token!));
    expect(await sessionRevoked(sid)).toBe(false);
    // One rotation younger (exactly MAX_REUSE_CHAIN back) is recognised: its reuse revokes
    // the session, and the live token dies with it.
    const recognised = `${sid}.${createHmac('sha256', key).update(first.refresh_token!).digest('base64url')}`;
    await expectInvalidToken(await refresh(recognised));
    await expectInvalidToken(await refresh(token));
    expect(await sessionRevoked(sid)).toBe(true);
  });
});

describe('database outage', () => {
  it('answers 503 service_unavailable with Retry-After, not 500, when the database is closed', async () => {
    const db = await testDatabase();
    const down = testServer(db);
    const app = (await down.createApp()).id;
    const first = await login(down, app);
    await db.close();
    // A row the app cache still holds is served from memory for up to its TTL (issue 13);
    // past it, the app lookup itself meets the outage.
    down.context.apps.invalidate();
    for (const res of [
      await refresh(first.refresh_token!, down, app),
      await down.app.request(ROUTES.appConfig(app)),
      await me(first.token!, down, app),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({
        error: 'The service is temporarily unavailable',
        code: 'service_unavailable',
        retry_after: 1,
      });
    }
  });
});
