/**
 * Issue 22: Solana embedded wallets on the server. One wallet per user and chain family; a
 * Solana wallet with its own shares proves its ed25519 key; a wallet derived from another of
 * the user's wallets (`derived_from`) holds no shares and its share calls answer the holding
 * wallet's; spec section 5: no user-controlled recovery beside a Solana wallet.
 *
 * Keys are real: ed25519 by node:crypto (addresses base58 of the raw public key), EVM by viem.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  apiErrorBody,
  authShareResponse,
  base58Encode,
  createEmbeddedWalletRequest,
  OPAQUE_KSF_ID,
  ROUTES,
  recoveryShareResponse,
  userResponse,
  type WalletProofAction,
  walletProofMessage,
  walletShareRequest,
} from '@latchkey/api';
import { eq } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { embeddedWallets } from '../db/schema.ts';
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

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  frame = await testFrame(server);
  appId = (await server.createApp()).id;
});
afterAll(() => database?.close());

/** A Solana key: its base58 address and a signer of raw bytes (ed25519, base64 signature). */
interface SolanaKey {
  address: string;
  privateKey: KeyObject;
}

function solanaKey(): SolanaKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  expect(raw).toHaveLength(32);
  return { address: base58Encode(raw), privateKey };
}

const signSolana = (key: SolanaKey, message: string) =>
  sign(null, Buffer.from(message, 'utf8'), key.privateKey).toString('base64');

const share = () => randomBytes(49).toString('base64');

const proofMessage = (
  session: TestSession,
  action: WalletProofAction,
  address: string,
  nonce: string,
) => walletProofMessage({ action, appId: session.appId, userId: session.userId, address, nonce });

async function expectError(res: Response, status: number, code: string) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = apiErrorBody.parse(JSON.parse(text));
  expect(body.code).toBe(code);
  return body;
}

const ownShares = () => ({
  auth_share: share(),
  recovery_method: 'latchkey' as const,
  recovery_share: share(),
  recovery_blob: null,
});

/** `POST /embedded_wallets` for a Solana key with its own shares, signed by `signer`. */
async function createSolana(
  session: TestSession,
  key: SolanaKey,
  options: {
    signer?: SolanaKey;
    action?: WalletProofAction;
    imported?: boolean;
    shares?: Record<string, unknown>;
  } = {},
) {
  const nonce = await frame.nonce(session);
  const action = options.action ?? (options.imported ? 'import' : 'create');
  const body = {
    address: key.address,
    chain_type: 'solana',
    ...(options.imported === undefined ? {} : { imported: options.imported }),
    ...(options.shares ?? ownShares()),
    nonce,
    signature: signSolana(options.signer ?? key, proofMessage(session, action, key.address, nonce)),
  };
  return frame.post(session, ROUTES.embeddedWallets, body);
}

/** `POST /embedded_wallets` for an Ethereum key with its own shares (as before issue 22). */
async function createEthereum(
  session: TestSession,
  key: PrivateKeyAccount,
  options: { imported?: boolean; shares?: Record<string, unknown> } = {},
) {
  const proof = await frame.walletProof(session, key, options.imported ? 'import' : 'create');
  return frame.post(session, ROUTES.embeddedWallets, {
    address: key.address,
    chain_type: 'ethereum',
    ...(options.imported === undefined ? {} : { imported: options.imported }),
    ...(options.shares ?? ownShares()),
    ...proof,
  });
}

/** A Solana wallet derived from the Ethereum wallet of `source` (signed by `sourceSigner`). */
async function deriveSolana(
  session: TestSession,
  key: SolanaKey,
  source: PrivateKeyAccount,
  sourceSigner: PrivateKeyAccount = source,
  deriveAction: WalletProofAction = 'derive',
) {
  const nonce = await frame.nonce(session);
  return frame.post(session, ROUTES.embeddedWallets, {
    address: key.address,
    chain_type: 'solana',
    derived_from: source.address,
    derived_from_signature: await sourceSigner.signMessage({
      message: proofMessage(session, deriveAction, key.address, nonce),
    }),
    nonce,
    signature: signSolana(key, proofMessage(session, 'create', key.address, nonce)),
  });
}

