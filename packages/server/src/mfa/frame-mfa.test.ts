/**
 * The wallet frame's MFA handlers (issue 15) against the real server: the frame's own DPoP key
 * binds the login, then enrols, verifies and removes a TOTP factor through its handlers, and the
 * auth share follows the session's verification.
 */
import { FRAME_EVENTS, ROUTES, TOTP_PERIOD_S, type UserWire } from '@latchkey/api';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDeviceShareStore } from '../../../wallet-frame/src/frame/device-store.ts';
import { openFrameKey } from '../../../wallet-frame/src/frame/frame-key.ts';
import { createWalletHandlers } from '../../../wallet-frame/src/frame/wallet-handlers.ts';
import type { Database } from '../db/index.ts';
import {
  loginByEmail,
  TEST_PUBLIC_URL,
  type TestServer,
  testDatabase,
  testServer,
} from '../test-utils.ts';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp({ mfaMethods: ['totp'] })).id;
});
afterAll(() => database?.close());

/** The server app over `fetch`, with a `Date` header from its clock (as Node's HTTP adds one). */
const serverFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const response = await server.app.request(String(input), init);
  const headers = new Headers(response.headers);
  headers.set('date', new Date(server.clock()).toUTCString());
  return new Response(response.body, { status: response.status, headers });
}) as typeof fetch;

/** A wallet frame (its own key, handlers on the real server) and a session bound to its key. */
async function frameWithSession() {
  const key = openFrameKey(appId, undefined);
  const store = openDeviceShareStore(appId, () => undefined);
  const handlers = createWalletHandlers({
    appId,
    apiUrl: TEST_PUBLIC_URL,
    store,
    key,
    fetch: serverFetch,
    now: server.clock,
  });
  const proof = await key.proof(
    'POST',
    `${TEST_PUBLIC_URL}${ROUTES.passwordlessAuthenticate}`,
    undefined,
    server.clock(),
  );
  const session = await loginByEmail(server, appId, { dpop: proof });
  const call = async (event: keyof typeof handlers, data: Record<string, unknown>) =>
    (await handlers[event]!(
      { accessToken: session.token, ...data },
      { origin: 'https://app.example.com' },
    )) as Record<string, unknown>;
  return { session, call };
}

const codeAt = (secret: string, atMs: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: TOTP_PERIOD_S }).generate({
    timestamp: atMs,
  });

describe('the frame’s MFA handlers on the real server', () => {
  it('enrol TOTP, verify it, and remove it', async () => {
    const { call } = await frameWithSession();
    const init = await call(FRAME_EVENTS.mfaInitEnrollment, { method: 'totp' });
    expect(init.authUrl).toMatch(/^otpauth:\/\/totp\//);
    const secret = init.secret as string;
    const enrolled = await call(FRAME_EVENTS.mfaSubmitEnrollment, {
      method: 'totp',
      code: codeAt(secret, server.clock()),
    });
    expect((enrolled.user as UserWire).mfa_methods.map((m) => m.type)).toEqual(['totp']);

    server.clock.advance(TOTP_PERIOD_S * 1000);
    const verified = await call(FRAME_EVENTS.mfaVerify, {
      method: 'totp',
      action: 'submit',
      code: codeAt(secret, server.clock()),
    });
    expect(verified.verifiedUntil).toBe(Math.floor(server.clock() / 1000) * 1000 + 600_000);
    // The same code again: the server's refusal reaches the host as the wallet error type.
    await expect(
      call(FRAME_EVENTS.mfaVerify, {
        method: 'totp',
        action: 'submit',
        code: codeAt(secret, server.clock()),
      }),
    ).rejects.toMatchObject({ type: 'missing_or_invalid_mfa' });

    const removed = await call(FRAME_EVENTS.mfaUnenroll, { method: 'totp' });
    expect((removed.user as UserWire).mfa_methods).toEqual([]);
  });

  it('refuses malformed codes in the frame with the spec texts', async () => {
    const { call } = await frameWithSession();
    await expect(
      call(FRAME_EVENTS.mfaVerify, { method: 'totp', action: 'submit', code: '12a456' }),
    ).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Passcode can only be numbers',
    });
    await expect(
      call(FRAME_EVENTS.mfaSubmitEnrollment, { method: 'totp', code: '1234567' }),
    ).rejects.toMatchObject({
      type: 'invalid_request_arguments',
      message: 'Passcode must be exactly 6 numbers',
    });
    await expect(
      call(FRAME_EVENTS.mfaVerify, { method: 'email', action: 'submit' }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
  });
});
