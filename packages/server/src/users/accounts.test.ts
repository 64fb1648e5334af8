/**
 * The account policy (spec sections 5 and 7; issue 6) against the real Hono app on PGlite (or
 * PostgreSQL under `npm run test:pg`): linking and unlinking emails and phones with real codes,
 * one of each type, linked_to_another_user, the last login method, the embedded wallet, email
 * update and terms consent.
 */
import {
  accountUpdateResponse,
  APP_ID_HEADER,
  apiErrorBody,
  authenticateResponse,
  ROUTES,
  userResponse,
} from '@latchkey/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { devOutbox, linkedAccounts, users } from '../db/schema.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../test-utils.ts';

let database: Database;
let server: TestServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp({ smsAuth: true })).id;
});
afterAll(() => database?.close());

/** Tokens are in the body here (not cookie mode). */
function bearer(token: string | null) {
  if (!token) throw new Error('expected an access token in the body');
  return { authorization: `Bearer ${token}` };
}

async function expectError(res: Response, status: number, code: string, error?: string) {
  const body = apiErrorBody.parse(await res.json());
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  if (error !== undefined) expect(body.error).toBe(error);
}

/** Logs in (signs up) with a fresh email; answers the session. */
async function emailLogin(email = uniqueEmail()) {
  expect((await server.post(appId, ROUTES.passwordlessInit, { email })).status).toBe(200);
  const res = await server.post(appId, ROUTES.passwordlessAuthenticate, {
    email,
    code: await server.lastCode(email),
  });
  expect(res.status).toBe(200);
  return { email, ...authenticateResponse.parse(await res.json()) };
}

/** Sends a link code to `email` as the logged-in user and posts `passwordless/link`. */
async function linkEmail(token: string | null, email: string) {
  const sent = await server.post(appId, ROUTES.passwordlessInit, { email }, bearer(token));
  expect(sent.status).toBe(200);
  const code = await server.lastCode(email);
  return server.post(appId, ROUTES.passwordlessLink, { email, code }, bearer(token));
}

let nextNumber = 3000;
const uniquePhone = () => `+1415555${nextNumber++}`;

async function linkPhone(token: string | null, phoneNumber: string) {
  const sent = await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber }, bearer(token));
  expect(sent.status).toBe(200);
  const code = await server.lastCode(phoneNumber);
  return server.post(appId, ROUTES.passwordlessSmsLink, { phoneNumber, code }, bearer(token));
}

const rowsOf = (userId: string) =>
  database.db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, userId));

describe('linking', () => {
  it('links a phone to an email user, then refuses a second email and a second phone', async () => {
    const me = await emailLogin();
    const phone = uniquePhone();
    const linked = await linkPhone(me.token, phone);
    expect(linked.status).toBe(200);
    const { user } = accountUpdateResponse.parse(await linked.json());
    expect(user.id).toBe(me.user.id);
    expect(user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: me.email }),
      expect.objectContaining({ type: 'phone', number: phone }),
    ]);

    await expectError(
      await linkEmail(me.token, uniqueEmail('second')),
      409,
      'cannot_link_more_of_type',
      'User already has an account of type email linked.',
    );
    await expectError(
      await linkPhone(me.token, uniquePhone()),
      409,
      'cannot_link_more_of_type',
      'User already has an account of type phone linked.',
    );
    expect(await rowsOf(me.user.id)).toHaveLength(2);
  });

  it('re-linking an account the user already has is idempotent', async () => {
    const me = await emailLogin();
    server.clock.advance(31_000);
    const again = await linkEmail(me.token, me.email);
    expect(again.status).toBe(200);
    const { user } = accountUpdateResponse.parse(await again.json());
    expect(user.linked_accounts).toHaveLength(1);
    const account = user.linked_accounts[0]!;
    expect(account.latest_verified_at).toBeGreaterThan(account.first_verified_at);
  });

  it("refuses another user's email and phone with linked_to_another_user", async () => {
    const owner = await emailLogin();
    const ownerPhone = uniquePhone();
    expect((await linkPhone(owner.token, ownerPhone)).status).toBe(200);
    // A phone-only user tries to take the owner's email, then the owner's phone.
    const phoneUser = uniquePhone();
    await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber: phoneUser });
    const login = authenticateResponse.parse(
      await (
        await server.post(appId, ROUTES.passwordlessSmsAuthenticate, {
          phoneNumber: phoneUser,
          code: await server.lastCode(phoneUser),
        })
      ).json(),
    );
    server.clock.advance(31_000);
    await expectError(
      await linkEmail(login.token, owner.email),
      409,
      'linked_to_another_user',
      'This account has already been linked to another user.',
    );
    const [ownerEmailRow] = await database.db
      .select()
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.type, 'email'), eq(linkedAccounts.subject, owner.email)));
    expect(ownerEmailRow?.userId).toBe(owner.user.id);
    expect(await rowsOf(login.user.id)).toHaveLength(1);
  });

  it('needs a bearer token for link, unlink, update and accept_terms', async () => {
    const email = uniqueEmail('anon');
    await server.post(appId, ROUTES.passwordlessInit, { email });
    const code = await server.lastCode(email);
    for (const [path, body] of [
      [ROUTES.passwordlessLink, { email, code }],
      [ROUTES.passwordlessUnlink, { address: email }],
      [ROUTES.passwordlessUpdate, { oldAddress: email, newAddress: uniqueEmail(), code }],
      [ROUTES.passwordlessSmsLink, { phoneNumber: uniquePhone(), code }],
      [ROUTES.passwordlessSmsUnlink, { phoneNumber: uniquePhone() }],
      [ROUTES.acceptTerms, {}],
    ] as const) {
      await expectError(await server.post(appId, path, body), 401, 'missing_or_invalid_token');
    }
    // The code was not used up by the refused calls: it still logs in.
    const login = await server.post(appId, ROUTES.passwordlessAuthenticate, { email, code });
    expect(login.status).toBe(200);
  });

  it('a wrong link code links nothing', async () => {
    const me = await emailLogin();
    const phone = uniquePhone();
    await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber: phone }, bearer(me.token));
    const code = await server.lastCode(phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expectError(
      await server.post(
        appId,
        ROUTES.passwordlessSmsLink,
        { phoneNumber: phone, code: wrong },
        bearer(me.token),
      ),
      422,
      'invalid_credentials',
    );
    expect(await rowsOf(me.user.id)).toHaveLength(1);
  });
});

