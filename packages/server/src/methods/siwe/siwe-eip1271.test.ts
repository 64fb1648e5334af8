/**
 * Smart-contract wallets (EIP-1271) sign in through the chain's RPC: a real anvil, two
 * contracts placed with `anvil_setCode` whose `isValidSignature` answers the magic value
 * 0x1626ba7e (accepts) or 0xffffffff (refuses).
 */
import { APP_ID_HEADER, authenticateResponse, ROUTES, siweInitResponse } from '@latchkey/api';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRecord } from '../../apps/records.ts';
import type { Database } from '../../db/index.ts';
import { devOutboxDelivery } from '../../delivery/dev-outbox.ts';
import { createServer, type LatchkeyServer } from '../../server.ts';
import { RELAXED_IP_LIMITS, TEST_PUBLIC_URL, TEST_SECRET, testDatabase } from '../../test-utils.ts';
import { startAnvil, type TestAnvil } from '../../../../../test-support/anvil.ts';

const ORIGIN = 'https://app.example.com';
/** `isValidSignature(...)` -> 0x1626ba7e for any input. */
const ACCEPTS = '0x631626ba7e60e01b60005260206000f3';
/** `isValidSignature(...)` -> 0xffffffff for any input. */
const REFUSES = '0x63ffffffff60e01b60005260206000f3';
const GOOD_WALLET = '0x00000000000000000000000000000000000012a1';
const BAD_WALLET = '0x00000000000000000000000000000000000012b2';

let anvil: TestAnvil | undefined;
let database: Database;
let server: LatchkeyServer;
let appId: string;

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: unknown };
}

beforeAll(async () => {
  anvil = await startAnvil();
  const { rpcUrl } = anvil;
  await rpc(rpcUrl, 'anvil_setCode', [GOOD_WALLET, ACCEPTS]);
  await rpc(rpcUrl, 'anvil_setCode', [BAD_WALLET, REFUSES]);
  database = await testDatabase();
  server = createServer({
    db: database.db,
    publicUrl: TEST_PUBLIC_URL,
    secret: TEST_SECRET,
    delivery: devOutboxDelivery(database.db),
    rateLimits: RELAXED_IP_LIMITS,
    siweChains: [{ id: 31337, rpcUrl }],
  });
  appId = (
    await createAppRecord(database.db, TEST_SECRET, {
      name: 'Contract wallets',
      walletAuth: true,
      allowedOrigins: [ORIGIN],
    })
  ).id;
}, 60_000);
afterAll(async () => {
  await database?.close();
  await anvil?.stop();
});

const post = (path: string, body: unknown) =>
  Promise.resolve(
    server.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [APP_ID_HEADER]: appId, origin: ORIGIN },
      body: JSON.stringify(body),
    }),
  );

async function signIn(address: `0x${string}`) {
  const { nonce } = siweInitResponse.parse(await (await post(ROUTES.siweInit, { address })).json());
  const message = createSiweMessage({
    address,
    chainId: 31337,
    domain: 'app.example.com',
    uri: ORIGIN,
    version: '1',
    nonce,
    issuedAt: new Date(),
  });
  return post(ROUTES.siweAuthenticate, {
    message,
    // Not an ECDSA signature of the address: only the contract can vouch for it.
    signature: `0x${'11'.repeat(65)}`,
    chainId: 31337,
    walletClientType: 'safe',
    connectorType: 'injected',
  });
}

describe('SIWE with EIP-1271 contract wallets', () => {
  it('logs in when the contract accepts the signature', async () => {
    const res = await signIn(GOOD_WALLET);
    expect(res.status).toBe(200);
    const body = authenticateResponse.parse(await res.json());
    expect(body.user.linked_accounts[0]).toMatchObject({
      type: 'wallet',
      address: '0x00000000000000000000000000000000000012A1',
      wallet_client_type: 'safe',
    });
  });

  it('refuses when the contract does not', async () => {
    const res = await signIn(BAD_WALLET);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/bad signature/);
  });
});
