import { randomBytes } from 'node:crypto';
import {
  APP_ID_HEADER,
  apiErrorBody,
  authShareResponse,
  chainsResponse,
  OPAQUE_KSF_ID,
  type PasswordEncryptedShareWire,
  ROUTES,
  recoveryShareResponse,
  userResponse,
  WALLET_NONCE_TTL_S,
  walletAccount,
  walletNonceResponse,
  walletProofMessage,
} from '@latchkey/api';
import { eq, sql } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { analyticsEvents, embeddedWallets, linkedAccounts } from '../db/schema.ts';
import { resolveRateLimits } from '../rate-limit.ts';
import { createEmbeddedWallet } from './service.ts';
import {
  TEST_PUBLIC_URL,
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
  frame = await testFrame(server);
  appId = (await server.createApp()).id;
  otherAppId = (await server.createApp()).id;
});
afterAll(() => database?.close());

type Session = TestSession;

/** A new email user logged in through the wallet frame (the session is bound to its key). */
const login = (app = appId, f = frame) => f.login(app);

const share = () => randomBytes(49).toString('base64');

/** The wallet keys of the addresses the tests made, to sign wallet proofs with. */
const walletKeys = new Map<string, PrivateKeyAccount>();
function newAddress() {
  const key = testWalletKey();
  walletKeys.set(key.address.toLowerCase(), key);
  return key.address;
}
const keyOf = (address: string) => walletKeys.get(address.toLowerCase()) ?? testWalletKey();

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

/** A `recovery_opaque` as the frame uploads it (the server stores it without opening it). */
function opaqueRecovery() {
  return {
    ksf: OPAQUE_KSF_ID,
    registration_record: randomBytes(192).toString('base64url'),
    sealed_share: {
      version: 1 as const,
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(65).toString('base64'),
    },
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

/**
 * `POST /embedded_wallets` as the frame makes it: DPoP, and (unless the body has its own) a
 * fresh nonce signed by the key of `body.address`.
 */
async function createWallet(
  session: Session,
  body: { address?: unknown; nonce?: unknown } = latchkeyWallet(),
  f = frame,
) {
  const proof =
    body.nonce === undefined && typeof body.address === 'string'
      ? await f.walletProof(session, keyOf(body.address), 'create')
      : {};
  return f.post(session, ROUTES.embeddedWallets, { ...body, ...proof });
}

/** `POST /embedded_wallets/reshare` with a wallet proof by the key of `body.address`. */
async function reshare<T extends { address: string; nonce?: string }>(
  session: Session,
  body: T,
  f = frame,
) {
  const proof =
    body.nonce === undefined ? await f.walletProof(session, keyOf(body.address), 'reshare') : {};
  return f.post(session, ROUTES.walletReshare, { ...body, ...proof });
}

/** The stored (sealed) wallet rows of `userId`. */
const walletRows = (userId: string) =>
  database.db.select().from(embeddedWallets).where(eq(embeddedWallets.userId, userId));

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
    // The user route still takes the host page's Bearer token.
    const me = await server.app.request(ROUTES.usersMe, {
      headers: { [APP_ID_HEADER]: appId, authorization: `Bearer ${session.token}` },
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
    // Each body is valid but for one field, and carries a valid wallet proof of its own.
    const post = async (body: unknown) => {
      const proof = await frame.walletProof(session, testWalletKey(), 'create');
      const full =
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? { ...proof, ...body }
          : body;
      return frame.post(session, ROUTES.embeddedWallets, full);
    };
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
      // A new PBKDF2 blob is refused (issue 24: OPAQUE only).
      {
        ...latchkeyWallet(),
        recovery_method: 'user-passcode',
        recovery_share: null,
        recovery_blob: blob(),
      },
      {
        ...latchkeyWallet(),
        recovery_method: 'user-passcode',
        recovery_share: null,
        recovery_opaque: { ...opaqueRecovery(), ksf: 'pbkdf2' },
      },
      { ...latchkeyWallet(), recovery_opaque: opaqueRecovery() },
      { ...latchkeyWallet(), nonce: 'short' },
      { ...latchkeyWallet(), nonce: 'x'.repeat(20) + '!' },
      { ...latchkeyWallet(), signature: '0x1234' },
      { ...latchkeyWallet(), signature: `0x${'zz'.repeat(65)}` },
    ];
    for (const body of bad) await expectError(await post(body), 400, 'invalid_data');
    // Nothing was stored by the refused calls.
    expect(await walletRows(session.userId)).toHaveLength(0);
  });
});

