/**
 * The wallet policy (issue 24 item 3): set only by the app owner (admin API, CLI), read by the
 * frame (public GET), and the rolling 24-hour spend cap per wallet (DPoP).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APP_ID_HEADER,
  adminAppConfig,
  apiErrorBody,
  ROUTES,
  WALLET_POLICY_OFF,
  type WalletPolicyInput,
  walletPolicyResponse,
  walletSpendResponse,
} from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAppSecret } from '../apps/secret.ts';
import { runCli } from '../cli/main.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { apps, walletSpends } from '../db/schema.ts';
import {
  TEST_SECRET,
  type TestFrame,
  type TestServer,
  type TestSession,
  testDatabase,
  testFrame,
  testServer,
  testWalletKey,
} from '../test-utils.ts';
import { recordWalletSpend, SPEND_WINDOW_MS } from './policy.ts';

const ETH = 10n ** 18n;
const CHAIN = {
  id: 31337,
  name: 'Anvil',
  rpc_url: 'http://127.0.0.1:8545',
  native_currency: { symbol: 'ETH', decimals: 18 },
};

let database: Database;
let server: TestServer;
let frame: TestFrame;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database, { server: { chains: [CHAIN] } });
  frame = await testFrame(server);
});
afterAll(() => database?.close());

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function newApp() {
  const app = await server.createApp();
  const secret = await issueAppSecret(database.db, app.id);
  return { id: app.id, secret };
}

function admin(app: { id: string; secret: string }, method: string, body?: unknown) {
  return server.app.request(ROUTES.adminApp(app.id), {
    method,
    headers: {
      authorization: basic(app.id, app.secret),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function setPolicy(app: { id: string; secret: string }, policy: WalletPolicyInput | null) {
  const res = await admin(app, 'PATCH', { wallet_policy: policy });
  expect(res.status).toBe(200);
  return adminAppConfig.parse(await res.json()).wallet_policy;
}

const getPolicy = (appId: string, headers: Record<string, string> = {}) =>
  server.app.request(ROUTES.walletPolicy, { headers: { [APP_ID_HEADER]: appId, ...headers } });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(apiErrorBody.parse(await res.json()).code).toBe(code);
}

/** A user logged in through the frame, with an embedded wallet. */
async function userWithWallet(appId: string, f = frame) {
  const session = await f.login(appId);
  const key = testWalletKey();
  const proof = await f.walletProof(session, key, 'create');
  const res = await f.post(session, ROUTES.embeddedWallets, {
    address: key.address,
    chain_type: 'ethereum',
    auth_share: randomBytes(49).toString('base64'),
    recovery_method: 'latchkey',
    recovery_share: randomBytes(49).toString('base64'),
    recovery_blob: null,
    ...proof,
  });
  expect(res.status).toBe(200);
  return { session, address: key.address };
}

const spend = (session: TestSession, address: string, valueWei: bigint, chainId = 31337) =>
  frame.post(session, ROUTES.walletSpend, {
    address,
    chain_id: chainId,
    value_wei: valueWei.toString(),
  });

const CAPPED: WalletPolicyInput = {
  no_prompt_on_signature: true,
  allowed_chain_ids: [31337],
  max_value_wei_per_tx: ETH.toString(),
  max_value_wei_per_24h: ((ETH * 3n) / 2n).toString(),
};

