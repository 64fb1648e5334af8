import { apiErrorBody, authenticateResponse, CODE_MAX_ATTEMPTS, ROUTES } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { devOutbox, loginCodes } from '../../db/schema.ts';
import { type TestServer, testDatabase, testServer } from '../../test-utils.ts';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp({ smsAuth: true })).id;
});
afterAll(() => database?.close());

const init = (phoneNumber: string, app = appId) =>
  server.post(app, ROUTES.passwordlessSmsInit, { phoneNumber });
const authenticate = (phoneNumber: string, code: string, app = appId) =>
  server.post(app, ROUTES.passwordlessSmsAuthenticate, { phoneNumber, code });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let next = 2000;
/** A fresh valid US number per test: `{e164, national}` (415 555 2000, 2001, ...). */
function uniqueNumber() {
  const line = String(next++);
  return { e164: `+1415555${line}`, national: `415555${line}`, formatted: `+1 (415) 555-${line}` };
}

async function expectInvalidCode(res: Response) {
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    error: 'Invalid or expired verification code',
    code: 'invalid_credentials',
  });
}

describe('SMS code login', () => {
  it('texts a code to the E.164 number and logs in with a phone account', async () => {
    const n = uniqueNumber();
    const sent = await init(n.formatted);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true });

    const code = await server.lastCode(n.e164);
    expect(code).toMatch(/^\d{6}$/);
    const [message] = await database.db.select().from(devOutbox).where(eq(devOutbox.to, n.e164));
    expect(message).toMatchObject({
      channel: 'sms',
      subject: null,
      text: `Your Test App login code is ${code}. It expires in 10 minutes.`,
    });
    const [row] = await database.db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.destination, n.e164));
    expect(row).toMatchObject({ channel: 'sms', appId });
    expect(row!.codeHash).not.toContain(code);

    const res = await authenticate(n.e164, code);
    expect(res.status).toBe(200);
    const body = authenticateResponse.parse(await res.json());
    expect(body.is_new_user).toBe(true);
    expect(body.session_update_action).toBe('set');
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'phone', number: n.e164 }),
    ]);
  });

  it("treats '+1 (415) 555-2671', '+1 4155552671' and '4155552671' (US) as one user", async () => {
    const n = uniqueNumber();
    await init(n.formatted);
    const first = authenticateResponse.parse(
      await (await authenticate(`+1 ${n.national}`, await server.lastCode(n.e164))).json(),
    );
    server.clock.advance(31_000);
    await init(n.national);
    const second = authenticateResponse.parse(
      await (await authenticate(n.formatted, await server.lastCode(n.e164))).json(),
    );
    expect(first.is_new_user).toBe(true);
    expect(second.is_new_user).toBe(false);
    expect(second.user.id).toBe(first.user.id);
  });

  it.each([['12'], ['not a number'], ['+1 415 555'], ['+44 20'], ['+999 1234567']])(
    'refuses %j with 400 invalid_data and sends nothing',
    async (phoneNumber) => {
      const before = (await database.db.select().from(devOutbox)).length;
      const res = await init(phoneNumber);
      expect(res.status).toBe(400);
      expect(apiErrorBody.parse(await res.json()).code).toBe('invalid_data');
      const auth = await authenticate(phoneNumber, '123456');
      expect(auth.status).toBe(400);
      expect((await database.db.select().from(devOutbox)).length).toBe(before);
    },
  );

  it('refuses a resend within 30 s (the cooldown is per E.164 number, whatever the format)', async () => {
    const n = uniqueNumber();
    expect((await init(n.e164)).status).toBe(200);
    server.clock.advance(10_000);
    const early = await init(n.formatted);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('20');
    expect((await early.json()).code).toBe('too_many_requests');
    server.clock.advance(20_000);
    expect((await init(n.national)).status).toBe(200);
  });

  it('refuses the right code after 5 wrong ones, and a replay', async () => {
    const n = uniqueNumber();
    await init(n.e164);
    const code = await server.lastCode(n.e164);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      await expectInvalidCode(await authenticate(n.e164, wrong(code)));
    await expectInvalidCode(await authenticate(n.e164, code));

    const m = uniqueNumber();
    await init(m.e164);
    const good = await server.lastCode(m.e164);
    expect((await authenticate(m.e164, good)).status).toBe(200);
    await expectInvalidCode(await authenticate(m.e164, good));
  });

  it('does not accept an email code for the SMS channel (codes are bound to the channel)', async () => {
    const n = uniqueNumber();
    await init(n.e164);
    const code = await server.lastCode(n.e164);
    const viaEmail = await server.post(appId, ROUTES.passwordlessAuthenticate, {
      email: 'a@example.com',
      code,
    });
    expect(viaEmail.status).toBe(422);
    expect((await authenticate(n.e164, code)).status).toBe(200);
  });

  it('refuses SMS login when the app has sms_auth off', async () => {
    const off = (await server.createApp()).id;
    const res = await init(uniqueNumber().e164, off);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('disallowed_login_method');
  });
});
