/**
 * Session fork (issue 21; spec section 7, `POST /api/v1/sessions/fork`): the caller's session
 * rotates as on a refresh, a second session of the same user starts with its own tokens, bound
 * to the same wallet frame key, and the two are logged out independently; a refresh token reuse
 * in the parent (theft) revokes its forks too.
 */
import { apiErrorBody, authShareResponse, forkSessionResponse, ROUTES } from '@latchkey/api';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { sessions } from '../db/schema.ts';
import {
  loginByEmail,
  type TestFrame,
  type TestServer,
  type TestSession,
  testDatabase,
  testFrame,
  testServer,
  testWalletKey,
} from '../test-utils.ts';

let database: Database;
let server: TestServer;
let frame: TestFrame;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  frame = await testFrame(server);
  appId = (await server.createApp()).id;
});
afterAll(() => database?.close());

const fork = (refresh_token: string, app = appId) =>
  server.post(app, ROUTES.sessionsFork, { refresh_token });
const refresh = (refresh_token: string) => server.post(appId, ROUTES.sessions, { refresh_token });
const logout = (refresh_token: string) => server.post(appId, ROUTES.logout, { refresh_token });
const sessionRow = async (id: string) =>
  (await database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
const sid = (token: string) => decodeJwt(token).sid as string;

async function expectError(res: Response, status: number, code: string) {
  expect(res.status, `expected ${status} ${code}`).toBe(status);
  expect(apiErrorBody.parse(await res.json()).code).toBe(code);
}

async function forked(refreshToken: string) {
  const res = await fork(refreshToken);
  expect(res.status).toBe(200);
  return forkSessionResponse.parse(await res.json());
}

describe('POST /api/v1/sessions/fork', () => {
  it('rotates the caller and starts a second session of the same user', async () => {
    const session = await loginByEmail(server, appId);
    const body = await forked(session.refreshToken);
    expect(body.session_update_action).toBe('set');
    expect(body.user.id).toBe(session.userId);
    // The caller's tokens rotated: the old refresh token is now the grace predecessor.
    expect(body.refresh_token).not.toBe(session.refreshToken);
    expect(sid(body.token!)).toBe(sid(session.token));
    // The fork is another session of the same user, with a token of its own.
    expect(body.new_session_refresh_token).not.toBe(body.refresh_token);
    const second = await refresh(body.new_session_refresh_token);
    expect(second.status).toBe(200);
    const secondBody = (await second.json()) as { token: string; user: { id: string } };
    expect(secondBody.user.id).toBe(session.userId);
    const forkId = sid(secondBody.token);
    expect(forkId).not.toBe(sid(session.token));
    expect((await sessionRow(forkId)).forkedFrom).toBe(sid(session.token));
  });

  it('logging out one leaves the other', async () => {
    const session = await loginByEmail(server, appId);
    const body = await forked(session.refreshToken);
    expect((await logout(body.new_session_refresh_token)).status).toBe(200);
    await expectError(
      await refresh(body.new_session_refresh_token),
      401,
      'missing_or_invalid_token',
    );
    expect((await refresh(body.refresh_token!)).status).toBe(200);

    const other = await loginByEmail(server, appId);
    const otherFork = await forked(other.refreshToken);
    expect((await logout(otherFork.refresh_token!)).status).toBe(200);
    expect((await refresh(otherFork.new_session_refresh_token)).status).toBe(200);
  });

  it('a reuse of a rotated parent token (theft) revokes the forks too', async () => {
    const session = await loginByEmail(server, appId);
    const body = await forked(session.refreshToken);
    const child = forkSessionResponse.parse(
      await (await fork(body.new_session_refresh_token)).json(),
    );
    // Rotate the parent past its grace, then present the first token again: reuse.
    expect((await refresh(body.refresh_token!)).status).toBe(200);
    server.clock.advance(server.context.refreshReuseIntervalS * 1000 + 1000);
    await expectError(await refresh(session.refreshToken), 401, 'missing_or_invalid_token');
    await expectError(await refresh(child.refresh_token!), 401, 'missing_or_invalid_token');
    await expectError(
      await refresh(child.new_session_refresh_token),
      401,
      'missing_or_invalid_token',
    );
  });

  it('a reuse in a fork does not revoke its parent', async () => {
    const session = await loginByEmail(server, appId);
    const body = await forked(session.refreshToken);
    const first = (await (await refresh(body.new_session_refresh_token)).json()) as {
      refresh_token: string;
    };
    expect((await refresh(first.refresh_token)).status).toBe(200);
    server.clock.advance(server.context.refreshReuseIntervalS * 1000 + 1000);
    await expectError(
      await refresh(body.new_session_refresh_token),
      401,
      'missing_or_invalid_token',
    );
    expect((await refresh(body.refresh_token!)).status).toBe(200);
  });

  it('refuses a missing, unknown or other-app token and makes no session', async () => {
    const session = await loginByEmail(server, appId);
    const before = (await database.db.select().from(sessions)).length;
    await expectError(
      await server.post(appId, ROUTES.sessionsFork, {}),
      401,
      'missing_or_invalid_token',
    );
    await expectError(
      await fork(`${'a'.repeat(32)}.${'b'.repeat(43)}`),
      401,
      'missing_or_invalid_token',
    );
    const otherApp = (await server.createApp()).id;
    await expectError(await fork(session.refreshToken, otherApp), 401, 'missing_or_invalid_token');
    expect((await database.db.select().from(sessions)).length).toBe(before);
  });

  it('the fork of a bound session is bound to the same frame key, starts without MFA, and reaches the wallet only with that key', async () => {
    const session = await frame.login(appId);
    const key = testWalletKey();
    const share = () => randomBytes(49).toString('base64');
    const wallet = {
      address: key.address,
      chain_type: 'ethereum',
      auth_share: share(),
      recovery_method: 'latchkey',
      recovery_share: share(),
      recovery_blob: null,
    } as const;
    const proof = await frame.walletProof(session, key, 'create');
    expect(
      (await frame.post(session, ROUTES.embeddedWallets, { ...wallet, ...proof })).status,
    ).toBe(200);
    await database.db
      .update(sessions)
      .set({ mfaVerifiedAt: new Date(server.clock()) })
      .where(eq(sessions.id, sid(session.token)));

    const body = await forked(session.refreshToken);
    const second = (await (await refresh(body.new_session_refresh_token)).json()) as {
      token: string;
      refresh_token: string;
    };
    expect(decodeJwt(second.token).cnf).toEqual({ jkt: frame.jkt });
    const row = await sessionRow(sid(second.token));
    expect(row.dpopJkt).toBe(frame.jkt);
    expect(row.mfaVerifiedAt).toBeNull();
    const forkSession: TestSession = {
      ...session,
      token: second.token,
      refreshToken: second.refresh_token,
    };
    const got = await frame.post(forkSession, ROUTES.walletAuthShare, { address: key.address });
    expect(got.status).toBe(200);
    expect(authShareResponse.parse(await got.json()).auth_share).toBe(wallet.auth_share);
    // A thief's own key gets nothing with the forked tokens.
    const thief = await testFrame(server);
    await expectError(
      await thief.post(forkSession, ROUTES.walletAuthShare, { address: key.address }),
      401,
      'invalid_dpop_proof',
    );
  });

  it('the fork of an unbound session is unbound', async () => {
    const session = await loginByEmail(server, appId);
    const body = await forked(session.refreshToken);
    const second = (await (await refresh(body.new_session_refresh_token)).json()) as {
      token: string;
    };
    expect(decodeJwt(second.token).cnf).toBeUndefined();
    expect((await sessionRow(sid(second.token))).dpopJkt).toBeNull();
  });
});
