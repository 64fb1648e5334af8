/**
 * SIWE server half against the real Hono app on PGlite (security catalogue 32-35): every
 * refusal and the happy paths of authenticate, link and unlink.
 */
import {
  APP_ID_HEADER,
  authenticateResponse,
  ROUTES,
  siweInitResponse,
  siweLinkResponse,
} from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRecord } from '../../apps/records.ts';
import type { Database } from '../../db/index.ts';
import { linkedAccounts, siweNonces } from '../../db/schema.ts';
import { devOutboxDelivery } from '../../delivery/dev-outbox.ts';
import { createServer, type LatchkeyServer } from '../../server.ts';
import {
  RELAXED_IP_LIMITS,
  TEST_PUBLIC_URL,
  TEST_SECRET,
  testClock,
  testDatabase,
} from '../../test-utils.ts';

const ORIGIN = 'https://app.example.com';
const DOMAIN = 'app.example.com';
const CHAIN_ID = 31337;

let database: Database;
let server: LatchkeyServer;
const clock = testClock();
let appId: string;
let otherAppId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = createServer({
    db: database.db,
    publicUrl: TEST_PUBLIC_URL,
    secret: TEST_SECRET,
    delivery: devOutboxDelivery(database.db, clock),
    now: clock,
    rateLimits: RELAXED_IP_LIMITS,
    siweChains: [{ id: CHAIN_ID }, { id: 1 }],
  });
  const input = { name: 'Wallet App', walletAuth: true, allowedOrigins: [ORIGIN] };
  appId = (await createAppRecord(database.db, TEST_SECRET, input)).id;
  otherAppId = (
    await createAppRecord(database.db, TEST_SECRET, {
      ...input,
      allowedOrigins: ['https://other.example.com'],
    })
  ).id;
});
afterAll(() => database?.close());

function post(path: string, body: unknown, headers: Record<string, string> = {}, app = appId) {
  return Promise.resolve(
    server.app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [APP_ID_HEADER]: app,
        origin: ORIGIN,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
}

async function nonceFor(address: string, app = appId, origin = ORIGIN): Promise<string> {
  const res = await post(ROUTES.siweInit, { address }, { origin }, app);
  expect(res.status).toBe(200);
  return siweInitResponse.parse(await res.json()).nonce;
}

type MessageFields = Partial<Parameters<typeof createSiweMessage>[0]>;

/** A wallet that signs EIP-4361 messages, as an injected wallet would. */
function wallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    account,
    async sign(fields: MessageFields & { nonce: string }) {
      const message = createSiweMessage({
        address: account.address,
        chainId: CHAIN_ID,
        domain: DOMAIN,
        uri: ORIGIN,
        version: '1',
        issuedAt: new Date(clock()),
        statement: 'Sign in to Wallet App',
        ...fields,
      });
      return { message, signature: await account.signMessage({ message }) };
    },
  };
}

const body = (
  signed: { message: string; signature: string },
  chainId: number | string = CHAIN_ID,
) => ({
  ...signed,
  chainId,
  walletClientType: 'metamask',
  connectorType: 'injected',
});

async function expectRefused(res: Response, reason: RegExp) {
  expect(res.status).toBe(422);
  const json = (await res.json()) as { code: string; error: string };
  expect(json.code).toBe('invalid_credentials');
  expect(json.error).toMatch(reason);
}