/** An Ethereum wallet derived from the Solana wallet of `source`. */
async function deriveEthereum(session: TestSession, key: PrivateKeyAccount, source: SolanaKey) {
  const nonce = await frame.nonce(session);
  return frame.post(session, ROUTES.embeddedWallets, {
    address: key.address,
    chain_type: 'ethereum',
    derived_from: source.address,
    derived_from_signature: signSolana(source, proofMessage(session, 'derive', key.address, nonce)),
    nonce,
    signature: await key.signMessage({
      message: proofMessage(session, 'create', key.address, nonce),
    }),
  });
}

const walletAccounts = async (res: Response) => {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return userResponse
    .parse(JSON.parse(text))
    .user.linked_accounts.filter((a) => a.type === 'wallet');
};

const rows = (userId: string) =>
  database.db.select().from(embeddedWallets).where(eq(embeddedWallets.userId, userId));

const authShareOf = async (session: TestSession, address: string) => {
  const res = await frame.post(session, ROUTES.walletAuthShare, { address });
  return res.status === 200 ? authShareResponse.parse(await res.json()).auth_share : res;
};

/** An Ethereum `user-passcode` wallet body (the OPAQUE material is stored unopened). */
const passcodeShares = () => ({
  auth_share: share(),
  recovery_method: 'user-passcode' as const,
  recovery_share: null,
  recovery_opaque: {
    ksf: OPAQUE_KSF_ID,
    registration_record: randomBytes(192).toString('base64url'),
    sealed_share: {
      version: 1 as const,
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(65).toString('base64'),
    },
  },
});

describe('wire (issue 22)', () => {
  it('walletProofMessage keeps a base58 address as it is and lower-cases a 0x one', () => {
    const base = { action: 'create' as const, appId: 'a', userId: 'u', nonce: 'n' };
    const solana = solanaKey().address;
    expect(walletProofMessage({ ...base, address: solana })).toContain(`Address: ${solana}\n`);
    const evm = testWalletKey().address;
    expect(walletProofMessage({ ...base, address: evm })).toContain(
      `Address: ${evm.toLowerCase()}\n`,
    );
  });

  it('accepts either family on the share calls; refuses base58 that is not 32 bytes', () => {
    expect(walletShareRequest.safeParse({ address: solanaKey().address }).success).toBe(true);
    expect(walletShareRequest.safeParse({ address: testWalletKey().address }).success).toBe(true);
    expect(walletShareRequest.safeParse({ address: base58Encode(randomBytes(31)) }).success).toBe(
      false,
    );
    expect(walletShareRequest.safeParse({ address: base58Encode(randomBytes(33)) }).success).toBe(
      false,
    );
    expect(walletShareRequest.safeParse({ address: 'O'.repeat(44) }).success).toBe(false);
  });

  it('refuses shares on a derived create and derived_from on an own-share create', () => {
    const base = {
      address: solanaKey().address,
      chain_type: 'solana',
      nonce: 'n'.repeat(20),
      signature: randomBytes(64).toString('base64'),
    };
    const derived = {
      derived_from: testWalletKey().address,
      derived_from_signature: `0x${'ab'.repeat(65)}`,
    };
    expect(createEmbeddedWalletRequest.safeParse({ ...base, ...derived }).success).toBe(true);
    expect(createEmbeddedWalletRequest.safeParse({ ...base, ...ownShares() }).success).toBe(true);
    expect(
      createEmbeddedWalletRequest.safeParse({ ...base, ...derived, ...ownShares() }).success,
    ).toBe(false);
    expect(
      createEmbeddedWalletRequest.safeParse({ ...base, ...derived, imported: true }).success,
    ).toBe(false);
    // An EIP-191 signature is not a Solana wallet's.
    expect(
      createEmbeddedWalletRequest.safeParse({
        ...base,
        ...ownShares(),
        signature: `0x${'ab'.repeat(65)}`,
      }).success,
    ).toBe(false);
  });
});

