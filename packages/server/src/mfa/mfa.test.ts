import { randomBytes } from 'node:crypto';
import {
  APP_ID_HEADER,
  apiErrorBody,
  authShareResponse,
  MFA_ROUTES,
  MFA_VERIFICATION_TTL_S,
  mfaUserResponse,
  mfaVerifyResponse,
  ROUTES,
  TOTP_PERIOD_S,
  totpEnrollmentInitResponse,
} from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { Secret, TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { mfaEnrolments } from '../db/schema.ts';
import {
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
let noTotpAppId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  frame = await testFrame(server);
  appId = (await server.createApp({ mfaMethods: ['totp', 'sms'] })).id;
  noTotpAppId = (await server.createApp({ mfaMethods: ['sms'] })).id;
});
afterAll(() => database?.close());

/** The code an authenticator app shows for `secret` at `atMs` (RFC 6238 via otpauth). */
const codeAt = (secret: string, atMs: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: TOTP_PERIOD_S }).generate({
    timestamp: atMs,
  });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = apiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

async function initTotp(session: TestSession, f = frame) {
  const res = await f.post(session, MFA_ROUTES.mfaTotpInit);
  expect(res.status).toBe(200);
  return totpEnrollmentInitResponse.parse(await res.json());
}

/** A new user of `appId` with TOTP enrolled; its session is MFA-verified by the enrolment. */
async function enrolledUser(f = frame) {
  const session = await f.login(appId);
  const { secret } = await initTotp(session, f);
  const res = await f.post(session, MFA_ROUTES.mfaTotpEnroll, {
    code: codeAt(secret, server.clock()),
  });
  expect(res.status).toBe(200);
  return { session, secret };
}

const verify = (session: TestSession, code: string, f = frame) =>
  f.post(session, MFA_ROUTES.mfaTotpVerify, { code });

/** A wallet of `session`'s user, created as the frame creates it (DPoP and a wallet proof). */
async function createWallet(session: TestSession, f = frame) {
  const key = testWalletKey();
  const body = {
    address: key.address,
    chain_type: 'ethereum',
    auth_share: randomBytes(49).toString('base64'),
    recovery_method: 'latchkey',
    recovery_share: randomBytes(49).toString('base64'),
    recovery_blob: null,
  };
  const proof = await f.walletProof(session, key, 'create');
  const res = await f.post(session, ROUTES.embeddedWallets, { ...body, ...proof });
  expect(res.status).toBe(200);
  return body.address;
}

