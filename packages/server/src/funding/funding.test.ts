/**
 * The card on-ramp's server half (issue 20): the signed MoonPay widget URL (its signature
 * recomputed here with node:crypto as MoonPay documents it), the refusals by stable code, the
 * status route against the local MoonPay stand-in with every MoonPay status mapped, the keys
 * sealed at rest and set through the admin API and the command line.
 */
import { createHmac } from 'node:crypto';
import { APP_ID_HEADER } from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAppSecret } from '../apps/secret.ts';
import { runCli } from '../cli/main.ts';
import type { Database } from '../db/index.ts';
import { fiatOnRampTransactions, linkedAccounts, moonpayKeys } from '../db/schema.ts';
import {
  loginByEmail,
  TEST_SECRET,
  testDatabase,
  testServer,
  type TestServer,
  type TestSession,
  testWalletKey,
} from '../test-utils.ts';
import { type MoonPayStandIn, startMoonPayStandIn } from './dev/moonpay-standin.ts';
import { fiatOnRampStatusOf, MOONPAY_TRANSACTION_STATUSES } from './moonpay.ts';
import {
  FUNDING_ROUTES,
  type MoonpaySignResponse,
  type MoonpayStatusResponse,
} from '@latchkey/api';

const ORIGIN = 'https://app.example.com';
const SANDBOX = { publishable_key: 'pk_test_standin0001', secret_key: 'sk_test_standinsecret01' };
const LIVE = { publishable_key: 'pk_live_standin0001', secret_key: 'sk_live_standinsecret01' };

let database: Database;
let server: TestServer;
let standIn: MoonPayStandIn;
let appId: string;
let appSecret: string;
let alice: TestSession;
let bob: TestSession;
const aliceWallet = testWalletKey().address;
const bobWallet = testWalletKey().address;

/** Links `address` to the session's user as a `wallet` account (as a SIWE link would). */
async function linkWallet(session: TestSession, address: string): Promise<void> {
  await database.db.insert(linkedAccounts).values({
    appId: session.appId,
    userId: session.userId,
    type: 'wallet',
    subject: getAddress(address),
    details: { wallet_client_type: 'metamask', connector_type: 'injected', chain_type: 'ethereum' },
    firstVerifiedAt: new Date(server.clock()),
    latestVerifiedAt: new Date(server.clock()),
  });
}

const admin = (method: string, body?: unknown, id = appId) =>
  server.app.request(FUNDING_ROUTES.adminMoonpay(id), {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${appSecret}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const sign = (
  session: TestSession | undefined,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  server.post(appId, FUNDING_ROUTES.moonpaySign, body, {
    origin: ORIGIN,
    ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    ...headers,
  });

const status = (session: TestSession, externalTransactionId: string) =>
  server.app.request(FUNDING_ROUTES.moonpayStatus(externalTransactionId), {
    headers: { [APP_ID_HEADER]: appId, authorization: `Bearer ${session.token}`, origin: ORIGIN },
  });

const setEnabled = (enabled: boolean) =>
  server.app.request(`/api/v1/admin/apps/${appId}`, {
    method: 'PATCH',
    headers: {
      authorization: `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ fiat_on_ramp_enabled: enabled }),
  });

async function signed(session: TestSession, body: unknown): Promise<MoonpaySignResponse> {
  const res = await sign(session, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as MoonpaySignResponse;
}

beforeAll(async () => {
  database = await testDatabase();
  standIn = await startMoonPayStandIn({
    keys: {
      [SANDBOX.publishable_key]: SANDBOX.secret_key,
      [LIVE.publishable_key]: LIVE.secret_key,
    },
  });
  const port = new URL(standIn.url).port;
  server = testServer(database, {
    server: {
      moonpay: {
        apiUrl: standIn.url,
        // Two hosts for one stand-in, so a test tells the environments apart.
        widgetUrls: { sandbox: `http://127.0.0.1:${port}/`, live: `http://localhost:${port}/` },
      },
    },
  });
  const app = await server.createApp({ fiatOnRampEnabled: true, allowedOrigins: [ORIGIN] });
  appId = app.id;
  appSecret = await issueAppSecret(database.db, appId);
  alice = await loginByEmail(server, appId);
  bob = await loginByEmail(server, appId);
  await linkWallet(alice, aliceWallet);
  await linkWallet(bob, bobWallet);
  expect((await admin('PUT', { sandbox: SANDBOX })).status).toBe(200);
});