describe('Solana wallet with its own shares', () => {
  it('is created, listed in the linked accounts, and releases its shares', async () => {
    const session = await frame.login(appId);
    const key = solanaKey();
    const shares = ownShares();
    const accounts = await walletAccounts(await createSolana(session, key, { shares }));
    expect(accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: key.address,
        chain_type: 'solana',
        wallet_client_type: 'latchkey',
        connector_type: 'embedded',
        recovery_method: 'latchkey',
        imported: false,
      }),
    ]);
    const [row] = await rows(session.userId);
    expect(row).toMatchObject({ chainType: 'solana', address: key.address, sharesWalletId: null });
    expect(await authShareOf(session, key.address)).toBe(shares.auth_share);
    const recovery = await frame.post(session, ROUTES.walletRecoveryShare, {
      address: key.address,
    });
    expect(recoveryShareResponse.parse(await recovery.json()).recovery_share).toBe(
      shares.recovery_share,
    );
    // Beside it, an Ethereum wallet of its own (one per family).
    const evm = testWalletKey();
    expect(
      (await walletAccounts(await createEthereum(session, evm))).map((a) => a.chain_type),
    ).toEqual(expect.arrayContaining(['ethereum', 'solana']));
  });

  it('refuses a signature by another key, over another message, or of the other family', async () => {
    const session = await frame.login(appId);
    const key = solanaKey();
    await expectError(
      await createSolana(session, key, { signer: solanaKey() }),
      401,
      'invalid_wallet_signature',
    );
    // Signed as an import, sent as a create.
    await expectError(
      await createSolana(session, key, { action: 'import' }),
      401,
      'invalid_wallet_signature',
    );
    // Signed for a reshare.
    await expectError(
      await createSolana(session, key, { action: 'reshare' }),
      401,
      'invalid_wallet_signature',
    );
    // Another nonce than the one sent.
    const nonce = await frame.nonce(session);
    const other = await frame.nonce(session);
    await expectError(
      await frame.post(session, ROUTES.embeddedWallets, {
        address: key.address,
        chain_type: 'solana',
        ...ownShares(),
        nonce,
        signature: signSolana(key, proofMessage(session, 'create', key.address, other)),
      }),
      401,
      'invalid_wallet_signature',
    );
    // A 32-byte string that is not a curve point signs nothing.
    const notAKey = { address: base58Encode(Buffer.alloc(32, 0xff)), privateKey: key.privateKey };
    await expectError(await createSolana(session, notAKey), 401, 'invalid_wallet_signature');
    expect(await rows(session.userId)).toHaveLength(0);
  });

  it('allows one Solana wallet per user, created or imported (409 embedded_wallet_exists)', async () => {
    const session = await frame.login(appId);
    expect((await createSolana(session, solanaKey())).status).toBe(200);
    await expectError(await createSolana(session, solanaKey()), 409, 'embedded_wallet_exists');
    await expectError(
      await createSolana(session, solanaKey(), { imported: true }),
      409,
      'embedded_wallet_exists',
    );
    // An imported Solana key for a user without one is marked imported.
    const other = await frame.login(appId);
    const imported = await walletAccounts(
      await createSolana(other, solanaKey(), { imported: true }),
    );
    expect(imported[0]).toMatchObject({ chain_type: 'solana', imported: true });
    // Ethereum import refused once the user has an Ethereum wallet.
    const evmUser = await frame.login(appId);
    expect((await createEthereum(evmUser, testWalletKey())).status).toBe(200);
    await expectError(
      await createEthereum(evmUser, testWalletKey(), { imported: true }),
      409,
      'embedded_wallet_exists',
    );
  });

  it('refuses an address another user has (409 linked_to_another_user)', async () => {
    const key = solanaKey();
    expect((await createSolana(await frame.login(appId), key)).status).toBe(200);
    await expectError(
      await createSolana(await frame.login(appId), key),
      409,
      'linked_to_another_user',
    );
  });
});

