/**
 * SMS and passkeys as second factors (issue 15), against the real Hono app on PGlite: codes
 * through the dev outbox, assertions from the software authenticator.
 */
import {
  apiErrorBody,
  MFA_PASSKEY_INIT_ROUTE,
  MFA_ROUTES,
  MFA_VERIFICATION_TTL_S,
  mfaUserResponse,
  mfaVerifyResponse,
  ROUTES,
} from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { apps } from '../db/schema.ts';
import { SoftAuthenticator } from '../methods/passkey/soft-authenticator.ts';
import {
  type TestFrame,
  type TestServer,
  type TestSession,
  testDatabase,
  testFrame,
  testServer,
} from '../test-utils.ts';

const ORIGIN = 'https://app.example.com';
const PHONE = '+14155552671';

let database: Database;
let server: TestServer;
let frame: TestFrame;
let appId: string;
let totpOnlyAppId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  frame = await testFrame(server);
  appId = (
    await server.createApp({
      mfaMethods: ['sms', 'passkey'],
      passkeyAuth: true,
      smsAuth: true,
      allowedOrigins: [ORIGIN],
    })
  ).id;
  totpOnlyAppId = (await server.createApp({ mfaMethods: ['totp'], allowedOrigins: [ORIGIN] })).id;
});
afterAll(() => database?.close());

async function expectError(res: Response, status: number, code: string) {
  const body = apiErrorBody.parse(await res.json());
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  return body;
}

/** A fresh phone number per test (the send caps are per number). */
let phoneSerial = 2671;
const newPhone = () => `+1415555${String(phoneSerial++).padStart(4, '0')}`;

async function enrollSms(session: TestSession, phone = newPhone()) {
  const init = await frame.post(session, MFA_ROUTES.mfaSmsInit, {
    action: 'enroll',
    phone_number: phone,
  });
  expect(init.status).toBe(200);
  const code = await server.lastCode(phone);
  const res = await frame.post(session, MFA_ROUTES.mfaSmsEnroll, { phone_number: phone, code });
  expect(res.status).toBe(200);
  return { phone, user: mfaUserResponse.parse(await res.json()).user };
}

const share = (session: TestSession) =>
  frame.post(session, ROUTES.walletAuthShare, {
    address: '0x0000000000000000000000000000000000000001',
  });