describe('TOTP enrolment', () => {
  it('gives a secret and an otpauth URI, then enrols with the first code', async () => {
    const session = await frame.login(appId);
    const init = await frame.post(session, MFA_ROUTES.mfaTotpInit);
    expect(init.headers.get('cache-control')).toBe('no-store');
    const { secret, auth_url } = totpEnrollmentInitResponse.parse(await init.json());
    const parsed = URI.parse(auth_url) as TOTP;
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.issuer).toBe('Test App');
    expect(parsed.label).toBe(session.email);
    expect(parsed.period).toBe(30);
    expect(parsed.digits).toBe(6);
    // 20 bytes of secret (160 bits, RFC 4226's recommendation).
    expect(parsed.secret.bytes.length).toBe(20);

    // The secret is stored sealed, not as base32.
    const [row] = await database.db
      .select()
      .from(mfaEnrolments)
      .where(eq(mfaEnrolments.userId, session.userId));
    expect(row?.secretSealed).not.toContain(secret);
    expect(row?.enrolledAt).toBeNull();

    const res = await frame.post(session, MFA_ROUTES.mfaTotpEnroll, {
      code: codeAt(secret, server.clock()),
    });
    expect(res.status).toBe(200);
    const { user } = mfaUserResponse.parse(await res.json());
    expect(user.mfa_methods).toEqual([
      { type: 'totp', verified_at: Math.floor(server.clock() / 1000) },
    ]);
    // Every user answer carries it.
    const me = await server.app.request(ROUTES.usersMe, {
      headers: { authorization: `Bearer ${session.token}`, [APP_ID_HEADER]: appId },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { mfa_methods: unknown } }).user.mfa_methods).toEqual(
      user.mfa_methods,
    );
  });

  it('refuses a wrong first code and keeps the enrolment pending', async () => {
    const session = await frame.login(appId);
    const { secret } = await initTotp(session);
    const wrong = String((Number(codeAt(secret, server.clock())) + 1) % 1_000_000).padStart(6, '0');
    const body = await expectError(
      await frame.post(session, MFA_ROUTES.mfaTotpEnroll, { code: wrong }),
      401,
      'missing_or_invalid_mfa',
    );
    expect(body.error).toBe('The code you entered is not valid');
    const ok = await frame.post(session, MFA_ROUTES.mfaTotpEnroll, {
      code: codeAt(secret, server.clock()),
    });
    expect(ok.status).toBe(200);
  });

  it('refuses codes that are not six digits with the spec texts (400)', async () => {
    const session = await frame.login(appId);
    await initTotp(session);
    const letters = await expectError(
      await frame.post(session, MFA_ROUTES.mfaTotpEnroll, { code: '12a456' }),
      400,
      'invalid_data',
    );
    expect(JSON.stringify(letters)).toContain('Passcode can only be numbers');
    const long = await expectError(
      await frame.post(session, MFA_ROUTES.mfaTotpEnroll, { code: '1234567' }),
      400,
      'invalid_data',
    );
    expect(JSON.stringify(long)).toContain('Passcode must be exactly 6 numbers');
  });

  it('expires a pending enrolment after ten minutes', async () => {
    const session = await frame.login(appId);
    const { secret } = await initTotp(session);
    server.clock.advance(601_000);
    const fresh = await frame.login(appId, { email: session.email });
    await expectError(
      await frame.post(fresh, MFA_ROUTES.mfaTotpEnroll, { code: codeAt(secret, server.clock()) }),
      401,
      'missing_or_invalid_mfa',
    );
  });

  it('is refused for an app that does not offer TOTP', async () => {
    const session = await frame.login(noTotpAppId);
    await expectError(await frame.post(session, MFA_ROUTES.mfaTotpInit), 400, 'not_supported');
  });

  it('needs the frame key: a bearer token or another key gets 401', async () => {
    const session = await frame.login(appId);
    await expectError(
      await server.post(
        appId,
        MFA_ROUTES.mfaTotpInit,
        {},
        {
          authorization: `Bearer ${session.token}`,
        },
      ),
      401,
      'missing_or_invalid_token',
    );
    const thief = await testFrame(server);
    await expectError(await thief.post(session, MFA_ROUTES.mfaTotpInit), 401, 'invalid_dpop_proof');
  });

  it('refuses a second TOTP enrolment', async () => {
    const { session } = await enrolledUser();
    await expectError(await frame.post(session, MFA_ROUTES.mfaTotpInit), 400, 'invalid_data');
  });
});