describe('unlinking', () => {
  it('unlinks a phone and answers the updated user; the last method stays', async () => {
    const me = await emailLogin();
    const phone = uniquePhone();
    expect((await linkPhone(me.token, phone)).status).toBe(200);

    const res = await server.post(
      appId,
      ROUTES.passwordlessSmsUnlink,
      { phoneNumber: phone },
      bearer(me.token),
    );
    expect(res.status).toBe(200);
    const { user } = accountUpdateResponse.parse(await res.json());
    expect(user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: me.email }),
    ]);
    expect(await rowsOf(me.user.id)).toHaveLength(1);

    await expectError(
      await server.post(appId, ROUTES.passwordlessUnlink, { address: me.email }, bearer(me.token)),
      409,
      'cannot_unlink_last_account',
    );
    await expectError(
      await server.post(
        appId,
        ROUTES.passwordlessSmsUnlink,
        { phoneNumber: phone },
        bearer(me.token),
      ),
      404,
      'account_not_linked',
    );
    expect(await rowsOf(me.user.id)).toHaveLength(1);
  });

  it("cannot unlink another user's email", async () => {
    const owner = await emailLogin();
    const me = await emailLogin();
    expect((await linkPhone(me.token, uniquePhone())).status).toBe(200);
    await expectError(
      await server.post(
        appId,
        ROUTES.passwordlessUnlink,
        { address: owner.email },
        bearer(me.token),
      ),
      404,
      'account_not_linked',
    );
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
  });

  it('two concurrent unlinks of the last two methods never both succeed', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await emailLogin();
      const phone = uniquePhone();
      expect((await linkPhone(me.token, phone)).status).toBe(200);
      const [a, b] = await Promise.all([
        server.post(appId, ROUTES.passwordlessUnlink, { address: me.email }, bearer(me.token)),
        server.post(appId, ROUTES.passwordlessSmsUnlink, { phoneNumber: phone }, bearer(me.token)),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect(await rowsOf(me.user.id)).toHaveLength(1);
    }
  });

  it('the embedded wallet is not a login method and cannot be unlinked', async () => {
    const me = await emailLogin();
    const address = '0x000000000000000000000000000000000000dEaD';
    const now = new Date(server.clock());
    await database.db.insert(linkedAccounts).values({
      appId,
      userId: me.user.id,
      type: 'wallet',
      subject: address,
      details: {
        chain_type: 'ethereum',
        chain_id: null,
        wallet_client_type: 'latchkey',
        connector_type: 'embedded',
        recovery_method: 'latchkey',
        imported: false,
      },
      firstVerifiedAt: now,
      latestVerifiedAt: now,
    });
    await expectError(
      await server.post(appId, ROUTES.siweUnlink, { address }, bearer(me.token)),
      409,
      'cannot_unlink_embedded_wallet',
      'The embedded wallet cannot be unlinked',
    );
    // With the embedded wallet beside it, the email is still the last login method.
    await expectError(
      await server.post(appId, ROUTES.passwordlessUnlink, { address: me.email }, bearer(me.token)),
      409,
      'cannot_unlink_last_account',
    );
    expect(await rowsOf(me.user.id)).toHaveLength(2);
  });
});