describe('SMS as a second factor', () => {
  it('enrols with a texted code, then verifies a new session with another', async () => {
    const session = await frame.login(appId);
    const { phone, user } = await enrollSms(session);
    expect(user.mfa_methods.map((m) => m.type)).toEqual(['sms']);

    const other = await frame.login(appId, { email: session.email });
    // Not verified: the share route refuses before looking for a wallet.
    await expectError(await share(other), 401, 'missing_or_invalid_mfa');
    expect((await frame.post(other, MFA_ROUTES.mfaSmsInit, { action: 'verify' })).status).toBe(200);
    const code = await server.lastCode(phone);
    const res = await frame.post(other, MFA_ROUTES.mfaSmsVerify, { code });
    expect(res.status).toBe(200);
    expect(mfaVerifyResponse.parse(await res.json()).verified_until).toBe(
      Math.floor(server.clock() / 1000) + MFA_VERIFICATION_TTL_S,
    );
    // Verified now: the share route gets past MFA (no such wallet: 404).
    expect((await share(other)).status).not.toBe(401);
    // The code was single use.
    await expectError(
      await frame.post(other, MFA_ROUTES.mfaSmsVerify, { code }),
      401,
      'missing_or_invalid_mfa',
    );
  });

  it('an MFA code does not log in, and a login code does not pass MFA', async () => {
    const session = await frame.login(appId);
    const { phone } = await enrollSms(session);
    server.clock.advance(61_000);
    await frame.post(session, MFA_ROUTES.mfaSmsInit, { action: 'verify' });
    const mfaCode = await server.lastCode(phone);
    const login = await server.post(appId, ROUTES.passwordlessSmsAuthenticate, {
      phoneNumber: phone,
      code: mfaCode,
    });
    expect(login.status).not.toBe(200);

    server.clock.advance(61_000);
    expect(
      (await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber: phone })).status,
    ).toBe(200);
    const loginCode = await server.lastCode(phone);
    await expectError(
      await frame.post(session, MFA_ROUTES.mfaSmsVerify, { code: loginCode }),
      401,
      'missing_or_invalid_mfa',
    );
  });

  it('counts wrong codes against the user cap', async () => {
    const session = await frame.login(appId);
    const { phone } = await enrollSms(session);
    server.clock.advance(61_000);
    await frame.post(session, MFA_ROUTES.mfaSmsInit, { action: 'verify' });
    const code = await server.lastCode(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) {
      await expectError(
        await frame.post(session, MFA_ROUTES.mfaSmsVerify, { code: wrong }),
        401,
        'missing_or_invalid_mfa',
      );
    }
    await expectError(
      await frame.post(session, MFA_ROUTES.mfaSmsVerify, { code }),
      429,
      'mfa_verification_max_attempts_reached',
    );
  });

  it('is refused to a user who logs in by SMS, and by an app without SMS MFA', async () => {
    const phone = newPhone();
    expect(
      (await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber: phone })).status,
    ).toBe(200);
    const dpop = await frame.proof('POST', ROUTES.passwordlessSmsAuthenticate);
    const login = await server.post(
      appId,
      ROUTES.passwordlessSmsAuthenticate,
      { phoneNumber: phone, code: await server.lastCode(phone) },
      { DPoP: dpop },
    );
    expect(login.status).toBe(200);
    const body = (await login.json()) as { token: string; user: { id: string } };
    const smsUser: TestSession = {
      appId,
      email: '',
      userId: body.user.id,
      token: body.token,
      refreshToken: '',
    };
    await expectError(
      await frame.post(smsUser, MFA_ROUTES.mfaSmsInit, {
        action: 'enroll',
        phone_number: newPhone(),
      }),
      400,
      'invalid_data',
    );

    const other = await frame.login(totpOnlyAppId);
    await expectError(
      await frame.post(other, MFA_ROUTES.mfaSmsInit, { action: 'enroll', phone_number: PHONE }),
      400,
      'not_supported',
    );
  });
});

describe('SMS for a user enrolled before the app stopped offering it', () => {
  it('still verifies (the wallet is not locked behind a removed factor)', async () => {
    const app = await server.createApp({ mfaMethods: ['sms'], allowedOrigins: [ORIGIN] });
    const session = await frame.login(app.id);
    const phone = newPhone();
    await frame.post(session, MFA_ROUTES.mfaSmsInit, { action: 'enroll', phone_number: phone });
    const enrol = await frame.post(session, MFA_ROUTES.mfaSmsEnroll, {
      phone_number: phone,
      code: await server.lastCode(phone),
    });
    expect(enrol.status).toBe(200);
    await database.db.update(apps).set({ mfaMethods: [] }).where(eq(apps.id, app.id));
    server.context.apps.invalidate(app.id);
    server.clock.advance(61_000);
    expect((await frame.post(session, MFA_ROUTES.mfaSmsInit, { action: 'verify' })).status).toBe(
      200,
    );
    const res = await frame.post(session, MFA_ROUTES.mfaSmsVerify, {
      code: await server.lastCode(phone),
    });
    expect(res.status).toBe(200);
  });
});