describe('wallet creation proves the key (issue 10, item 2)', () => {
  it('refuses a body without nonce or signature with 400 invalid_data', async () => {
    const session = await login();
    const wallet = latchkeyWallet();
    const { nonce, signature } = await frame.walletProof(session, keyOf(wallet.address), 'create');
    for (const body of [wallet, { ...wallet, nonce }, { ...wallet, signature }]) {
      await expectError(
        await frame.post(session, ROUTES.embeddedWallets, body),
        400,
        'invalid_data',
      );
    }
    expect(await walletRows(session.userId)).toHaveLength(0);
    // The nonce was not spent by the refusals: the full body now goes through.
    const ok = await frame.post(session, ROUTES.embeddedWallets, { ...wallet, nonce, signature });
    expect(ok.status).toBe(200);
  });

  it('refuses a signature by another key than the address: 401 invalid_wallet_signature', async () => {
    const session = await login();
    const wallet = latchkeyWallet();
    // A key the caller holds, and a wallet address whose key it does not.
    const proof = await frame.walletProof(session, testWalletKey(), 'create');
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, { ...wallet, ...proof }),
      401,
      'invalid_wallet_signature',
    );
    // A signature over another text (another address, user or action) by the right key.
    const key = keyOf(wallet.address);
    const wrongTexts = [
      { action: 'create', appId, userId: session.userId, address: newAddress() },
      { action: 'create', appId: otherAppId, userId: session.userId, address: key.address },
      { action: 'create', appId, userId: 'someone-else', address: key.address },
      { action: 'reshare', appId, userId: session.userId, address: key.address },
    ] as const;
    for (const text of wrongTexts) {
      const fresh = await frame.nonce(session);
      const signature = await key.signMessage({
        message: walletProofMessage({ ...text, nonce: fresh }),
      });
      await expectError(
        await frame.post(session, ROUTES.embeddedWallets, { ...wallet, nonce: fresh, signature }),
        401,
        'invalid_wallet_signature',
      );
    }
    // A malformed-but-well-shaped signature.
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, {
        ...wallet,
        nonce: await frame.nonce(session),
        signature: `0x${'00'.repeat(65)}`,
      }),
      401,
      'invalid_wallet_signature',
    );
    expect(await walletRows(session.userId)).toHaveLength(0);
    const accounts = await database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.userId, session.userId));
    expect(accounts.filter((a) => a.type === 'wallet')).toHaveLength(0);
  });

  it('spends a nonce once, even on a failed attempt', async () => {
    const session = await login();
    const wallet = latchkeyWallet();
    const key = keyOf(wallet.address);
    const good = await frame.walletProof(session, key, 'create');
    // A failed attempt (wrong key) spends the nonce ...
    const bad = await frame.walletProof(session, testWalletKey(), 'create', good.nonce);
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, { ...wallet, ...bad }),
      401,
      'invalid_wallet_signature',
    );
    // ... so the right signature over it is refused too.
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, { ...wallet, ...good }),
      401,
      'invalid_wallet_signature',
    );
    expect(await walletRows(session.userId)).toHaveLength(0);
    // A used nonce after a success: refused before anything else is looked at.
    const fine = await frame.walletProof(session, key, 'create');
    expect((await frame.post(session, ROUTES.embeddedWallets, { ...wallet, ...fine })).status).toBe(
      200,
    );
    const again = await frame.post(session, ROUTES.embeddedWallets, {
      ...latchkeyWallet(),
      ...fine,
    });
    await expectError(again, 401, 'invalid_wallet_signature');
    // A nonce the server never issued.
    const made = await frame.walletProof(session, key, 'create', 'n'.repeat(32));
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, { ...latchkeyWallet(), ...made }),
      401,
      'invalid_wallet_signature',
    );
    expect(await walletRows(session.userId)).toHaveLength(1);
  });

  it('refuses a nonce issued to another session or another user', async () => {
    const alice = await login();
    const aliceAgain = await frame.login(appId, { email: alice.email }); // her second session
    expect(aliceAgain.userId).toBe(alice.userId);
    const bob = await login();
    const wallet = latchkeyWallet();
    const key = keyOf(wallet.address);
    const nonce = await frame.nonce(alice);
    for (const caller of [aliceAgain, bob]) {
      const proof = await frame.walletProof(caller, key, 'create', nonce);
      await expectError(
        await frame.post(caller, ROUTES.embeddedWallets, { ...wallet, ...proof }),
        401,
        'invalid_wallet_signature',
      );
    }
    // A nonce of another app's session.
    const foreign = await login(otherAppId);
    const foreignNonce = await frame.nonce(foreign);
    const proof = await frame.walletProof(alice, key, 'create', foreignNonce);
    await expectError(
      await frame.post(alice, ROUTES.embeddedWallets, { ...wallet, ...proof }),
      401,
      'invalid_wallet_signature',
    );
    expect(await walletRows(alice.userId)).toHaveLength(0);
    expect(await walletRows(bob.userId)).toHaveLength(0);
    // The nonce is still good for the session it was issued to.
    const own = await frame.walletProof(alice, key, 'create', nonce);
    expect((await frame.post(alice, ROUTES.embeddedWallets, { ...wallet, ...own })).status).toBe(
      200,
    );
  });

  it('refuses an expired nonce (WALLET_NONCE_TTL_S)', async () => {
    // Its own server (own clock) on the same database.
    const timed = testServer(database);
    const f = await testFrame(timed);
    const session = await f.login(appId);
    const wallet = latchkeyWallet();
    const key = keyOf(wallet.address);
    const late = await f.walletProof(session, key, 'create');
    const onTime = await f.walletProof(session, key, 'create');
    timed.clock.advance((WALLET_NONCE_TTL_S - 1) * 1000);
    // Still valid just inside the TTL (spent by this attempt: an address of another key).
    const inside = await f.post(session, ROUTES.embeddedWallets, {
      ...latchkeyWallet(),
      ...onTime,
    });
    await expectError(inside, 401, 'invalid_wallet_signature');
    timed.clock.advance(2000);
    await expectError(
      await f.post(session, ROUTES.embeddedWallets, { ...wallet, ...late }),
      401,
      'invalid_wallet_signature',
    );
    expect(await walletRows(session.userId)).toHaveLength(0);
    // A fresh one works.
    const fresh = await f.walletProof(session, key, 'create');
    expect((await f.post(session, ROUTES.embeddedWallets, { ...wallet, ...fresh })).status).toBe(
      200,
    );
  });

  it('answers the nonce route with a single-use nonce and no-store', async () => {
    const session = await login();
    const res = await frame.post(session, ROUTES.walletNonce);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = walletNonceResponse.parse(await res.json());
    expect(body.nonce).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(body.expires_at).toBe(server.clock() + WALLET_NONCE_TTL_S * 1000);
    expect(await frame.nonce(session)).not.toBe(body.nonce);
  });
});