describe('update email', () => {
  it('replaces the email with one proven by a code sent to the new address', async () => {
    const me = await emailLogin();
    const next = uniqueEmail('new');
    await server.post(appId, ROUTES.passwordlessInit, { email: next }, bearer(me.token));
    const code = await server.lastCode(next);
    const res = await server.post(
      appId,
      ROUTES.passwordlessUpdate,
      { oldAddress: me.email, newAddress: next, code },
      bearer(me.token),
    );
    expect(res.status).toBe(200);
    const { user } = accountUpdateResponse.parse(await res.json());
    expect(user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: next }),
    ]);
    // The old address no longer logs in to this user; the new one does.
    server.clock.advance(31_000);
    await server.post(appId, ROUTES.passwordlessInit, { email: next });
    const login = authenticateResponse.parse(
      await (
        await server.post(appId, ROUTES.passwordlessAuthenticate, {
          email: next,
          code: await server.lastCode(next),
        })
      ).json(),
    );
    expect(login.user.id).toBe(me.user.id);
    const old = await database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.subject, me.email));
    expect(old).toEqual([]);
  });

  it('refuses a user without email, a foreign old address and a taken new address', async () => {
    // A phone-only user.
    const phone = uniquePhone();
    await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber: phone });
    const phoneUser = authenticateResponse.parse(
      await (
        await server.post(appId, ROUTES.passwordlessSmsAuthenticate, {
          phoneNumber: phone,
          code: await server.lastCode(phone),
        })
      ).json(),
    );
    const update = async (token: string | null, oldAddress: string, newAddress: string) => {
      await server.post(appId, ROUTES.passwordlessInit, { email: newAddress }, bearer(token));
      const code = await server.lastCode(newAddress);
      return server.post(
        appId,
        ROUTES.passwordlessUpdate,
        { oldAddress, newAddress, code },
        bearer(token),
      );
    };
    const y = uniqueEmail('y');
    await expectError(
      await update(phoneUser.token, uniqueEmail('x'), y),
      400,
      'email_required_to_update',
      'User is required to have an email address to update it.',
    );
    // Refused before the code was spent: the same code still links that address.
    const kept = await server.post(
      appId,
      ROUTES.passwordlessLink,
      { email: y, code: await server.lastCode(y) },
      bearer(phoneUser.token),
    );
    expect(kept.status).toBe(200);

    const me = await emailLogin();
    const taken = await emailLogin();
    await expectError(
      await update(me.token, uniqueEmail('notmine'), uniqueEmail('z')),
      404,
      'account_not_linked',
    );
    server.clock.advance(31_000);
    await expectError(await update(me.token, me.email, taken.email), 409, 'linked_to_another_user');
    const [mine] = await rowsOf(me.user.id);
    expect(mine?.subject).toBe(me.email);
  });
});

describe('terms consent', () => {
  it('accept_terms sets has_accepted_terms and accepted_terms_at; /users/me shows it', async () => {
    const me = await emailLogin();
    expect(me.user.has_accepted_terms).toBe(false);
    const res = await server.post(appId, ROUTES.acceptTerms, {}, bearer(me.token));
    expect(res.status).toBe(200);
    expect(accountUpdateResponse.parse(await res.json()).user.has_accepted_terms).toBe(true);
    const [row] = await database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.acceptedTermsAt?.getTime()).toBe(server.clock());

    // An empty body works too, and a second call keeps the first time.
    server.clock.advance(5_000);
    const again = await server.app.request(ROUTES.acceptTerms, {
      method: 'POST',
      headers: { [APP_ID_HEADER]: appId, ...bearer(me.token) },
    });
    expect(again.status).toBe(200);
    const [after] = await database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(after?.acceptedTermsAt?.getTime()).toBe(row?.acceptedTermsAt?.getTime());

    const meRes = await server.app.request(ROUTES.usersMe, {
      headers: { [APP_ID_HEADER]: appId, ...bearer(me.token) },
    });
    expect(userResponse.parse(await meRes.json()).user.has_accepted_terms).toBe(true);
  });
});

describe('link codes', () => {
  it('a link init with a bearer token still sends a code (and the outbox shows it)', async () => {
    const me = await emailLogin();
    const target = uniqueEmail('linkcode');
    await server.post(appId, ROUTES.passwordlessInit, { email: target }, bearer(me.token));
    const sent = await database.db.select().from(devOutbox).where(eq(devOutbox.to, target));
    expect(sent).toHaveLength(1);
  });
});
