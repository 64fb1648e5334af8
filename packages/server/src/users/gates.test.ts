/**
 * Login gates (spec sections 2 and 8; issue 6) against the real Hono app on PGlite (or
 * PostgreSQL under `npm run test:pg`): the allowlist by email, email domain, phone and wallet
 * (SIWE with real signatures), passkey sign-up under an allowlist, the user limit (also under
 * concurrent sign-ups) and disabled sign-ups. A rejection writes no user, account or session
 * and sends no code.
 */
import { APP_ID_HEADER, apiErrorBody, authenticateResponse, ROUTES } from '@latchkey/api';
import { count, eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import {
  type AppRow,
  allowlistEntries,
  apps,
  devOutbox,
  linkedAccounts,
  sessions,
  users,
} from '../db/schema.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../test-utils.ts';

const ORIGIN = 'https://app.example.com';
const CHAIN_ID = 31337;

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database, { server: { siweChains: [{ id: CHAIN_ID }] } });
});
afterAll(() => database?.close());

/** A fresh app with every method this file uses on, and `config` over it. */
function newApp(config: Partial<AppRow> = {}) {
  return server.createApp({
    smsAuth: true,
    walletAuth: true,
    passkeyAuth: true,
    allowedOrigins: [ORIGIN],
    ...config,
  });
}

async function allow(
  appId: string,
  entries: { type: 'email' | 'phone' | 'wallet' | 'email_domain'; value: string }[],
) {
  await database.db.insert(allowlistEntries).values(entries.map((e) => ({ appId, ...e })));
}

async function expectError(res: Response, status: number, code: string, error?: string) {
  const body = apiErrorBody.parse(await res.json());
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  if (error !== undefined) expect(body.error).toBe(error);
}

const userCount = async (appId: string) =>
  (await database.db.select({ n: count() }).from(users).where(eq(users.appId, appId)))[0]!.n;
const sessionCount = async (appId: string) =>
  (await database.db.select({ n: count() }).from(sessions).where(eq(sessions.appId, appId)))[0]!.n;
const sentTo = (to: string) => database.db.select().from(devOutbox).where(eq(devOutbox.to, to));

async function emailLogin(appId: string, email: string) {
  const init = await server.post(appId, ROUTES.passwordlessInit, { email });
  if (init.status !== 200) return init;
  return server.post(appId, ROUTES.passwordlessAuthenticate, {
    email,
    code: await server.lastCode(email),
  });
}

let nextNumber = 4000;
const uniquePhone = () => `+1415555${nextNumber++}`;

/** SMS login; `e164` is where the code goes (the outbox key) when `phoneNumber` is formatted. */
async function smsLogin(appId: string, phoneNumber: string, e164 = phoneNumber) {
  const init = await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber });
  if (init.status !== 200) return init;
  return server.post(appId, ROUTES.passwordlessSmsAuthenticate, {
    phoneNumber,
    code: await server.lastCode(e164),
  });
}

/** Signs in with a fresh (or given) wallet through real SIWE. */
async function siweLogin(appId: string, key = generatePrivateKey()) {
  const account = privateKeyToAccount(key);
  const headers = { origin: ORIGIN };
  const init = await server.post(appId, ROUTES.siweInit, { address: account.address }, headers);
  // A refused init (the allowlist) answers before any nonce: nothing to sign.
  if (!init.ok) return { account, res: init, refusedAtInit: true };
  const { nonce } = (await init.json()) as { nonce: string };
  const message = createSiweMessage({
    address: account.address,
    chainId: CHAIN_ID,
    domain: new URL(ORIGIN).host,
    uri: ORIGIN,
    version: '1',
    nonce,
    issuedAt: new Date(server.clock()),
  });
  const res = await server.post(
    appId,
    ROUTES.siweAuthenticate,
    {
      message,
      signature: await account.signMessage({ message }),
      chainId: CHAIN_ID,
      walletClientType: 'metamask',
      connectorType: 'injected',
    },
    headers,
  );
  return { account, res, refusedAtInit: false };
}

