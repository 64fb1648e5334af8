import { randomBytes } from 'node:crypto';
import {
  APP_ID_HEADER,
  apiErrorBody,
  authenticateResponse,
  authShareResponse,
  chainsResponse,
  type PasswordEncryptedShareWire,
  ROUTES,
  recoveryShareResponse,
  userResponse,
  walletAccount,
} from '@latchkey/api';
import { eq, sql } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { analyticsEvents, embeddedWallets } from '../db/schema.ts';
import { resolveRateLimits } from '../rate-limit.ts';
import {
  TEST_PUBLIC_URL,
  type TestServer,
  testDatabase,
  testServer,
  uniqueEmail,
} from '../test-utils.ts';

let database: Database;
let server: TestServer;
let appId: string;
let otherAppId: string;

const CHAIN = {
  id: 31337,
  name: 'Anvil',
  rpc_url: 'http://127.0.0.1:8545',
  native_currency: { symbol: 'ETH', decimals: 18 },
};

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database, { server: { chains: [CHAIN] } });
  appId = (await server.createApp()).id;
  otherAppId = (await server.createApp()).id;
});
afterAll(() => database?.close());

interface Session {
  token: string;
  refreshToken: string;
  userId: string;
}

async function login(app = appId, srv = server): Promise<Session> {
  const email = uniqueEmail('wallet');
  await srv.post(app, ROUTES.passwordlessInit, { email });
  const code = await srv.lastCode(email);
  const res = await srv.post(app, ROUTES.passwordlessAuthenticate, { email, code });
  expect(res.status).toBe(200);
  const body = authenticateResponse.parse(await res.json());
  return { token: body.token!, refreshToken: body.refresh_token!, userId: body.user.id };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const share = () => randomBytes(49).toString('base64');
const newAddress = () => privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;

function blob(): PasswordEncryptedShareWire {
  return {
    version: 1,
    kdf: 'PBKDF2-SHA256',
    iterations: 600_000,
    salt: randomBytes(16).toString('base64'),
    iv: randomBytes(12).toString('base64'),
    ciphertext: randomBytes(80).toString('base64'),
  };
}

function latchkeyWallet(address = newAddress()) {
  return {
    address,
    chain_type: 'ethereum',
    auth_share: share(),
    recovery_method: 'latchkey',
    recovery_share: share(),
    recovery_blob: null,
  } as const;
}

async function createWallet(session: Session, body: object = latchkeyWallet(), app = appId) {
  return server.post(app, ROUTES.embeddedWallets, body, bearer(session.token));
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = apiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

describe('POST /api/v1/embedded_wallets', () => {
  it('stores the wallet and answers the user with its wallet account', async () => {
    const session = await login();
    const wallet = latchkeyWallet();
    const res = await createWallet(session, { ...wallet, address: wallet.address.toLowerCase() });
    expect(res.status).toBe(200);
    const { user } = userResponse.parse(await res.json());
    const account = user.linked_accounts.find((a) => a.type === 'wallet');
    expect(walletAccount.parse(account)).toEqual({
      type: 'wallet',
      address: wallet.address, // EIP-55
      chain_type: 'ethereum',
      chain_id: null,
      wallet_client_type: 'latchkey',
      connector_type: 'embedded',
      recovery_method: 'latchkey',
      imported: false,
      verified_at: expect.any(Number),
      first_verified_at: expect.any(Number),
      latest_verified_at: expect.any(Number),
    });
    const me = await server.app.request(ROUTES.usersMe, {
      headers: { [APP_ID_HEADER]: appId, ...bearer(session.token) },
    });
    const meUser = userResponse.parse(await me.json()).user;
    expect(meUser.linked_accounts.filter((a) => a.type === 'wallet')).toHaveLength(1);
  });

  it('allows one wallet per user (409 embedded_wallet_exists)', async () => {
    const session = await login();
    expect((await createWallet(session)).status).toBe(200);
    const body = await expectError(await createWallet(session), 409, 'embedded_wallet_exists');
    expect(body.error).toBe('Only one Latchkey wallet per user is currently allowed');
  });

  it('refuses an address already used in the app (409)', async () => {
    const wallet = latchkeyWallet();
    expect((await createWallet(await login(), wallet)).status).toBe(200);
    const other = await login();
    await expectError(
      await createWallet(other, { ...latchkeyWallet(), address: wallet.address }),
      409,
      'linked_to_another_user',
    );
    // The refused user can still create a wallet of their own.
    expect((await createWallet(other)).status).toBe(200);
  });

  it('needs a valid token', async () => {
    await expectError(
      await server.post(appId, ROUTES.embeddedWallets, latchkeyWallet()),
      401,
      'missing_or_invalid_token',
    );
  });

  it('answers bad input with 400 invalid_data, never 500', async () => {
    const session = await login();
    const post = (body: unknown) =>
      server.post(appId, ROUTES.embeddedWallets, body, bearer(session.token));
    const bad: unknown[] = [
      '{not json',
      '[]',
      {},
      { ...latchkeyWallet(), address: '0x1234' },
      // Mixed case with a wrong EIP-55 checksum.
      { ...latchkeyWallet(), address: `0x${'aB'.repeat(20)}` },
      { ...latchkeyWallet(), chain_type: 'solana' },
      { ...latchkeyWallet(), auth_share: 'not base64!' },
      { ...latchkeyWallet(), auth_share: 'A'.repeat(600) },
      { ...latchkeyWallet(), recovery_method: 'carrier-pigeon' },
      { ...latchkeyWallet(), recovery_method: 'user-passcode' },
      { ...latchkeyWallet(), recovery_blob: blob() },
      { ...latchkeyWallet(), recovery_share: null },
      { ...latchkeyWallet(), recovery_method: 'user-passcode', recovery_share: null },
      {
        ...latchkeyWallet(),
        recovery_method: 'user-passcode',
        recovery_share: null,
        recovery_blob: { ...blob(), iterations: 'many' },
      },
    ];
    for (const body of bad) await expectError(await post(body), 400, 'invalid_data');
    // Nothing was stored by the refused calls.
    const rows = await database.db
      .select()
      .from(embeddedWallets)
      .where(eq(embeddedWallets.userId, session.userId));
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/v1/embedded_wallets/auth_share', () => {
  let owner: Session;
  let wallet: ReturnType<typeof latchkeyWallet>;

  beforeAll(async () => {
    owner = await login();
    wallet = latchkeyWallet();
    expect((await createWallet(owner, wallet)).status).toBe(200);
  });

  const fetchShare = (token: string | undefined, address: string = wallet.address, app = appId) =>
    server.post(app, ROUTES.walletAuthShare, { address }, token ? bearer(token) : {});

  it('releases the auth share to its owner', async () => {
    const res = await fetchShare(owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(authShareResponse.parse(await res.json())).toEqual({ auth_share: wallet.auth_share });
    // Any case of the address names the same wallet.
    const lower = await fetchShare(owner.token, wallet.address.toLowerCase());
    expect(lower.status).toBe(200);
  });

  it('refuses without a token, with a garbage token, or another app’s token (401)', async () => {
    await expectError(await fetchShare(undefined), 401, 'missing_or_invalid_token');
    await expectError(await fetchShare('not-a-jwt'), 401, 'missing_or_invalid_token');
    const foreign = await login(otherAppId);
    await expectError(await fetchShare(foreign.token), 401, 'missing_or_invalid_token');
  });

  it('refuses an expired token (401)', async () => {
    // Its own server (own clock) on the same database, so other tests' tokens stay valid.
    const timed = testServer(database);
    const session = await login(appId, timed);
    const w = latchkeyWallet();
    const share = (token: string) =>
      timed.post(appId, ROUTES.walletAuthShare, { address: w.address }, bearer(token));
    expect((await timed.post(appId, ROUTES.embeddedWallets, w, bearer(session.token))).status).toBe(
      200,
    );
    expect((await share(session.token)).status).toBe(200);
    timed.clock.advance(3599 * 1000);
    expect((await share(session.token)).status).toBe(200);
    timed.clock.advance(2 * 1000);
    await expectError(await share(session.token), 401, 'missing_or_invalid_token');
  });

  it('refuses the token of a revoked (logged out) session (401)', async () => {
    const session = await login();
    const w = latchkeyWallet();
    expect((await createWallet(session, w)).status).toBe(200);
    const out = await server.post(appId, ROUTES.logout, { refresh_token: session.refreshToken });
    expect(out.status).toBe(200);
    await expectError(await fetchShare(session.token, w.address), 401, 'missing_or_invalid_token');
  });

  it('answers 404 to another user of the app and to a user of another app', async () => {
    const other = await login();
    const unknown = await expectError(await fetchShare(other.token), 404, 'not_found');
    // Same answer as for an address nobody has: no enumeration.
    const none = await expectError(await fetchShare(other.token, newAddress()), 404, 'not_found');
    expect(unknown).toEqual(none);
    // With a wallet of their own, the other user still cannot name the owner's.
    expect((await createWallet(other)).status).toBe(200);
    await expectError(await fetchShare(other.token), 404, 'not_found');
    const foreign = await login(otherAppId);
    await expectError(
      await fetchShare(foreign.token, wallet.address, otherAppId),
      404,
      'not_found',
    );
  });

  it('answers the frame origin and refuses the host page origin', async () => {
    const fromFrame = await server.post(
      appId,
      ROUTES.walletAuthShare,
      { address: wallet.address },
      { ...bearer(owner.token), origin: new URL(TEST_PUBLIC_URL).origin },
    );
    expect(fromFrame.status).toBe(200);
    const fromHost = await server.post(
      appId,
      ROUTES.walletAuthShare,
      { address: wallet.address },
      { ...bearer(owner.token), origin: 'https://app.example.com' },
    );
    await expectError(fromHost, 403, 'invalid_origin');
  });

  it('answers bad input with 400', async () => {
    await expectError(
      await server.post(appId, ROUTES.walletAuthShare, { address: 'nope' }, bearer(owner.token)),
      400,
      'invalid_data',
    );
    await expectError(
      await server.post(appId, ROUTES.walletAuthShare, '{', bearer(owner.token)),
      400,
      'invalid_data',
    );
  });
});

describe('POST /api/v1/embedded_wallets/recovery_share', () => {
  it('releases the recovery share or the password blob to the owner', async () => {
    const a = await login();
    const wa = latchkeyWallet();
    expect((await createWallet(a, wa)).status).toBe(200);
    const ra = await server.post(
      appId,
      ROUTES.walletRecoveryShare,
      { address: wa.address },
      bearer(a.token),
    );
    expect(recoveryShareResponse.parse(await ra.json())).toEqual({
      recovery_method: 'latchkey',
      recovery_share: wa.recovery_share,
      recovery_blob: null,
    });

    const b = await login();
    const wb = {
      ...latchkeyWallet(),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: blob(),
    };
    expect((await createWallet(b, wb)).status).toBe(200);
    const rb = await server.post(
      appId,
      ROUTES.walletRecoveryShare,
      { address: wb.address },
      bearer(b.token),
    );
    expect(recoveryShareResponse.parse(await rb.json())).toEqual({
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: wb.recovery_blob,
    });
    // Not to another user.
    await expectError(
      await server.post(
        appId,
        ROUTES.walletRecoveryShare,
        { address: wb.address },
        bearer(a.token),
      ),
      404,
      'not_found',
    );
    await expectError(
      await server.post(appId, ROUTES.walletRecoveryShare, { address: wb.address }),
      401,
      'missing_or_invalid_token',
    );
  });

  it('is rate limited per user: 10 per minute, then 429 with Retry-After', async () => {
    const session = await login();
    const w = latchkeyWallet();
    expect((await createWallet(session, w)).status).toBe(200);
    const fetch = () =>
      server.post(appId, ROUTES.walletRecoveryShare, { address: w.address }, bearer(session.token));
    for (let i = 0; i < 10; i++) expect((await fetch()).status).toBe(200);
    const limited = await fetch();
    const body = await expectError(limited, 429, 'too_many_requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body.retry_after).toBe(Number(limited.headers.get('retry-after')));
    // Another user is not affected.
    const other = await login();
    const wo = latchkeyWallet();
    expect((await createWallet(other, wo)).status).toBe(200);
    const res = await server.post(
      appId,
      ROUTES.walletRecoveryShare,
      { address: wo.address },
      bearer(other.token),
    );
    expect(res.status).toBe(200);
    // The window passes.
    server.clock.advance(61_000);
    expect((await fetch()).status).toBe(200);
  });

  it('has a long-window cap too, and refuses configs over 100 per hour', async () => {
    const capped = testServer(database, {
      rateLimits: { recoverySharePerUserHourly: { max: 12, windowS: 3600 } },
    });
    const session = await login(appId, capped);
    const w = latchkeyWallet();
    expect(
      (await capped.post(appId, ROUTES.embeddedWallets, w, bearer(session.token))).status,
    ).toBe(200);
    const fetch = () =>
      capped.post(appId, ROUTES.walletRecoveryShare, { address: w.address }, bearer(session.token));
    for (let i = 0; i < 10; i++) expect((await fetch()).status).toBe(200);
    await expectError(await fetch(), 429, 'too_many_requests'); // 11th: minute window
    capped.clock.advance(61_000);
    // A call refused by the minute window does not count toward the hour: 2 more are allowed.
    expect((await fetch()).status).toBe(200);
    expect((await fetch()).status).toBe(200);
    const res = await fetch();
    await expectError(res, 429, 'too_many_requests');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);

    expect(() =>
      resolveRateLimits({ recoverySharePerUserHourly: { max: 101, windowS: 3600 } }),
    ).toThrow();
    expect(() =>
      resolveRateLimits({ recoverySharePerUserHourly: { max: 10, windowS: 60 } }),
    ).toThrow();
  });
});

describe('POST /api/v1/embedded_wallets/reshare', () => {
  it('replaces both shares and the recovery method', async () => {
    const session = await login();
    const w = latchkeyWallet();
    expect((await createWallet(session, w)).status).toBe(200);
    const next = {
      address: w.address,
      auth_share: share(),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: blob(),
    };
    const res = await server.post(appId, ROUTES.walletReshare, next, bearer(session.token));
    expect(res.status).toBe(200);
    const { user } = userResponse.parse(await res.json());
    const account = walletAccount.parse(user.linked_accounts.find((a) => a.type === 'wallet'));
    expect(account.recovery_method).toBe('user-passcode');

    const auth = await server.post(
      appId,
      ROUTES.walletAuthShare,
      { address: w.address },
      bearer(session.token),
    );
    const { auth_share } = authShareResponse.parse(await auth.json());
    expect(auth_share).toBe(next.auth_share);
    expect(auth_share).not.toBe(w.auth_share);
    const rec = await server.post(
      appId,
      ROUTES.walletRecoveryShare,
      { address: w.address },
      bearer(session.token),
    );
    expect(recoveryShareResponse.parse(await rec.json())).toEqual({
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: next.recovery_blob,
    });
  });

  it('answers 404 for another user’s wallet and 400 for bad input', async () => {
    const owner = await login();
    const w = latchkeyWallet();
    expect((await createWallet(owner, w)).status).toBe(200);
    const other = await login();
    const body = { ...latchkeyWallet(), address: w.address };
    delete (body as { chain_type?: string }).chain_type;
    await expectError(
      await server.post(appId, ROUTES.walletReshare, body, bearer(other.token)),
      404,
      'not_found',
    );
    await expectError(
      await server.post(
        appId,
        ROUTES.walletReshare,
        { ...body, recovery_blob: blob() },
        bearer(owner.token),
      ),
      400,
      'invalid_data',
    );
    // The owner's shares are untouched.
    const auth = await server.post(
      appId,
      ROUTES.walletAuthShare,
      { address: w.address },
      bearer(owner.token),
    );
    expect(authShareResponse.parse(await auth.json()).auth_share).toBe(w.auth_share);
  });
});

describe('shares at rest (security catalogue 5)', () => {
  it('no column of any table holds a plaintext share', async () => {
    const session = await login();
    const w = latchkeyWallet();
    expect((await createWallet(session, w)).status).toBe(200);
    const other = await login();
    const passcode = {
      ...latchkeyWallet(),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: blob(),
    };
    expect((await createWallet(other, passcode)).status).toBe(200);

    const secrets = [
      w.auth_share,
      w.recovery_share,
      passcode.auth_share,
      passcode.recovery_blob.ciphertext,
    ];
    const needles = secrets.flatMap((s) => [
      s,
      Buffer.from(s, 'base64').toString('hex'),
      Buffer.from(s, 'base64').toString('base64url'),
    ]);
    const tables = await database.db.execute(
      sql`SELECT table_schema, table_name FROM information_schema.tables
          WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    );
    const names = (tables as unknown as { rows: { table_schema: string; table_name: string }[] })
      .rows;
    expect(names.map((t) => t.table_name)).toContain('embedded_wallets');
    let scanned = 0;
    for (const t of names) {
      const result = await database.db.execute(
        sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(t.table_schema)}.${sql.identifier(t.table_name)} t`,
      );
      for (const { row } of (result as unknown as { rows: { row: string }[] }).rows) {
        scanned++;
        for (const needle of needles)
          expect(row.includes(needle), `${t.table_name}: ${row}`).toBe(false);
      }
    }
    expect(scanned).toBeGreaterThan(0);
    // The sealed columns are JWEs, and the two shares are sealed under different keys.
    const [row] = await database.db
      .select()
      .from(embeddedWallets)
      .where(eq(embeddedWallets.userId, session.userId));
    expect(row!.authShare.split('.')).toHaveLength(5);
    expect(row!.recoveryShare!.split('.')).toHaveLength(5);
  });
});

describe('POST /api/v1/analytics_events', () => {
  it('stores an event and answers 204', async () => {
    const res = await server.post(appId, ROUTES.analyticsEvents, {
      event_name: 'embedded_wallet_creation_failed',
      client_id: 'client-123',
      payload: {
        error: 'walletProxy.create timed out',
        screen: 'EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN',
      },
    });
    expect(res.status).toBe(204);
    const rows = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.clientId, 'client-123'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      appId,
      eventName: 'embedded_wallet_creation_failed',
      payload: { error: 'walletProxy.create timed out' },
    });
  });

  it('needs the app header, valid data, and a small body', async () => {
    const noApp = await server.app.request(ROUTES.analyticsEvents, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_name: 'x' }),
    });
    await expectError(noApp, 400, 'invalid_data');
    await expectError(
      await server.post(appId, ROUTES.analyticsEvents, { event_name: '' }),
      400,
      'invalid_data',
    );
    await expectError(
      await server.post(appId, ROUTES.analyticsEvents, { event_name: 'a b <script>' }),
      400,
      'invalid_data',
    );
    await expectError(
      await server.post(appId, ROUTES.analyticsEvents, {
        event_name: 'big',
        payload: { blob: 'x'.repeat(9000) },
      }),
      413,
      'payload_too_large',
    );
  });
});

describe('GET /api/v1/chains', () => {
  it('lists the configured chains', async () => {
    const res = await server.app.request(ROUTES.chains);
    expect(res.status).toBe(200);
    expect(chainsResponse.parse(await res.json())).toEqual({ chains: [CHAIN] });
  });
});