describe('passkeys as a second factor', () => {
  /** A frame-bound email user with a linked passkey (linked by the host page, bearer). */
  async function userWithPasskey() {
    const session = await frame.login(appId);
    const bearer = { authorization: `Bearer ${session.token}`, origin: ORIGIN };
    const init = await server.post(appId, ROUTES.passkeyRegisterInit, {}, bearer);
    const { options } = (await init.json()) as { options: Record<string, unknown> };
    const authenticator = new SoftAuthenticator();
    const response = authenticator.register(options, { origin: ORIGIN });
    const link = await server.post(appId, ROUTES.passkeyRegisterLink, { response }, bearer);
    expect(link.status).toBe(200);
    return { session, bearer, authenticator, credentialId: response.id };
  }

  async function assertion(
    session: TestSession,
    authenticator: SoftAuthenticator,
    origin = ORIGIN,
  ) {
    const init = await server.post(
      appId,
      MFA_PASSKEY_INIT_ROUTE,
      {},
      {
        authorization: `Bearer ${session.token}`,
        origin,
      },
    );
    expect(init.status).toBe(200);
    const { options } = (await init.json()) as { options: Record<string, unknown> };
    return authenticator.assert(options, { origin });
  }

  it('enrols a linked passkey, verifies with it, and the passkey cannot be unlinked', async () => {
    const { session, bearer, authenticator, credentialId } = await userWithPasskey();
    const enrol = await frame.post(session, MFA_ROUTES.mfaPasskeysEnroll, {
      credential_ids: [credentialId],
    });
    expect(enrol.status).toBe(200);
    const { user } = mfaUserResponse.parse(await enrol.json());
    expect(user.mfa_methods.map((m) => m.type)).toEqual(['passkey']);
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'passkey', enrolled_in_mfa: true }),
    );
    // Unlinking an MFA passkey is refused (spec section 8).
    const unlink = await server.post(
      appId,
      ROUTES.passkeyUnlink,
      { credential_id: credentialId },
      bearer,
    );
    await expectError(unlink, 401, 'missing_or_invalid_mfa');

    // Enrolling a passkey does not verify the session (no assertion was made).
    await expectError(await share(session), 401, 'missing_or_invalid_mfa');
    const response = await assertion(session, authenticator);
    const res = await frame.post(session, MFA_ROUTES.mfaPasskeysVerify, { response });
    expect(res.status).toBe(200);
    expect((await share(session)).status).not.toBe(401);
    // The challenge was single use.
    await expectError(
      await frame.post(session, MFA_ROUTES.mfaPasskeysVerify, { response }),
      401,
      'missing_or_invalid_mfa',
    );
  });

  it('refuses a passkey that is not enrolled, and another user’s challenge', async () => {
    const a = await userWithPasskey();
    const b = await userWithPasskey();
    expect(
      (
        await frame.post(a.session, MFA_ROUTES.mfaPasskeysEnroll, {
          credential_ids: [a.credentialId],
        })
      ).status,
    ).toBe(200);
    // b has no MFA passkey: no options.
    await expectError(
      await server.post(
        appId,
        MFA_PASSKEY_INIT_ROUTE,
        {},
        {
          authorization: `Bearer ${b.session.token}`,
          origin: ORIGIN,
        },
      ),
      401,
      'missing_or_invalid_mfa',
    );
    // a's assertion submitted in b's session: refused.
    const response = await assertion(a.session, a.authenticator);
    await expectError(
      await frame.post(b.session, MFA_ROUTES.mfaPasskeysVerify, { response }),
      401,
      'missing_or_invalid_mfa',
    );
  });

  it('refuses to enrol a credential that is not the user’s', async () => {
    const a = await userWithPasskey();
    const b = await userWithPasskey();
    await expectError(
      await frame.post(a.session, MFA_ROUTES.mfaPasskeysEnroll, {
        credential_ids: [a.credentialId, b.credentialId],
      }),
      404,
      'account_not_linked',
    );
  });

  it('removing passkey MFA clears the flag and needs a verification', async () => {
    const { session, credentialId, authenticator } = await userWithPasskey();
    await frame.post(session, MFA_ROUTES.mfaPasskeysEnroll, { credential_ids: [credentialId] });
    await expectError(
      await frame.post(session, MFA_ROUTES.mfaUnenroll, { method: 'passkey' }),
      401,
      'missing_or_invalid_mfa',
    );
    const response = await assertion(session, authenticator);
    expect((await frame.post(session, MFA_ROUTES.mfaPasskeysVerify, { response })).status).toBe(
      200,
    );
    const res = await frame.post(session, MFA_ROUTES.mfaUnenroll, { method: 'passkey' });
    expect(res.status).toBe(200);
    const { user } = mfaUserResponse.parse(await res.json());
    expect(user.mfa_methods).toEqual([]);
    expect(user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'passkey', enrolled_in_mfa: false }),
    );
  });
});