afterAll(async () => {
  await standIn?.close();
  await database?.close();
});

describe('MoonPay keys (admin API, CLI)', () => {
  it('stores keys with the secret sealed and never answers it', async () => {
    const res = await admin('PUT', { live: LIVE });
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view).toEqual({
      sandbox: { publishable_key: SANDBOX.publishable_key, secret_key_set: true },
      live: { publishable_key: LIVE.publishable_key, secret_key_set: true },
    });
    expect(await (await admin('GET')).json()).toEqual(view);
    const [row] = await database.db.select().from(moonpayKeys).where(eq(moonpayKeys.appId, appId));
    expect(row!.liveSecretKeySealed).toMatch(/^ey[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain(LIVE.secret_key);
    expect(JSON.stringify(row)).not.toContain(SANDBOX.secret_key);
    // Removing the live keys leaves the sandbox ones.
    expect(await (await admin('PUT', { live: null })).json()).toEqual({ ...view, live: null });
  });

  it('refuses keys of the wrong kind, an empty body and a wrong app secret', async () => {
    for (const body of [
      { sandbox: LIVE },
      { live: SANDBOX },
      { sandbox: { publishable_key: SANDBOX.publishable_key } },
      {},
      { sandbox: SANDBOX, extra: 1 },
    ]) {
      const res = await admin('PUT', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe('invalid_data');
    }
    const wrong = await server.app.request(FUNDING_ROUTES.adminMoonpay(appId), {
      headers: { authorization: `Basic ${Buffer.from(`${appId}:nope`).toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
  });

  it('latchkey moonpay set and show, locally and through the admin API', async () => {
    const other = await server.createApp({ name: 'CLI on-ramp' });
    const otherSecret = await issueAppSecret(database.db, other.id);
    let out = '';
    let err = '';
    const io = {
      stdout: (t: string) => (out += t),
      stderr: (t: string) => (err += t),
      env: { LATCHKEY_SECRET: TEST_SECRET },
      database,
      fetch: (url: string, init: RequestInit) => Promise.resolve(server.app.request(url, init)),
    };
    const set = [
      'moonpay',
      'set',
      other.id,
      '--sandbox-publishable-key',
      SANDBOX.publishable_key,
      '--sandbox-secret-key',
      SANDBOX.secret_key,
    ];
    expect(await runCli(set, io), err).toBe(0);
    expect(out).not.toContain(SANDBOX.secret_key);
    expect(JSON.parse(out)).toEqual({
      sandbox: { publishable_key: SANDBOX.publishable_key, secret_key_set: true },
      live: null,
    });
    out = '';
    const remote = ['--api-url', 'http://api.latchkey.test', '--app-secret', otherSecret];
    expect(await runCli(['moonpay', 'set', other.id, '--clear-sandbox', ...remote], io), err).toBe(
      0,
    );
    expect(JSON.parse(out)).toEqual({ sandbox: null, live: null });
    out = '';
    expect(await runCli(['moonpay', 'show', other.id], io)).toBe(0);
    expect(JSON.parse(out)).toEqual({ sandbox: null, live: null });
    expect(
      await runCli(
        ['moonpay', 'set', other.id, '--live-publishable-key', LIVE.publishable_key],
        io,
      ),
    ).toBe(1);
    expect(err).toMatch(/--live-publishable-key and --live-secret-key go together/);
  });
});

describe('POST /api/v1/plugins/moonpay_on_ramp/sign', () => {
  it('answers a sandbox widget URL signed as MoonPay documents, with a stored random id', async () => {
    const answer = await signed(alice, {
      address: aliceWallet.toLowerCase(),
      useSandbox: true,
      config: { quoteCurrencyAmount: 0.05, uiConfig: { theme: 'dark', accentColor: '#123abc' } },
    });
    const { signedUrl, externalTransactionId } = answer;
    expect(externalTransactionId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    // MoonPay's algorithm: HMAC-SHA256 over the query string (with its leading '?') of the URL
    // as sent, the signature excluded, keyed with the secret key, base64.
    const cut = signedUrl.lastIndexOf('&signature=');
    expect(cut).toBeGreaterThan(0);
    const unsignedQuery = signedUrl.slice(signedUrl.indexOf('?'), cut);
    const signature = decodeURIComponent(signedUrl.slice(cut + '&signature='.length));
    const expected = createHmac('sha256', SANDBOX.secret_key)
      .update(unsignedQuery)
      .digest('base64');
    expect(signature).toBe(expected);
    // Another key does not give it.
    expect(createHmac('sha256', LIVE.secret_key).update(unsignedQuery).digest('base64')).not.toBe(
      signature,
    );

    const url = new URL(signedUrl);
    expect(url.origin).toBe(`http://127.0.0.1:${new URL(standIn.url).port}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      apiKey: SANDBOX.publishable_key,
      currencyCode: 'eth',
      walletAddress: aliceWallet,
      externalTransactionId,
      redirectURL: ORIGIN,
      quoteCurrencyAmount: '0.05',
      theme: 'dark',
      colorCode: '#123abc',
      signature,
    });

    const [row] = await database.db
      .select()
      .from(fiatOnRampTransactions)
      .where(eq(fiatOnRampTransactions.externalTransactionId, externalTransactionId));
    expect(row).toMatchObject({
      appId,
      userId: alice.userId,
      address: aliceWallet,
      provider: 'moonpay',
      environment: 'sandbox',
      currencyCode: 'eth',
    });

    // The stand-in's widget checks the signature as MoonPay's would.
    const page = await (await fetch(signedUrl)).text();
    expect(page).toContain('Signature: <strong id="signature">valid</strong>');
    const tampered = signedUrl.replace(aliceWallet, bobWallet);
    expect(await (await fetch(tampered)).text()).toContain('INVALID');
  });

  it('uses the live host and key without useSandbox, and a new id each time', async () => {
    expect((await admin('PUT', { live: LIVE })).status).toBe(200);
    const a = await signed(alice, { address: aliceWallet, config: { currencyCode: 'USDC' } });
    const b = await signed(alice, { address: aliceWallet, useSandbox: false });
    expect(a.externalTransactionId).not.toBe(b.externalTransactionId);
    const url = new URL(a.signedUrl);
    expect(url.hostname).toBe('localhost');
    expect(url.searchParams.get('apiKey')).toBe(LIVE.publishable_key);
    expect(url.searchParams.get('currencyCode')).toBe('usdc');
    const query = a.signedUrl.slice(
      a.signedUrl.indexOf('?'),
      a.signedUrl.lastIndexOf('&signature='),
    );
    expect(url.searchParams.get('signature')).toBe(
      createHmac('sha256', LIVE.secret_key).update(query).digest('base64'),
    );
    expect((await admin('PUT', { live: null })).status).toBe(200);
  });

  it("refuses another user's address and an address of no one with wallet_not_owned", async () => {
    for (const address of [bobWallet, testWalletKey().address]) {
      const res = await sign(alice, { address, useSandbox: true });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: 'The address is not one of your wallets',
        code: 'wallet_not_owned',
      });
    }
  });

  it('refuses when the on-ramp is disabled, with fiat_on_ramp_disabled', async () => {
    expect((await setEnabled(false)).status).toBe(200);
    try {
      const res = await sign(alice, { address: aliceWallet, useSandbox: true });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('fiat_on_ramp_disabled');
    } finally {
      expect((await setEnabled(true)).status).toBe(200);
    }
    expect((await sign(alice, { address: aliceWallet, useSandbox: true })).status).toBe(200);
  });

  it('refuses when the environment has no keys, with fiat_on_ramp_not_configured', async () => {
    const res = await sign(alice, { address: aliceWallet, useSandbox: false });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.code).toBe('fiat_on_ramp_not_configured');
    expect(body.error).toMatch(/no MoonPay live keys/);
  });

  it('refuses bad input with invalid_data and a missing token with 401', async () => {
    const cases: [unknown, string][] = [
      [{ address: 'not-an-address' }, 'address'],
      [{ address: aliceWallet, useSandbox: 'yes' }, 'useSandbox'],
      [
        { address: aliceWallet, useSandbox: true, config: { currencyCode: 'e t h' } },
        'config.currencyCode',
      ],
      [
        { address: aliceWallet, useSandbox: true, config: { quoteCurrencyAmount: -1 } },
        'config.quoteCurrencyAmount',
      ],
      [{ address: aliceWallet, useSandbox: true, config: { bogus: 1 } }, 'config'],
      [
        { address: aliceWallet, useSandbox: true, config: { redirectURL: 'javascript:alert(1)' } },
        'config.redirectURL',
      ],
      [
        {
          address: aliceWallet,
          useSandbox: true,
          config: { redirectURL: 'https://evil.example/x' },
        },
        'config.redirectURL',
      ],
    ];
    for (const [body, path] of cases) {
      const res = await sign(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe('invalid_data');
      expect(answer.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const anonymous = await sign(undefined, { address: aliceWallet, useSandbox: true });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('missing_or_invalid_token');
  });
});

describe('the status route (MoonPay get transaction by external id)', () => {
  it('maps every MoonPay status onto the spec result states', async () => {
    const { externalTransactionId: id } = await signed(alice, {
      address: aliceWallet,
      useSandbox: true,
    });
    // Nothing at MoonPay yet: 404 not_found (the client keeps polling).
    const before = await status(alice, id);
    expect(before.status).toBe(404);
    expect((await before.json()).code).toBe('not_found');

    const cases: [string, string | null, MoonpayStatusResponse['status']][] = [
      ['waitingPayment', 'credit_debit_card', 'pending'],
      ['pending', 'credit_debit_card', 'pending'],
      ['waitingAuthorization', 'sepa_bank_transfer', 'waitingAuthorization'],
      ['waitingAuthorization', 'credit_debit_card', 'pending'],
      ['failed', 'credit_debit_card', 'failed'],
      ['completed', 'credit_debit_card', 'completed'],
    ];
    for (const [moonpayStatus, paymentMethod, expected] of cases) {
      standIn.setTransaction(id, {
        status: moonpayStatus as (typeof MOONPAY_TRANSACTION_STATUSES)[number],
        paymentMethod,
        walletAddress: aliceWallet,
      });
      const res = await status(alice, id);
      expect(res.status).toBe(200);
      const body = (await res.json()) as MoonpayStatusResponse;
      expect(body, `${moonpayStatus} ${paymentMethod}`).toEqual({
        externalTransactionId: id,
        status: expected,
        providerStatus: moonpayStatus,
        paymentMethod,
        cardPaymentType: 'debit',
        currency: { code: 'eth' },
        baseCurrencyAmount: 50,
        quoteCurrencyAmount: 0.0155,
        feeAmount: 3.99,
        extraFeeAmount: 0,
        networkFeeAmount: 0.5,
      });
    }
    // MoonPay was asked with the sandbox publishable key, for this id.
    expect(standIn.apiCalls.at(-1)).toBe(
      `/v1/transactions/ext/${id}?apiKey=${SANDBOX.publishable_key}`,
    );
  });

  it("answers 404 for another user's id and for an unknown one", async () => {
    const { externalTransactionId: id } = await signed(alice, {
      address: aliceWallet,
      useSandbox: true,
    });
    standIn.setTransaction(id, { status: 'completed' });
    expect((await status(alice, id)).status).toBe(200);
    const calls = standIn.apiCalls.length;
    for (const [session, which] of [
      [bob, id],
      [alice, 'AAAAAAAAAAAAAAAAAAAAAAAA'],
      [alice, '..%2F..%2Fadmin'],
    ] as const) {
      const res = await status(session, which);
      expect(res.status, which).toBe(404);
      expect((await res.json()).code).toBe('not_found');
    }
    // MoonPay was not asked for them.
    expect(standIn.apiCalls.length).toBe(calls);
  });

  it('answers fiat_on_ramp_provider_failure (502) while MoonPay fails, then recovers', async () => {
    const { externalTransactionId: id } = await signed(alice, {
      address: aliceWallet,
      useSandbox: true,
    });
    standIn.setTransaction(id, { status: 'pending' });
    standIn.failNext(3, 503);
    for (let i = 0; i < 3; i++) {
      const res = await status(alice, id);
      expect(res.status).toBe(502);
      expect((await res.json()).code).toBe('fiat_on_ramp_provider_failure');
    }
    const res = await status(alice, id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as MoonpayStatusResponse).status).toBe('pending');
  });
});

describe('fiatOnRampStatusOf', () => {
  it('maps each MoonPay status, a card payment awaiting authorization shown as pending', () => {
    expect(
      MOONPAY_TRANSACTION_STATUSES.map((s) =>
        fiatOnRampStatusOf({ status: s, paymentMethod: 'ach_bank_transfer' }),
      ),
    ).toEqual(['pending', 'pending', 'waitingAuthorization', 'failed', 'completed']);
    expect(
      fiatOnRampStatusOf({ status: 'waitingAuthorization', paymentMethod: 'credit_debit_card' }),
    ).toBe('pending');
    expect(fiatOnRampStatusOf({ status: 'somethingNew' })).toBe('pending');
  });
});