describe('spec section 5: Solana and user-controlled recovery', () => {
  it('refuses a Solana wallet when the Ethereum wallet has user-passcode recovery', async () => {
    const session = await frame.login(appId);
    const evm = testWalletKey();
    expect((await createEthereum(session, evm, { shares: passcodeShares() })).status).toBe(200);
    const body = await expectError(
      await createSolana(session, solanaKey()),
      409,
      'solana_wallet_user_recovery',
    );
    expect(body.error).toBe(
      'A Solana wallet cannot be created while the Ethereum wallet has user-controlled recovery',
    );
    // Nor derived from it.
    await expectError(
      await deriveSolana(session, solanaKey(), evm),
      409,
      'solana_wallet_user_recovery',
    );
    expect(await rows(session.userId)).toHaveLength(1);
  });

  it('refuses a Solana wallet with user-controlled recovery of its own', async () => {
    const session = await frame.login(appId);
    await expectError(
      await createSolana(session, solanaKey(), { shares: passcodeShares() }),
      409,
      'solana_wallet_user_recovery',
    );
    await expectError(
      await createSolana(session, solanaKey(), {
        shares: { ...ownShares(), recovery_method: 'google-drive' },
      }),
      409,
      'solana_wallet_user_recovery',
    );
  });

  it('refuses user-controlled recovery to a user with a Solana wallet', async () => {
    const session = await frame.login(appId);
    const sol = solanaKey();
    const evm = testWalletKey();
    expect((await createSolana(session, sol)).status).toBe(200);
    // A new Ethereum wallet with a recovery password.
    const created = await expectError(
      await createEthereum(session, evm, { shares: passcodeShares() }),
      409,
      'solana_wallet_user_recovery',
    );
    expect(created.error).toBe(
      'User-controlled recovery cannot be set for a user with a Solana wallet',
    );
    // Registering a recovery password (OPAQUE).
    await expectError(
      await frame.post(session, ROUTES.walletOpaqueRegister, {
        address: evm.address,
        registration_request: randomBytes(32).toString('base64url'),
        ...(await frame.walletProof(session, evm, 'opaque-register')),
      }),
      409,
      'solana_wallet_user_recovery',
    );
    // A reshare of the Ethereum wallet to a password or a cloud method.
    expect((await createEthereum(session, evm)).status).toBe(200);
    for (const shares of [passcodeShares(), { ...ownShares(), recovery_method: 'icloud' }]) {
      await expectError(
        await frame.post(session, ROUTES.walletReshare, {
          address: evm.address,
          ...shares,
          ...(await frame.walletProof(session, evm, 'reshare')),
        }),
        409,
        'solana_wallet_user_recovery',
      );
    }
    // A reshare to automatic recovery still works, through the Solana key's proof too.
    const nonce = await frame.nonce(session);
    const again = ownShares();
    const res = await frame.post(session, ROUTES.walletReshare, {
      address: sol.address,
      ...again,
      nonce,
      signature: signSolana(sol, proofMessage(session, 'reshare', sol.address, nonce)),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await authShareOf(session, sol.address)).toBe(again.auth_share);
    expect((await rows(session.userId)).every((r) => r.recoveryMethod === 'latchkey')).toBe(true);
  });
});

describe('derived wallets (one entropy, an address per family)', () => {
  it('a Solana wallet derived from the Ethereum wallet answers its shares', async () => {
    const session = await frame.login(appId);
    const evm = testWalletKey();
    const shares = ownShares();
    expect((await createEthereum(session, evm, { shares })).status).toBe(200);
    const sol = solanaKey();
    const accounts = await walletAccounts(await deriveSolana(session, sol, evm));
    expect(accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ address: evm.address, chain_type: 'ethereum' }),
        expect.objectContaining({
          address: sol.address,
          chain_type: 'solana',
          recovery_method: 'latchkey',
          imported: false,
        }),
      ]),
    );
    const stored = await rows(session.userId);
    const holder = stored.find((r) => r.chainType === 'ethereum')!;
    expect(stored.find((r) => r.chainType === 'solana')).toMatchObject({
      sharesWalletId: holder.id,
      authShare: null,
      recoveryShare: null,
    });
    expect(await authShareOf(session, sol.address)).toBe(shares.auth_share);
    const recovery = await frame.post(session, ROUTES.walletRecoveryShare, {
      address: sol.address,
    });
    expect(recoveryShareResponse.parse(await recovery.json()).recovery_share).toBe(
      shares.recovery_share,
    );
    // A reshare named by the derived address replaces the holding wallet's shares.
    const nonce = await frame.nonce(session);
    const next = ownShares();
    const res = await frame.post(session, ROUTES.walletReshare, {
      address: sol.address,
      ...next,
      nonce,
      signature: signSolana(sol, proofMessage(session, 'reshare', sol.address, nonce)),
    });
    expect(res.status).toBe(200);
    expect(await authShareOf(session, evm.address)).toBe(next.auth_share);
    expect(await authShareOf(session, sol.address)).toBe(next.auth_share);
    // A second Solana wallet, derived or not, is refused.
    await expectError(await deriveSolana(session, solanaKey(), evm), 409, 'embedded_wallet_exists');
  });

  it('an Ethereum wallet derived from the Solana wallet answers its shares', async () => {
    const session = await frame.login(appId);
    const sol = solanaKey();
    const shares = ownShares();
    expect((await createSolana(session, sol, { shares })).status).toBe(200);
    const evm = testWalletKey();
    const accounts = await walletAccounts(await deriveEthereum(session, evm, sol));
    expect(accounts.map((a) => [a.address, a.chain_type])).toEqual(
      expect.arrayContaining([
        [sol.address, 'solana'],
        [evm.address, 'ethereum'],
      ]),
    );
    expect(await authShareOf(session, evm.address)).toBe(shares.auth_share);
  });

  it('refuses a derive signature by another key or for another action', async () => {
    const session = await frame.login(appId);
    const evm = testWalletKey();
    expect((await createEthereum(session, evm)).status).toBe(200);
    await expectError(
      await deriveSolana(session, solanaKey(), evm, testWalletKey()),
      401,
      'invalid_wallet_signature',
    );
    await expectError(
      await deriveSolana(session, solanaKey(), evm, evm, 'create'),
      401,
      'invalid_wallet_signature',
    );
    expect(await rows(session.userId)).toHaveLength(1);
  });

  it("another user cannot derive from my wallet (404), nor from a wallet they don't have", async () => {
    const mine = await frame.login(appId);
    const evm = testWalletKey();
    expect((await createEthereum(mine, evm)).status).toBe(200);
    const thief = await frame.login(appId);
    // Even holding my key, the thief's session does not reach my wallet.
    await expectError(await deriveSolana(thief, solanaKey(), evm), 404, 'not_found');
    expect(await rows(thief.userId)).toHaveLength(0);
    // And no share of mine answers the thief.
    const res = await authShareOf(thief, evm.address);
    await expectError(res as Response, 404, 'not_found');
  });

  it('refuses to derive from an imported key (409 wallet_not_derivable)', async () => {
    const session = await frame.login(appId);
    const evm = testWalletKey();
    expect((await createEthereum(session, evm, { imported: true })).status).toBe(200);
    await expectError(await deriveSolana(session, solanaKey(), evm), 409, 'wallet_not_derivable');
    expect(await rows(session.userId)).toHaveLength(1);
  });
});