describe('TOTP verification', () => {
  it('accepts the previous step, refuses two steps back, and each code works once', async () => {
    const { session, secret } = await enrolledUser();
    // Move to a fresh step so the enrolment's step is in the past.
    server.clock.advance(TOTP_PERIOD_S * 1000 * 3);
    const now = server.clock();
    const twoBack = codeAt(secret, now - 2 * TOTP_PERIOD_S * 1000);
    const previous = codeAt(secret, now - TOTP_PERIOD_S * 1000);
    const current = codeAt(secret, now);
    await expectError(await verify(session, twoBack), 401, 'missing_or_invalid_mfa');

    const res = await verify(session, previous);
    expect(res.status).toBe(200);
    expect(mfaVerifyResponse.parse(await res.json())).toEqual({
      verified_until: Math.floor(now / 1000) + MFA_VERIFICATION_TTL_S,
    });
    // The same code again: refused (its step is used).
    await expectError(await verify(session, previous), 401, 'missing_or_invalid_mfa');
    // The current step's code is later: accepted once, then refused.
    expect((await verify(session, current)).status).toBe(200);
    await expectError(await verify(session, current), 401, 'missing_or_invalid_mfa');
  });

  it('accepts a code of one step ahead (clock drift)', async () => {
    const { session, secret } = await enrolledUser();
    server.clock.advance(TOTP_PERIOD_S * 1000 * 3);
    const ahead = codeAt(secret, server.clock() + TOTP_PERIOD_S * 1000);
    expect((await verify(session, ahead)).status).toBe(200);
    const twoAhead = codeAt(secret, server.clock() + 3 * TOTP_PERIOD_S * 1000);
    await expectError(await verify(session, twoAhead), 401, 'missing_or_invalid_mfa');
  });

  it('refuses every code after 4 wrong ones, then accepts after the window', async () => {
    const { session, secret } = await enrolledUser();
    server.clock.advance(TOTP_PERIOD_S * 1000 * 3);
    const right = () => codeAt(secret, server.clock());
    const wrong = () => String((Number(right()) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) {
      await expectError(await verify(session, wrong()), 401, 'missing_or_invalid_mfa');
    }
    const blocked = await verify(session, right());
    const body = await expectError(blocked, 429, 'mfa_verification_max_attempts_reached');
    expect(body.error).toBe('Max MFA verification attempts reached');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    server.clock.advance(301_000);
    expect((await verify(session, right())).status).toBe(200);
  });

  it('refuses a user without TOTP', async () => {
    const session = await frame.login(appId);
    await expectError(await verify(session, '123456'), 401, 'missing_or_invalid_mfa');
  });
});

describe('wallet shares of an enrolled user', () => {
  it('are released only within the verification window of the session', async () => {
    const { session, secret } = await enrolledUser();
    const address = await createWallet(session);
    const share = () => frame.post(session, ROUTES.walletAuthShare, { address });
    // The enrolment verified this session; the answer says until when (the frame's key cache).
    const enrolledAtS = Math.floor(server.clock() / 1000);
    const first = await share();
    expect(first.status).toBe(200);
    expect(authShareResponse.parse(await first.json()).mfa_verified_until).toBe(
      enrolledAtS + MFA_VERIFICATION_TTL_S,
    );

    server.clock.advance(MFA_VERIFICATION_TTL_S * 1000 + 1000);
    const refused = await expectError(await share(), 401, 'missing_or_invalid_mfa');
    expect(refused.error).toBe('MFA verification required');
    await expectError(
      await frame.post(session, ROUTES.walletRecoveryShare, { address }),
      401,
      'missing_or_invalid_mfa',
    );

    expect((await verify(session, codeAt(secret, server.clock()))).status).toBe(200);
    expect((await share()).status).toBe(200);
  });

  it('verification is per session: a new session of the same user must verify', async () => {
    const { session, secret } = await enrolledUser();
    const address = await createWallet(session);
    const other = await frame.login(appId, { email: session.email });
    await expectError(
      await frame.post(other, ROUTES.walletAuthShare, { address }),
      401,
      'missing_or_invalid_mfa',
    );
    server.clock.advance(TOTP_PERIOD_S * 1000);
    expect((await verify(other, codeAt(secret, server.clock()))).status).toBe(200);
    expect((await frame.post(other, ROUTES.walletAuthShare, { address })).status).toBe(200);
  });

  it('a user without MFA is not asked', async () => {
    const session = await frame.login(appId);
    const address = await createWallet(session);
    expect((await frame.post(session, ROUTES.walletAuthShare, { address })).status).toBe(200);
  });
});

describe('removing a method', () => {
  it('needs a verification first, then removes it and the shares need no MFA', async () => {
    const { session, secret } = await enrolledUser();
    const address = await createWallet(session);
    const other = await frame.login(appId, { email: session.email });
    const body = await expectError(
      await frame.post(other, MFA_ROUTES.mfaUnenroll, { method: 'totp' }),
      401,
      'missing_or_invalid_mfa',
    );
    expect(body.error).toBe('To add or delete verification methods, verification is required');

    server.clock.advance(TOTP_PERIOD_S * 1000);
    expect((await verify(other, codeAt(secret, server.clock()))).status).toBe(200);
    const res = await frame.post(other, MFA_ROUTES.mfaUnenroll, { method: 'totp' });
    expect(res.status).toBe(200);
    expect(mfaUserResponse.parse(await res.json()).user.mfa_methods).toEqual([]);
    const rows = await database.db
      .select()
      .from(mfaEnrolments)
      .where(eq(mfaEnrolments.userId, session.userId));
    expect(rows).toEqual([]);

    server.clock.advance(MFA_VERIFICATION_TTL_S * 1000 + 1000);
    expect((await frame.post(session, ROUTES.walletAuthShare, { address })).status).toBe(200);
  });

  it('refuses a method that is not enrolled', async () => {
    const { session } = await enrolledUser();
    await expectError(
      await frame.post(session, MFA_ROUTES.mfaUnenroll, { method: 'sms' }),
      400,
      'invalid_data',
    );
  });
});