describe('SIWE init', () => {
  it('issues a long, single, stored nonce with an expiry', async () => {
    const w = wallet();
    const res = await post(ROUTES.siweInit, { address: w.account.address });
    const json = siweInitResponse.parse(await res.json());
    expect(json.nonce).toMatch(/^[a-z0-9]{32}$/);
    expect(json.expires_at).toBe(Math.floor(clock() / 1000) + 600);
    const [row] = await database.db
      .select()
      .from(siweNonces)
      .where(eq(siweNonces.nonce, json.nonce));
    expect(row?.address).toBe(w.account.address.toLowerCase());
    expect(await nonceFor(w.account.address)).not.toBe(json.nonce);
  });

  it('rejects a malformed address and an app without wallet login', async () => {
    expect((await post(ROUTES.siweInit, { address: '0x1234' })).status).toBe(400);
    const off = await createAppRecord(database.db, TEST_SECRET, {
      name: 'No wallets',
      emailAuth: true,
      allowedOrigins: [ORIGIN],
    });
    const res = await post(ROUTES.siweInit, { address: wallet().account.address }, {}, off.id);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('disallowed_login_method');
  });
});

describe('SIWE authenticate', () => {
  it('logs in, creating a user with a wallet linked account, then finds the same user', async () => {
    const w = wallet();
    const res = await post(
      ROUTES.siweAuthenticate,
      body(await w.sign({ nonce: await nonceFor(w.account.address) })),
    );
    expect(res.status).toBe(200);
    const json = authenticateResponse.parse(await res.json());
    expect(json.is_new_user).toBe(true);
    expect(json.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: w.account.address,
        chain_type: 'ethereum',
        chain_id: 'eip155:31337',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
        recovery_method: null,
        imported: false,
      }),
    ]);
    expect(json.token).toBeTruthy();

    clock.advance(1000);
    const again = await post(ROUTES.siweAuthenticate, {
      ...body(await w.sign({ nonce: await nonceFor(w.account.address) }), 'eip155:31337'),
      walletClientType: 'rabby',
    });
    const second = authenticateResponse.parse(await again.json());
    expect(second.is_new_user).toBe(false);
    expect(second.user.id).toBe(json.user.id);
    expect(second.user.linked_accounts[0]).toMatchObject({ wallet_client_type: 'rabby' });
  });

  it('leaves the embedded wallet account as it is when that wallet signs in with SIWE', async () => {
    const w = wallet();
    // First login makes the user and its account; then mark the account as the embedded wallet,
    // as the wallet service writes it.
    const first = await post(
      ROUTES.siweAuthenticate,
      body(await w.sign({ nonce: await nonceFor(w.account.address) })),
    );
    const user = authenticateResponse.parse(await first.json()).user;
    const embedded = {
      chain_type: 'ethereum',
      chain_id: null,
      wallet_client_type: 'latchkey',
      connector_type: 'embedded',
      recovery_method: 'user-passcode',
      imported: false,
    };
    await database.db
      .update(linkedAccounts)
      .set({ details: embedded })
      .where(eq(linkedAccounts.subject, w.account.address));

    clock.advance(1000);
    const again = await post(
      ROUTES.siweAuthenticate,
      body(await w.sign({ nonce: await nonceFor(w.account.address) })),
    );
    const json = authenticateResponse.parse(await again.json());
    expect(json.user.id).toBe(user.id);
    expect(json.user.linked_accounts[0]).toMatchObject({
      wallet_client_type: 'latchkey',
      connector_type: 'embedded',
      recovery_method: 'user-passcode',
    });
  });

  it('refuses a reused nonce', async () => {
    const w = wallet();
    const signed = await w.sign({ nonce: await nonceFor(w.account.address) });
    expect((await post(ROUTES.siweAuthenticate, body(signed))).status).toBe(200);
    await expectRefused(await post(ROUTES.siweAuthenticate, body(signed)), /nonce/);
  });

  it('refuses a nonce we never issued, a short one, and one issued for another address or app', async () => {
    const w = wallet();
    await expectRefused(
      await post(ROUTES.siweAuthenticate, body(await w.sign({ nonce: 'abcdefgh12345678' }))),
      /nonce/,
    );
    // A 3-character nonce (viem will not build one, so the text is edited and re-signed).
    const message = (await w.sign({ nonce: 'abcdefgh' })).message.replace(
      'Nonce: abcdefgh',
      'Nonce: abc',
    );
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body({ message, signature: await w.account.signMessage({ message }) }),
      ),
      /nonce/,
    );
    const someoneElse = wallet();
    const theirs = await nonceFor(someoneElse.account.address);
    await expectRefused(
      await post(ROUTES.siweAuthenticate, body(await w.sign({ nonce: theirs }))),
      /nonce/,
    );
    const otherApps = await nonceFor(w.account.address, otherAppId, 'https://other.example.com');
    await expectRefused(
      await post(ROUTES.siweAuthenticate, body(await w.sign({ nonce: otherApps }))),
      /nonce/,
    );
  });

  it('refuses a nonce past its lifetime', async () => {
    const w = wallet();
    const nonce = await nonceFor(w.account.address);
    clock.advance(601_000);
    await expectRefused(
      await post(ROUTES.siweAuthenticate, body(await w.sign({ nonce }))),
      /nonce/,
    );
  });

  it('refuses a wrong domain, a domain of another allowed origin, and a foreign URI', async () => {
    const w = wallet();
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body(
          await w.sign({ nonce: await nonceFor(w.account.address), domain: 'evil.example.com' }),
        ),
      ),
      /domain/,
    );
    // A page on an origin the app does not allow is turned away before the message is read.
    const nonce = await nonceFor(w.account.address);
    const foreign = await post(ROUTES.siweAuthenticate, body(await w.sign({ nonce })), {
      origin: 'https://evil.example.com',
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe('invalid_origin');
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body(
          await w.sign({
            nonce: await nonceFor(w.account.address),
            uri: 'https://evil.example.com/',
          }),
        ),
      ),
      /URI/,
    );
  });

  it('refuses a domain that is allowed but not the calling origin (iframe claiming its parent)', async () => {
    const both = await createAppRecord(database.db, TEST_SECRET, {
      name: 'Two origins',
      walletAuth: true,
      allowedOrigins: [ORIGIN, 'https://widget.example.com'],
    });
    const w = wallet();
    const nonce = await nonceFor(w.account.address, both.id, 'https://widget.example.com');
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body(await w.sign({ nonce })),
        { origin: 'https://widget.example.com' },
        both.id,
      ),
      /origin/,
    );
  });

  it('refuses an expired message and one not valid yet', async () => {
    const w = wallet();
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body(
          await w.sign({
            nonce: await nonceFor(w.account.address),
            expirationTime: new Date(clock() - 1000),
          }),
        ),
      ),
      /expired/,
    );
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body(
          await w.sign({
            nonce: await nonceFor(w.account.address),
            notBefore: new Date(clock() + 60_000),
          }),
        ),
      ),
      /not valid yet/,
    );
    // Within its window it passes.
    const ok = await post(
      ROUTES.siweAuthenticate,
      body(
        await w.sign({
          nonce: await nonceFor(w.account.address),
          notBefore: new Date(clock() - 1000),
          expirationTime: new Date(clock() + 60_000),
        }),
      ),
    );
    expect(ok.status).toBe(200);
  });

  it('refuses an unexpected chain id and a chain id that differs from the message', async () => {
    const w = wallet();
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body(await w.sign({ nonce: await nonceFor(w.account.address), chainId: 137 }), 137),
      ),
      /chain id/,
    );
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body(await w.sign({ nonce: await nonceFor(w.account.address) }), 1),
      ),
      /chain id/,
    );
  });

  it('refuses a bad signature and a message signed by another key', async () => {
    const w = wallet();
    const signed = await w.sign({ nonce: await nonceFor(w.account.address) });
    const flipped = `${signed.signature.slice(0, 10)}${signed.signature[10] === 'a' ? 'b' : 'a'}${signed.signature.slice(11)}`;
    await expectRefused(
      await post(ROUTES.siweAuthenticate, body({ ...signed, signature: flipped })),
      /signature/,
    );
    const other = wallet();
    const message = (await w.sign({ nonce: await nonceFor(w.account.address) })).message;
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body({ message, signature: await other.account.signMessage({ message }) }),
      ),
      /signature/,
    );
  });

  it('refuses something that is not an EIP-4361 message', async () => {
    const w = wallet();
    await expectRefused(
      await post(
        ROUTES.siweAuthenticate,
        body({ message: 'hello', signature: await w.account.signMessage({ message: 'hello' }) }),
      ),
      /EIP-4361/,
    );
  });
});