describe('setting the wallet policy (app owner only)', () => {
  it('the admin API reads, patches and clears wallet_policy; omitted fields are off', async () => {
    const app = await newApp();
    const before = adminAppConfig.parse(await (await admin(app, 'GET')).json());
    expect(before.wallet_policy).toBeNull();
    const stored = await setPolicy(app, {
      ...CAPPED,
      allowed_contracts: [
        {
          address: '0x1111111111111111111111111111111111111111',
          methods: ['transfer(address,uint256)', '0x095ea7b3'],
        },
      ],
    });
    expect(stored).toEqual({
      ...WALLET_POLICY_OFF,
      ...CAPPED,
      allowed_contracts: [
        {
          address: '0x1111111111111111111111111111111111111111',
          methods: ['transfer(address,uint256)', '0x095ea7b3'],
        },
      ],
    });
    const read = adminAppConfig.parse(await (await admin(app, 'GET')).json());
    expect(read.wallet_policy).toEqual(stored);
    expect(await setPolicy(app, null)).toBeNull();
  });

  it.each([
    [{ no_prompt_on_signature: 'yes' }, 'wallet_policy.no_prompt_on_signature'],
    [{ max_value_wei_per_tx: '1e18' }, 'wallet_policy.max_value_wei_per_tx'],
    [{ max_value_wei_per_24h: '-1' }, 'wallet_policy.max_value_wei_per_24h'],
    [{ outside_policy: 'deny' }, 'wallet_policy.outside_policy'],
    [{ allowed_chain_ids: [0] }, 'wallet_policy.allowed_chain_ids.0'],
    [{ allowed_contracts: [{ address: '0x12', methods: ['*'] }] }, 'address'],
    [
      {
        allowed_contracts: [
          { address: '0x1111111111111111111111111111111111111111', methods: ['transfer'] },
        ],
      },
      'methods.0',
    ],
    [
      {
        allowed_contracts: [{ address: '0x1111111111111111111111111111111111111111', methods: [] }],
      },
      'methods',
    ],
    [{ unknown_field: true }, 'wallet_policy'],
  ])('refuses a bad policy %j (400 naming %s), and keeps the old one', async (bad, path) => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const res = await admin(app, 'PATCH', { wallet_policy: bad });
    expect(res.status).toBe(400);
    const body = apiErrorBody.parse(await res.json());
    expect(body.code).toBe('invalid_data');
    expect(body.error).toContain(path);
    const read = adminAppConfig.parse(await (await admin(app, 'GET')).json());
    expect(read.wallet_policy?.max_value_wei_per_tx).toBe(ETH.toString());
  });

  it('needs the app secret', async () => {
    const app = await newApp();
    const res = await admin({ id: app.id, secret: 'wrong-secret-0123456789' }, 'PATCH', {
      wallet_policy: CAPPED,
    });
    await expectError(res, 401, 'invalid_app_secret');
    const [row] = await database.db.select().from(apps).where(eq(apps.id, app.id));
    expect(row?.walletPolicy).toBeNull();
  });

  it('the CLI sets it from JSON or a file, shows it, and clears it (local and remote)', async () => {
    const app = await newApp();
    const run = async (args: string[]) => {
      let out = '';
      let err = '';
      const code = await runCli(args, {
        stdout: (t) => (out += t),
        stderr: (t) => (err += t),
        env: { LATCHKEY_SECRET: TEST_SECRET },
        database,
        fetch: (url, init) => Promise.resolve(server.app.request(url, init)),
      });
      return { code, out, err };
    };
    let r = await run(['apps', 'policy', app.id, '--json', JSON.stringify(CAPPED)]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ...WALLET_POLICY_OFF, ...CAPPED });

    const dir = mkdtempSync(join(tmpdir(), 'latchkey-policy-'));
    try {
      const file = join(dir, 'policy.json');
      writeFileSync(
        file,
        JSON.stringify({ no_prompt_on_signature: true, outside_policy: 'refuse' }),
      );
      r = await run(['apps', 'policy', app.id, '--file', file]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toEqual({
        ...WALLET_POLICY_OFF,
        no_prompt_on_signature: true,
        outside_policy: 'refuse',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    r = await run(['apps', 'policy', app.id]);
    expect(JSON.parse(r.out).outside_policy).toBe('refuse');

    r = await run(['apps', 'policy', app.id, '--json', '{"max_value_wei_per_tx": "1.5"}']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('wallet_policy.max_value_wei_per_tx');
    r = await run(['apps', 'policy', app.id, '--json', '[1]']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('must be a JSON object');

    r = await run(['apps', 'policy', app.id, '--clear']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toBeNull();

    // Remote mode, through the admin API.
    const remote = ['--api-url', 'http://api.latchkey.test', '--app-secret', app.secret];
    r = await run(['apps', 'policy', app.id, '--json', JSON.stringify(CAPPED), ...remote]);
    expect(r.err).toBe('');
    expect(JSON.parse(r.out)).toEqual({ ...WALLET_POLICY_OFF, ...CAPPED });
    r = await run(['apps', 'policy', app.id, '--clear', ...remote]);
    expect(JSON.parse(r.out)).toBeNull();
    const [row] = await database.db.select().from(apps).where(eq(apps.id, app.id));
    expect(row?.walletPolicy).toBeNull();
  });
});

describe('GET /api/v1/embedded_wallets/policy', () => {
  it("answers the 'off' default for an app without a policy, and the stored one after", async () => {
    const app = await newApp();
    let res = await getPolicy(app.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    expect(walletPolicyResponse.parse(await res.json())).toEqual({
      policy: WALLET_POLICY_OFF,
      configured: false,
      served_chain_ids: [31337],
    });
    await setPolicy(app, CAPPED);
    res = await getPolicy(app.id, { origin: 'http://api.latchkey.test' });
    expect(walletPolicyResponse.parse(await res.json())).toEqual({
      policy: { ...WALLET_POLICY_OFF, ...CAPPED },
      configured: true,
      served_chain_ids: [31337],
    });
  });

  it('needs a known app id, and refuses foreign origins', async () => {
    await expectError(await getPolicy('a'.repeat(25)), 404, 'app_not_found');
    const app = await newApp();
    await expectError(
      await getPolicy(app.id, { origin: 'https://evil.example' }),
      403,
      'invalid_origin',
    );
  });

  it('is not writable by the host: no POST/PATCH route, and public config writes ignore it', async () => {
    const app = await newApp();
    const res = await server.post(app.id, ROUTES.walletPolicy, CAPPED);
    expect([404, 405]).toContain(res.status);
    expect(walletPolicyResponse.parse(await (await getPolicy(app.id)).json()).configured).toBe(
      false,
    );
  });
});

describe('POST /api/v1/embedded_wallets/spend', () => {
  it('counts spends against the 24-hour cap exactly at the boundary, then frees them after 24 h', async () => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const { session, address } = await userWithWallet(app.id);
    let res = await spend(session, address, ETH / 2n);
    expect(res.status).toBe(200);
    expect(walletSpendResponse.parse(await res.json())).toEqual({
      spent_wei_24h: (ETH / 2n).toString(),
      remaining_wei_24h: ETH.toString(),
    });
    // Exactly the cap passes.
    res = await spend(session, address, ETH);
    expect(walletSpendResponse.parse(await res.json())).toEqual({
      spent_wei_24h: ((ETH * 3n) / 2n).toString(),
      remaining_wei_24h: '0',
    });
    // One wei more does not, and nothing is recorded.
    await expectError(await spend(session, address, 1n), 403, 'policy_daily_cap_exceeded');
    const rows = await database.db
      .select()
      .from(walletSpends)
      .where(eq(walletSpends.appId, app.id));
    expect(rows).toHaveLength(2);
    // A rolling window: a spend older than 24 h is free again, and its row is pruned.
    const [first] = rows.sort((a, b) => a.id - b.id);
    await database.db
      .update(walletSpends)
      .set({ createdAt: new Date(server.clock() - SPEND_WINDOW_MS - 1) })
      .where(eq(walletSpends.id, first!.id));
    res = await spend(session, address, ETH / 2n);
    expect(res.status).toBe(200);
    expect(walletSpendResponse.parse(await res.json())).toEqual({
      spent_wei_24h: ((ETH * 3n) / 2n).toString(),
      remaining_wei_24h: '0',
    });
    const after = await database.db
      .select()
      .from(walletSpends)
      .where(eq(walletSpends.appId, app.id));
    expect(after).toHaveLength(2);
    expect(after.map((r) => r.id)).not.toContain(first!.id);
  });

  it('refuses a value over the per-transaction cap, and a chain not allowed', async () => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const { session, address } = await userWithWallet(app.id);
    await expectError(await spend(session, address, ETH + 1n), 403, 'policy_value_cap_exceeded');
    await expectError(await spend(session, address, 1n, 1), 403, 'policy_chain_not_allowed');
    expect((await spend(session, address, ETH)).status).toBe(200);
  });

  it('without a cap answers remaining null; without a no-prompt policy refuses approval_required', async () => {
    const app = await newApp();
    const { session, address } = await userWithWallet(app.id);
    await expectError(await spend(session, address, 1n), 403, 'approval_required');
    await setPolicy(app, { ...CAPPED, no_prompt_on_signature: false });
    await expectError(await spend(session, address, 1n), 403, 'approval_required');
    await setPolicy(app, { no_prompt_on_signature: true });
    const res = await spend(session, address, 100n * ETH);
    expect(walletSpendResponse.parse(await res.json())).toEqual({
      spent_wei_24h: (100n * ETH).toString(),
      remaining_wei_24h: null,
    });
  });

  it('concurrent spends cannot pass the cap together', async () => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const { session, address } = await userWithWallet(app.id);
    // Eight spends of 0.4 ETH at once under a 1.5 ETH cap: at most three may pass.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => spend(session, address, (ETH * 2n) / 5n)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    const rows = await database.db
      .select()
      .from(walletSpends)
      .where(eq(walletSpends.appId, app.id));
    expect(rows.reduce((sum, r) => sum + BigInt(r.valueWei), 0n)).toBe((ETH * 6n) / 5n);
  });

  it('the row lock holds under 20 parallel calls of the service (no HTTP in between)', async () => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const { session, address } = await userWithWallet(app.id);
    const [row] = await database.db.select().from(apps).where(eq(apps.id, app.id));
    const ctx = { db: database.db, now: () => server.clock() } as unknown as ServerContext;
    const body = { address, chain_id: 31337, value_wei: (ETH / 10n).toString() };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => recordWalletSpend(ctx, row!, session.userId, body, [])),
    );
    // 1.5 ETH / 0.1 ETH: exactly 15 pass.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
    const rows = await database.db
      .select()
      .from(walletSpends)
      .where(eq(walletSpends.appId, app.id));
    expect(rows.reduce((sum, r) => sum + BigInt(r.valueWei), 0n)).toBe((ETH * 3n) / 2n);
  });

  it("needs the frame's bound DPoP key: a bearer token alone, or another key, is refused", async () => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const { session, address } = await userWithWallet(app.id);
    const body = { address, chain_id: 31337, value_wei: '1' };
    await expectError(
      await server.post(app.id, ROUTES.walletSpend, body, {
        authorization: `Bearer ${session.token}`,
      }),
      401,
      'missing_or_invalid_token',
    );
    await expectError(
      await frame.post(session, ROUTES.walletSpend, body, { proof: null }),
      401,
      'invalid_dpop_proof',
    );
    const stranger = await testFrame(server);
    const res = await stranger.post(session, ROUTES.walletSpend, body);
    expect(res.status).toBe(401);
    const rows = await database.db
      .select()
      .from(walletSpends)
      .where(eq(walletSpends.appId, app.id));
    expect(rows).toHaveLength(0);
  });

  it("refuses another user's wallet (404, nothing recorded)", async () => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const owner = await userWithWallet(app.id);
    const other = await userWithWallet(app.id);
    await expectError(await spend(other.session, owner.address, 1n), 404, 'not_found');
    const rows = await database.db
      .select()
      .from(walletSpends)
      .where(eq(walletSpends.appId, app.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a malformed body', async () => {
    const app = await newApp();
    await setPolicy(app, CAPPED);
    const { session, address } = await userWithWallet(app.id);
    for (const body of [
      { address, chain_id: 31337, value_wei: '0.5' },
      { address, chain_id: 31337, value_wei: 5 },
      { address: 'nope', chain_id: 31337, value_wei: '1' },
      { address, chain_id: '31337', value_wei: '1' },
    ]) {
      await expectError(await frame.post(session, ROUTES.walletSpend, body), 400, 'invalid_data');
    }
  });
});