describe('importing an existing key (issue 22 item 4)', () => {
  /** An anvil key's wallet as the frame's import page uploads it. */
  const importedWallet = (address = newAddress()) => ({
    ...latchkeyWallet(address),
    imported: true,
  });
  /** `POST /embedded_wallets` with `imported: true` and a proof over action `import`. */
  async function importWallet(session: Session, body = importedWallet()) {
    const proof = await frame.walletProof(session, keyOf(body.address), 'import');
    return frame.post(session, ROUTES.embeddedWallets, { ...body, ...proof });
  }
  const walletAccountOf = async (res: Response) => {
    const { user } = userResponse.parse(await res.json());
    return walletAccount.parse(user.linked_accounts.find((a) => a.type === 'wallet'));
  };

  it('stores the shares like a created wallet, with imported: true in the wallet account', async () => {
    const session = await login();
    const wallet = importedWallet();
    const res = await importWallet(session, wallet);
    expect(res.status).toBe(200);
    const account = await walletAccountOf(res);
    expect(account).toMatchObject({
      address: wallet.address,
      chain_type: 'ethereum',
      wallet_client_type: 'latchkey',
      connector_type: 'embedded',
      recovery_method: 'latchkey',
      imported: true,
    });
    const [row] = await walletRows(session.userId);
    expect(row!.address).toBe(wallet.address);
    // The shares come back as stored (export and recovery work as for any wallet).
    const auth = await frame.post(session, ROUTES.walletAuthShare, { address: wallet.address });
    expect(authShareResponse.parse(await auth.json()).auth_share).toBe(wallet.auth_share);
    // A created wallet stays imported: false.
    const other = await login();
    expect((await walletAccountOf(await createWallet(other))).imported).toBe(false);
  });

  it('refuses a user who already has an Ethereum embedded wallet (409 embedded_wallet_exists)', async () => {
    // A created wallet first, then an import.
    const creator = await login();
    expect((await createWallet(creator)).status).toBe(200);
    const refused = await expectError(await importWallet(creator), 409, 'embedded_wallet_exists');
    expect(refused.error).toBe('Only one Latchkey wallet per user is currently allowed');
    // An imported wallet first, then another import and a creation.
    const importer = await login();
    expect((await importWallet(importer)).status).toBe(200);
    await expectError(await importWallet(importer), 409, 'embedded_wallet_exists');
    await expectError(await createWallet(importer), 409, 'embedded_wallet_exists');
    expect(await walletRows(creator.userId)).toHaveLength(1);
    expect(await walletRows(importer.userId)).toHaveLength(1);
    // A key already imported (or created) by another user of the app is refused too.
    const taken = importedWallet();
    expect((await importWallet(await login(), taken)).status).toBe(200);
    await expectError(await importWallet(await login(), taken), 409, 'linked_to_another_user');
  });

  it('refuses a signature that does not match the address (401 invalid_wallet_signature)', async () => {
    const session = await login();
    const wallet = importedWallet();
    const key = keyOf(wallet.address);
    const refusals = [
      // Another key than the address's.
      await frame.walletProof(session, testWalletKey(), 'import'),
      // The address's key, but a signature made to create a wallet, not to import one.
      await frame.walletProof(session, key, 'create'),
      // The address's key over another address's text.
      await (async () => {
        const nonce = await frame.nonce(session);
        const message = walletProofMessage({
          action: 'import',
          appId,
          userId: session.userId,
          address: newAddress(),
          nonce,
        });
        return { nonce, signature: await key.signMessage({ message }) };
      })(),
    ];
    for (const proof of refusals) {
      await expectError(
        await frame.post(session, ROUTES.embeddedWallets, { ...wallet, ...proof }),
        401,
        'invalid_wallet_signature',
      );
    }
    // An import proof does not create a wallet that is not marked imported either.
    const { imported: _imported, ...created } = wallet;
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, {
        ...created,
        ...(await frame.walletProof(session, key, 'import')),
      }),
      401,
      'invalid_wallet_signature',
    );
    expect(await walletRows(session.userId)).toHaveLength(0);
    const accounts = await database.db
      .select()
      .from(linkedAccounts)
      .where(eq(linkedAccounts.userId, session.userId));
    expect(accounts.filter((a) => a.type === 'wallet')).toHaveLength(0);
    // The right proof goes through.
    expect((await importWallet(session, wallet)).status).toBe(200);
  });

  it('refuses a malformed imported flag (400 invalid_data)', async () => {
    const session = await login();
    const proof = await frame.walletProof(session, testWalletKey(), 'import');
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, {
        ...latchkeyWallet(),
        imported: 'yes',
        ...proof,
      }),
      400,
      'invalid_data',
    );
  });

  it('keeps imported: true through a reshare', async () => {
    const session = await login();
    const wallet = importedWallet();
    expect((await importWallet(session, wallet)).status).toBe(200);
    const res = await reshare(session, {
      address: wallet.address,
      auth_share: share(),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_opaque: opaqueRecovery(),
    });
    expect(res.status).toBe(200);
    const account = await walletAccountOf(res);
    expect(account.recovery_method).toBe('user-passcode');
    expect(account.imported).toBe(true);
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

  const fetchShare = (session: Session, address: string = wallet.address, f = frame) =>
    f.post(session, ROUTES.walletAuthShare, { address });

  it('releases the auth share to its owner', async () => {
    const res = await fetchShare(owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(authShareResponse.parse(await res.json())).toEqual({
      auth_share: wallet.auth_share,
      mfa_verified_until: null,
    });
    // Any case of the address names the same wallet.
    const lower = await fetchShare(owner, wallet.address.toLowerCase());
    expect(lower.status).toBe(200);
  });

  it('refuses without a token, with a garbage token, or another app’s token (401)', async () => {
    await expectError(
      await server.post(appId, ROUTES.walletAuthShare, { address: wallet.address }),
      401,
      'missing_or_invalid_token',
    );
    await expectError(
      await fetchShare({ ...owner, token: 'not-a-jwt' }),
      401,
      'missing_or_invalid_token',
    );
    const foreign = await login(otherAppId);
    await expectError(await fetchShare({ ...foreign, appId }), 401, 'missing_or_invalid_token');
  });

  it('refuses an expired token (401)', async () => {
    // Its own server (own clock) on the same database, so other tests' tokens stay valid.
    const timed = testServer(database);
    const f = await testFrame(timed);
    const session = await f.login(appId);
    const w = latchkeyWallet();
    expect((await createWallet(session, w, f)).status).toBe(200);
    expect((await fetchShare(session, w.address, f)).status).toBe(200);
    timed.clock.advance(3599 * 1000);
    expect((await fetchShare(session, w.address, f)).status).toBe(200);
    timed.clock.advance(2 * 1000);
    await expectError(await fetchShare(session, w.address, f), 401, 'missing_or_invalid_token');
  });

  it('refuses the token of a revoked (logged out) session (401)', async () => {
    const session = await login();
    const w = latchkeyWallet();
    expect((await createWallet(session, w)).status).toBe(200);
    const out = await server.post(appId, ROUTES.logout, { refresh_token: session.refreshToken });
    expect(out.status).toBe(200);
    await expectError(await fetchShare(session, w.address), 401, 'missing_or_invalid_token');
  });

  it('answers 404 to another user of the app and to a user of another app', async () => {
    const other = await login();
    const unknown = await expectError(await fetchShare(other), 404, 'not_found');
    // Same answer as for an address nobody has: no enumeration.
    const none = await expectError(await fetchShare(other, newAddress()), 404, 'not_found');
    expect(unknown).toEqual(none);
    // With a wallet of their own, the other user still cannot name the owner's.
    expect((await createWallet(other)).status).toBe(200);
    await expectError(await fetchShare(other), 404, 'not_found');
    const foreign = await login(otherAppId);
    await expectError(await fetchShare(foreign, wallet.address), 404, 'not_found');
  });

  it('answers the frame origin and refuses the host page origin', async () => {
    const fromFrame = await frame.post(
      owner,
      ROUTES.walletAuthShare,
      { address: wallet.address },
      { headers: { origin: new URL(TEST_PUBLIC_URL).origin } },
    );
    expect(fromFrame.status).toBe(200);
    const fromHost = await frame.post(
      owner,
      ROUTES.walletAuthShare,
      { address: wallet.address },
      { headers: { origin: 'https://app.example.com' } },
    );
    await expectError(fromHost, 403, 'invalid_origin');
  });

  it('answers bad input with 400', async () => {
    await expectError(
      await frame.post(owner, ROUTES.walletAuthShare, { address: 'nope' }),
      400,
      'invalid_data',
    );
    await expectError(await frame.post(owner, ROUTES.walletAuthShare, '{'), 400, 'invalid_data');
  });
});

describe('POST /api/v1/embedded_wallets/recovery_share', () => {
  const fetchRecovery = (session: Session, address: string, f = frame) =>
    f.post(session, ROUTES.walletRecoveryShare, { address });

  it('releases the recovery share or the password blob to the owner', async () => {
    const a = await login();
    const wa = latchkeyWallet();
    expect((await createWallet(a, wa)).status).toBe(200);
    const ra = await fetchRecovery(a, wa.address);
    expect(recoveryShareResponse.parse(await ra.json())).toEqual({
      recovery_method: 'latchkey',
      recovery_share: wa.recovery_share,
      recovery_blob: null,
    });

    // A legacy PBKDF2 blob (stored before issue 24; no route writes one now).
    const b = await login();
    const wb = {
      ...latchkeyWallet(),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: blob(),
    } as const;
    await createEmbeddedWallet(server.context, appId, b.userId, wb);
    const rb = await fetchRecovery(b, wb.address);
    expect(recoveryShareResponse.parse(await rb.json())).toEqual({
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: wb.recovery_blob,
    });
    // Not to another user.
    await expectError(await fetchRecovery(a, wb.address), 404, 'not_found');
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
    const fetch = () => fetchRecovery(session, w.address);
    for (let i = 0; i < 10; i++) expect((await fetch()).status).toBe(200);
    const limited = await fetch();
    const body = await expectError(limited, 429, 'too_many_requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body.retry_after).toBe(Number(limited.headers.get('retry-after')));
    // Another user is not affected.
    const other = await login();
    const wo = latchkeyWallet();
    expect((await createWallet(other, wo)).status).toBe(200);
    expect((await fetchRecovery(other, wo.address)).status).toBe(200);
    // The window passes.
    server.clock.advance(61_000);
    expect((await fetch()).status).toBe(200);
  });

  it('has a long-window cap too, and refuses configs over 100 per hour', async () => {
    const capped = testServer(database, {
      rateLimits: { recoverySharePerUserHourly: { max: 12, windowS: 3600 } },
    });
    const f = await testFrame(capped);
    const session = await f.login(appId);
    const w = latchkeyWallet();
    expect((await createWallet(session, w, f)).status).toBe(200);
    const fetch = () => fetchRecovery(session, w.address, f);
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
  const nextShares = (address: string) => ({
    address,
    auth_share: share(),
    recovery_method: 'user-passcode',
    recovery_share: null,
    recovery_opaque: opaqueRecovery(),
  });

  it('replaces both shares and the recovery method', async () => {
    const session = await login();
    const w = latchkeyWallet();
    expect((await createWallet(session, w)).status).toBe(200);
    const next = nextShares(w.address);
    const res = await reshare(session, next);
    expect(res.status).toBe(200);
    const { user } = userResponse.parse(await res.json());
    const account = walletAccount.parse(user.linked_accounts.find((a) => a.type === 'wallet'));
    expect(account.recovery_method).toBe('user-passcode');

    const auth = await frame.post(session, ROUTES.walletAuthShare, { address: w.address });
    const { auth_share } = authShareResponse.parse(await auth.json());
    expect(auth_share).toBe(next.auth_share);
    expect(auth_share).not.toBe(w.auth_share);
    const rec = await frame.post(session, ROUTES.walletRecoveryShare, { address: w.address });
    // The OPAQUE material is released only by an OPAQUE login (opaque.test.ts).
    expect(recoveryShareResponse.parse(await rec.json())).toEqual({
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: null,
    });
  });

  it('needs a signature by the wallet key: 400 without, 401 by another key, shares unchanged', async () => {
    const session = await login();
    const w = latchkeyWallet();
    expect((await createWallet(session, w)).status).toBe(200);
    const [before] = await walletRows(session.userId);
    const next = nextShares(w.address);
    const key = keyOf(w.address);
    const { nonce, signature } = await frame.walletProof(session, key, 'reshare');
    for (const body of [next, { ...next, nonce }, { ...next, signature }]) {
      await expectError(await frame.post(session, ROUTES.walletReshare, body), 400, 'invalid_data');
    }
    const refusals = [
      // Another key.
      await frame.walletProof(session, testWalletKey(), 'reshare'),
      // The wallet key, but a signature made for creation.
      await frame.walletProof(session, key, 'create'),
      // The wallet key over an unissued nonce.
      await frame.walletProof(session, key, 'reshare', 'u'.repeat(40)),
    ];
    for (const proof of refusals) {
      await expectError(
        await frame.post(session, ROUTES.walletReshare, { ...next, ...proof }),
        401,
        'invalid_wallet_signature',
      );
    }
    expect(await walletRows(session.userId)).toEqual([before]);
    const auth = await frame.post(session, ROUTES.walletAuthShare, { address: w.address });
    expect(authShareResponse.parse(await auth.json()).auth_share).toBe(w.auth_share);
    // The first nonce was not spent by the 400s.
    const ok = await frame.post(session, ROUTES.walletReshare, { ...next, nonce, signature });
    expect(ok.status).toBe(200);
    const [after] = await walletRows(session.userId);
    expect(after!.authShare).not.toBe(before!.authShare);
  });

  it('answers 404 for another user’s wallet and 400 for bad input', async () => {
    const owner = await login();
    const w = latchkeyWallet();
    expect((await createWallet(owner, w)).status).toBe(200);
    const other = await login();
    const body = { ...latchkeyWallet(), address: w.address };
    delete (body as { chain_type?: string }).chain_type;
    // Even holding the wallet key, another user cannot name the wallet.
    await expectError(await reshare(other, body), 404, 'not_found');
    await expectError(
      await reshare(owner, { ...body, recovery_blob: blob() }),
      400,
      'invalid_data',
    );
    // The owner's shares are untouched.
    const auth = await frame.post(owner, ROUTES.walletAuthShare, { address: w.address });
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
      recovery_opaque: opaqueRecovery(),
    };
    expect((await createWallet(other, passcode)).status).toBe(200);

    const secrets = [
      w.auth_share,
      w.recovery_share,
      passcode.auth_share,
      passcode.recovery_opaque.sealed_share.ciphertext,
      Buffer.from(passcode.recovery_opaque.registration_record, 'base64url').toString('base64'),
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
    expect(row!.authShare!.split('.')).toHaveLength(5);
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