describe('SIWE link and unlink', () => {
  it('links a wallet to the logged-in user, refuses without a session, a second external wallet and a taken wallet', async () => {
    const first = wallet();
    const login = authenticateResponse.parse(
      await (
        await post(
          ROUTES.siweAuthenticate,
          body(await first.sign({ nonce: await nonceFor(first.account.address) })),
        )
      ).json(),
    );
    const auth = { authorization: `Bearer ${login.token}` };
    const second = wallet();

    const anonymous = await post(
      ROUTES.siweLink,
      body(await second.sign({ nonce: await nonceFor(second.account.address) })),
    );
    expect(anonymous.status).toBe(401);

    // One external wallet per user (spec section 5).
    const more = await post(
      ROUTES.siweLink,
      body(await second.sign({ nonce: await nonceFor(second.account.address) })),
      auth,
    );
    expect(more.status).toBe(409);
    expect(await more.json()).toEqual({
      code: 'cannot_link_more_of_type',
      error: 'User already has an account of type wallet linked.',
    });

    // The embedded wallet does not take that slot: make the first wallet the embedded one.
    await database.db
      .update(linkedAccounts)
      .set({
        details: {
          chain_type: 'ethereum',
          chain_id: null,
          wallet_client_type: 'latchkey',
          connector_type: 'embedded',
          recovery_method: 'latchkey',
          imported: false,
        },
      })
      .where(eq(linkedAccounts.subject, first.account.address));

    const linked = await post(
      ROUTES.siweLink,
      {
        ...body(await second.sign({ nonce: await nonceFor(second.account.address) })),
        walletClientType: 'coinbase_wallet',
        connectorType: 'coinbase_wallet',
      },
      auth,
    );
    expect(linked.status).toBe(200);
    const user = siweLinkResponse.parse(await linked.json()).user;
    expect(user.linked_accounts.map((a) => a.type === 'wallet' && a.address)).toEqual([
      first.account.address,
      second.account.address,
    ]);

    // Another user cannot take it.
    const third = wallet();
    const other = authenticateResponse.parse(
      await (
        await post(
          ROUTES.siweAuthenticate,
          body(await third.sign({ nonce: await nonceFor(third.account.address) })),
        )
      ).json(),
    );
    const stolen = await post(
      ROUTES.siweLink,
      body(await second.sign({ nonce: await nonceFor(second.account.address) })),
      { authorization: `Bearer ${other.token}` },
    );
    expect(stolen.status).toBe(409);
    expect(await stolen.json()).toEqual({
      code: 'linked_to_another_user',
      error: 'This account has already been linked to another user.',
    });

    // The external wallet is the user's only login method; the embedded one is never unlinked.
    const last = await post(ROUTES.siweUnlink, { address: second.account.address }, auth);
    expect(last.status).toBe(409);
    expect(((await last.json()) as { code: string }).code).toBe('cannot_unlink_last_account');
    const embedded = await post(ROUTES.siweUnlink, { address: first.account.address }, auth);
    expect(embedded.status).toBe(409);
    expect(await embedded.json()).toEqual({
      code: 'cannot_unlink_embedded_wallet',
      error: 'The embedded wallet cannot be unlinked',
    });
    const foreign = await post(ROUTES.siweUnlink, { address: third.account.address }, auth);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { code: string }).code).toBe('account_not_linked');
    const rows = await database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.subject, second.account.address));
    expect(rows).toHaveLength(1);
  });
});