describe('allowlist', () => {
  it('by email: the listed address logs in; another gets no code and no user', async () => {
    const app = await newApp({ allowlistEnabled: true });
    const listed = uniqueEmail('listed');
    await allow(app.id, [{ type: 'email', value: listed }]);

    const ok = await emailLogin(app.id, listed.toUpperCase());
    expect(ok.status).toBe(200);

    const stranger = uniqueEmail('stranger');
    const refused = await server.post(app.id, ROUTES.passwordlessInit, { email: stranger });
    await expectError(refused, 403, 'allowlist_rejected', "You don't have access to this app");
    expect(await sentTo(stranger)).toEqual([]);
    expect(await userCount(app.id)).toBe(1);
    expect(await sessionCount(app.id)).toBe(1);
  });

  it('by email domain (case-insensitive), not by a look-alike domain', async () => {
    const app = await newApp({ allowlistEnabled: true });
    await allow(app.id, [{ type: 'email_domain', value: 'corp.example' }]);
    expect((await emailLogin(app.id, 'Alice@Corp.Example')).status).toBe(200);
    await expectError(await emailLogin(app.id, 'bob@evilcorp.example'), 403, 'allowlist_rejected');
    await expectError(
      await emailLogin(app.id, 'carol@corp.example.evil'),
      403,
      'allowlist_rejected',
    );
    expect(await userCount(app.id)).toBe(1);
  });

  it('by phone (E.164, whatever the input format)', async () => {
    const app = await newApp({ allowlistEnabled: true });
    const phone = uniquePhone();
    await allow(app.id, [{ type: 'phone', value: phone }]);
    const formatted = `+1 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    expect((await smsLogin(app.id, formatted, phone)).status).toBe(200);
    const other = uniquePhone();
    await expectError(await smsLogin(app.id, other), 403, 'allowlist_rejected');
    expect(await sentTo(other)).toEqual([]);
    expect(await userCount(app.id)).toBe(1);
  });

  it('by wallet (SIWE; address compared lower-case)', async () => {
    const app = await newApp({ allowlistEnabled: true });
    const key = generatePrivateKey();
    await allow(app.id, [
      { type: 'wallet', value: privateKeyToAccount(key).address.toLowerCase() },
    ]);
    const { res } = await siweLogin(app.id, key);
    expect(res.status).toBe(200);
    const stranger = await siweLogin(app.id);
    await expectError(stranger.res, 403, 'allowlist_rejected');
    // Refused at `siwe/init`, before the wallet is asked to sign.
    expect(stranger.refusedAtInit).toBe(true);
    const strangerRows = await database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.subject, stranger.account.address));
    expect(strangerRows).toEqual([]);
    expect(await userCount(app.id)).toBe(1);
    expect(await sessionCount(app.id)).toBe(1);
  });

  it("an existing user passes through any of their accounts (a linked phone lets the user's email log in)", async () => {
    const app = await newApp();
    const email = uniqueEmail('existing');
    const login = authenticateResponse.parse(await (await emailLogin(app.id, email)).json());
    const phone = uniquePhone();
    const auth = { authorization: `Bearer ${login.token}` };
    await server.post(app.id, ROUTES.passwordlessSmsInit, { phoneNumber: phone }, auth);
    const linked = await server.post(
      app.id,
      ROUTES.passwordlessSmsLink,
      { phoneNumber: phone, code: await server.lastCode(phone) },
      auth,
    );
    expect(linked.status).toBe(200);

    await database.db.update(apps).set({ allowlistEnabled: true }).where(eq(apps.id, app.id));
    // Written beside the server (as another process would): drop its cached row (issue 13).
    server.context.apps.invalidate(app.id);
    server.clock.advance(31_000);
    await expectError(await emailLogin(app.id, email), 403, 'allowlist_rejected');
    await allow(app.id, [{ type: 'phone', value: phone }]);
    server.clock.advance(31_000);
    const again = await emailLogin(app.id, email);
    expect(again.status).toBe(200);
    expect(authenticateResponse.parse(await again.json()).user.id).toBe(login.user.id);
  });

  it('refuses a passkey sign-up (no identifier) while the allowlist is on', async () => {
    const app = await newApp({ allowlistEnabled: true });
    await allow(app.id, [{ type: 'email_domain', value: 'example.com' }]);
    const res = await server.post(app.id, ROUTES.passkeyRegisterInit, {}, { origin: ORIGIN });
    await expectError(res, 403, 'allowlist_rejected');
    expect(await userCount(app.id)).toBe(0);
  });

  it('does not apply to a logged-in user linking an address', async () => {
    const app = await newApp({ allowlistEnabled: true });
    const email = uniqueEmail('member');
    await allow(app.id, [{ type: 'email', value: email }]);
    const login = authenticateResponse.parse(await (await emailLogin(app.id, email)).json());
    const phone = uniquePhone();
    const auth = { authorization: `Bearer ${login.token}` };
    expect(
      (await server.post(app.id, ROUTES.passwordlessSmsInit, { phoneNumber: phone }, auth)).status,
    ).toBe(200);
    const linked = await server.post(
      app.id,
      ROUTES.passwordlessSmsLink,
      { phoneNumber: phone, code: await server.lastCode(phone) },
      auth,
    );
    expect(linked.status).toBe(200);
  });
});

describe('user limit', () => {
  it('refuses new users once max_users is reached; existing users still log in', async () => {
    const app = await newApp({ maxUsers: 2 });
    const a = uniqueEmail('a');
    expect((await emailLogin(app.id, a)).status).toBe(200);
    expect((await smsLogin(app.id, uniquePhone())).status).toBe(200);
    await expectError(
      await emailLogin(app.id, uniqueEmail('c')),
      403,
      'max_accounts_reached',
      'This application has reached its user limit and cannot sign in new users.',
    );
    const wallet = await siweLogin(app.id);
    await expectError(wallet.res, 403, 'max_accounts_reached');
    await expectError(
      await server.post(app.id, ROUTES.passkeyRegisterInit, {}, { origin: ORIGIN }),
      403,
      'max_accounts_reached',
    );
    expect(await userCount(app.id)).toBe(2);
    expect(await sessionCount(app.id)).toBe(2);
    server.clock.advance(31_000);
    expect((await emailLogin(app.id, a)).status).toBe(200);
  });

  it('concurrent sign-ups never exceed the limit', async () => {
    const app = await newApp({ maxUsers: 3 });
    const emails = Array.from({ length: 8 }, (_, i) => uniqueEmail(`race${i}`));
    const codes: string[] = [];
    for (const email of emails) {
      expect((await server.post(app.id, ROUTES.passwordlessInit, { email })).status).toBe(200);
      codes.push(await server.lastCode(email));
    }
    const answers = await Promise.all(
      emails.map((email, i) =>
        server.post(app.id, ROUTES.passwordlessAuthenticate, { email, code: codes[i] }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(await userCount(app.id)).toBe(3);
    expect(
      (
        await database.db
          .select({ n: count() })
          .from(linkedAccounts)
          .where(eq(linkedAccounts.appId, app.id))
      )[0]!.n,
    ).toBe(3);
  });
});

describe('disabled sign-ups', () => {
  it('answers user_does_not_exist for new users and lets existing users in', async () => {
    const app = await newApp();
    const known = uniqueEmail('known');
    expect((await emailLogin(app.id, known)).status).toBe(200);
    await database.db.update(apps).set({ disableSignups: true }).where(eq(apps.id, app.id));
    server.context.apps.invalidate(app.id);

    await expectError(
      await emailLogin(app.id, uniqueEmail('new')),
      404,
      'user_does_not_exist',
      'User does not exist',
    );
    await expectError(await smsLogin(app.id, uniquePhone()), 404, 'user_does_not_exist');
    await expectError((await siweLogin(app.id)).res, 404, 'user_does_not_exist');
    await expectError(
      await server.post(app.id, ROUTES.passkeyRegisterInit, {}, { origin: ORIGIN }),
      404,
      'user_does_not_exist',
    );
    expect(await userCount(app.id)).toBe(1);

    server.clock.advance(31_000);
    const again = await emailLogin(app.id, known);
    expect(again.status).toBe(200);
    expect(authenticateResponse.parse(await again.json()).is_new_user).toBe(false);
    expect(await sessionCount(app.id)).toBe(2);
  });
});

describe('app header', () => {
  it('gates are per app: another app without an allowlist is unaffected', async () => {
    const gated = await newApp({ allowlistEnabled: true });
    const open = await newApp();
    const email = uniqueEmail('free');
    await expectError(
      await server.post(gated.id, ROUTES.passwordlessInit, { email }),
      403,
      'allowlist_rejected',
    );
    const res = await server.app.request(ROUTES.passwordlessInit, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [APP_ID_HEADER]: open.id },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
  });
});
