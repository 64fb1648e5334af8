/**
 * Farcaster signers (issue 16) against the real Hono app on PGlite, a real anvil with the Id
 * Registry and Key Registry stand-ins at their OP Mainnet addresses, and the signed key request
 * API stand-in over HTTP: the app's requesting account set through the admin API (its key never
 * answered); a signer asked only by the wallet frame (its origin and DPoP proof), pending until
 * the user approves in the Farcaster app, then approved (the account's `signer_public_key`), and
 * revoked once the key is removed from the Key Registry; approval by another fid is revoked.
 */
import { serve, type ServerType } from '@hono/node-server';
import {
  APP_ID_HEADER,
  farcasterAdminRoute,
  type FarcasterSigner,
  FRAME_EVENTS,
  type FrameEvent,
  ROUTES,
} from '@latchkey/api';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDeviceShareStore } from '../../../../wallet-frame/src/frame/device-store.ts';
import { openFrameKey } from '../../../../wallet-frame/src/frame/frame-key.ts';
import { createWalletHandlers } from '../../../../wallet-frame/src/frame/wallet-handlers.ts';
import { freePort, startAnvil, type TestAnvil } from '../../../../../test-support/anvil.ts';
import { issueAppSecret } from '../../apps/secret.ts';
import type { Database } from '../../db/index.ts';
import type { AppRow } from '../../db/schema.ts';
import {
  loginByEmail,
  TEST_PUBLIC_URL,
  testClock,
  testDatabase,
  testServer,
  type TestServer,
} from '../../test-utils.ts';
import { linkAccount } from '../../users/accounts.ts';
import { installIdRegistryStandIn, registerFid } from './dev/idRegistry.ts';
import { installKeyRegistryStandIn, removeSignerKey } from './dev/keyRegistry.ts';
import { createKeyRequestStandIn, type KeyRequestStandIn } from './dev/keyRequests.ts';
import { FARCASTER_NO_SIGNER_APP_MESSAGE, FARCASTER_NOT_LINKED_MESSAGE } from './signer.ts';

const HOST_ORIGIN = 'https://app.example.com';
const FRAME_ORIGIN = new URL(TEST_PUBLIC_URL).origin;

let database: Database;
let server: TestServer;
let anvil: TestAnvil;
let api: ServerType;
let keyRequests: KeyRequestStandIn;
/** The app's own Farcaster account: its custody key and fid. */
const APP_KEY = generatePrivateKey();
const appAccount = privateKeyToAccount(APP_KEY);
let appFid = 0;

beforeAll(async () => {
  anvil = await startAnvil();
  await installIdRegistryStandIn(anvil.rpcUrl);
  await installKeyRegistryStandIn(anvil.rpcUrl);
  appFid = Number(await registerFid(anvil.rpcUrl, appAccount.address));
  keyRequests = createKeyRequestStandIn({
    rpcUrl: anvil.rpcUrl,
    deeplinkBase: 'https://farcaster.example/~/signed-key-request',
  });
  const port = await freePort();
  api = serve({ fetch: keyRequests.app.fetch, port, hostname: '127.0.0.1' });
  database = await testDatabase();
  server = testServer(database, {
    clock: testClock(Date.now()),
    server: {
      farcaster: {
        relayUrl: 'http://127.0.0.1:9',
        rpcUrl: anvil.rpcUrl,
        apiUrl: `http://127.0.0.1:${port}`,
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await database?.close();
  await new Promise((resolve) => api?.close(resolve));
  await anvil?.stop();
});

async function setSignerApp(app: AppRow, key: `0x${string}` = APP_KEY) {
  const secret = await issueAppSecret(database.db, app.id);
  return server.app.request(farcasterAdminRoute(app.id), {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
    },
    body: JSON.stringify({ signer_request_fid: appFid, signer_request_key: key }),
  });
}

/** A user logged in through a wallet frame key, with a Farcaster account of a fresh fid. */
async function frameUser(app: AppRow, options: { farcaster?: boolean } = {}) {
  const key = openFrameKey(app.id, undefined);
  const proof = await key.proof(
    'POST',
    `${TEST_PUBLIC_URL}${ROUTES.passwordlessAuthenticate}`,
    undefined,
    server.clock(),
  );
  const session = await loginByEmail(server, app.id, { dpop: proof });
  const custody = privateKeyToAccount(generatePrivateKey());
  const fid = Number(await registerFid(anvil.rpcUrl, custody.address));
  if (options.farcaster !== false) {
    await linkAccount(
      database.db,
      app.id,
      session.userId,
      { type: 'farcaster', subject: String(fid), details: { signer_public_key: null } },
      server.clock(),
    );
  }
  const signerKey = bytesToHex(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
  /** `init` as the wallet frame asks it: the API's origin, `DPoP` and a proof by its key. */
  const init = async (publicKey = signerKey) =>
    server.post(
      app.id,
      ROUTES.farcasterSignerInit,
      { ed25519_public_key: publicKey },
      {
        origin: FRAME_ORIGIN,
        authorization: `DPoP ${session.token}`,
        dpop: await key.proof(
          'POST',
          `${TEST_PUBLIC_URL}${ROUTES.farcasterSignerInit}`,
          session.token,
          server.clock(),
        ),
      },
    );
  const status = (publicKey = signerKey) =>
    server.post(
      app.id,
      ROUTES.farcasterSignerStatus,
      { ed25519_public_key: publicKey },
      { origin: HOST_ORIGIN, authorization: `Bearer ${session.token}` },
    );
  const farcasterAccount = async () => {
    const res = await server.app.request(ROUTES.usersMe, {
      headers: {
        [APP_ID_HEADER]: app.id,
        authorization: `Bearer ${session.token}`,
        origin: HOST_ORIGIN,
      },
    });
    const { user } = (await res.json()) as { user: { linked_accounts: Record<string, unknown>[] } };
    return user.linked_accounts.find((a) => a.type === 'farcaster');
  };
  return { session, fid, signerKey, init, status, farcasterAccount };
}

const tokenOf = (signer: FarcasterSigner) =>
  new URL(signer.signer_approval_url!).searchParams.get('token')!;

async function refusal(res: Response) {
  const body = (await res.json()) as { code: string; error: string };
  return { status: res.status, code: body.code, error: body.error };
}

/** An app with Farcaster on and its requesting account set. */
async function signerApp() {
  const app = await server.createApp({ farcasterAuth: true });
  expect((await setSignerApp(app)).status).toBe(200);
  return app;
}

describe('the app account that requests signers (admin API)', () => {
  it('stores the key sealed and answers the fid and its address only', async () => {
    const app = await server.createApp({ farcasterAuth: true });
    const key = generatePrivateKey();
    const res = await setSignerApp(app, key);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      signer_request_fid: appFid,
      signer_request_address: privateKeyToAccount(key).address,
    });
    expect(text).not.toContain(key.slice(2));
    const anonymous = await server.app.request(farcasterAdminRoute(app.id), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signer_request_fid: appFid, signer_request_key: key }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a signer for the wallet frame', () => {
  it('is asked by the frame, pending until approved, then approved, then revoked', async () => {
    const app = await signerApp();
    const user = await frameUser(app);
    const res = await user.init();
    expect(res.status).toBe(200);
    const pending = (await res.json()) as FarcasterSigner;
    expect(pending).toEqual({
      public_key: user.signerKey,
      status: 'pending_approval',
      signer_approval_url: expect.stringMatching(/^https:\/\/farcaster\.example\/.*\?token=0x/),
    });
    const request = keyRequests.request(tokenOf(pending))!;
    expect(request).toMatchObject({ key: user.signerKey, requestFid: appFid, state: 'pending' });
    expect(await (await user.status()).json()).toEqual(pending);
    // Asked again: the same request, not a second one.
    expect(await (await user.init()).json()).toEqual(pending);

    await keyRequests.approve(tokenOf(pending), user.fid);
    const approved = (await (await user.status()).json()) as FarcasterSigner;
    expect(approved).toEqual({
      public_key: user.signerKey,
      status: 'approved',
      signer_approval_url: null,
    });
    expect(await user.farcasterAccount()).toMatchObject({ signer_public_key: user.signerKey });

    // The user removes the key in their Farcaster app (a Key Registry transaction): revoked.
    await removeSignerKey(anvil.rpcUrl, BigInt(user.fid), user.signerKey);
    const revoked = (await (await user.status()).json()) as FarcasterSigner;
    expect(revoked.status).toBe('revoked');
    expect(await user.farcasterAccount()).toMatchObject({ signer_public_key: null });
  });

  it('is revoked when another Farcaster account approved it', async () => {
    const app = await signerApp();
    const user = await frameUser(app);
    const other = await frameUser(app);
    const pending = (await (await user.init()).json()) as FarcasterSigner;
    await keyRequests.approve(tokenOf(pending), other.fid);
    expect(((await (await user.status()).json()) as FarcasterSigner).status).toBe('revoked');
    expect(await user.farcasterAccount()).toMatchObject({ signer_public_key: null });
  });

  it('is refused to the host page and to a bearer token alone', async () => {
    const app = await signerApp();
    const user = await frameUser(app);
    const body = { ed25519_public_key: user.signerKey };
    const fromHost = await server.post(app.id, ROUTES.farcasterSignerInit, body, {
      origin: HOST_ORIGIN,
      authorization: `Bearer ${user.session.token}`,
    });
    expect(fromHost.status).toBe(403);
    const bearerOnly = await server.post(app.id, ROUTES.farcasterSignerInit, body, {
      origin: FRAME_ORIGIN,
      authorization: `Bearer ${user.session.token}`,
    });
    expect(bearerOnly.status).toBe(401);
    expect(keyRequests.request('none')).toBeUndefined();
  });

  it('needs a Farcaster account, an app account, and a key asked before', async () => {
    const app = await signerApp();
    const noFarcaster = await frameUser(app, { farcaster: false });
    expect(await refusal(await noFarcaster.init())).toEqual({
      status: 404,
      code: 'account_not_linked',
      error: FARCASTER_NOT_LINKED_MESSAGE,
    });
    const bare = await server.createApp({ farcasterAuth: true });
    const user = await frameUser(bare);
    expect(await refusal(await user.init())).toEqual({
      status: 400,
      code: 'not_supported',
      error: FARCASTER_NO_SIGNER_APP_MESSAGE,
    });
    expect((await user.status()).status).toBe(404);
  });

  it('answers 400 for a key that is not ed25519 hex', async () => {
    const app = await signerApp();
    const user = await frameUser(app);
    expect((await user.init('0x1234' as `0x${string}`)).status).toBe(400);
  });
});

describe("the wallet frame's Farcaster handlers on the real server", () => {
  /** The server app over `fetch`, with a `Date` header (as Node's HTTP adds one). */
  const serverFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await server.app.request(String(input), init);
    const headers = new Headers(response.headers);
    headers.set('date', new Date(server.clock()).toUTCString());
    return new Response(response.body, { status: response.status, headers });
  }) as typeof fetch;

  /** A frame (its key, device store, handlers), a bound session, an embedded wallet, a fid. */
  async function frameWithWallet(app: AppRow) {
    const key = openFrameKey(app.id, undefined);
    const store = openDeviceShareStore(app.id, () => undefined);
    const handlers = createWalletHandlers({
      appId: app.id,
      apiUrl: TEST_PUBLIC_URL,
      store,
      key,
      fetch: serverFetch,
      now: server.clock,
    });
    const proof = await key.proof(
      'POST',
      `${TEST_PUBLIC_URL}${ROUTES.passwordlessAuthenticate}`,
      undefined,
      server.clock(),
    );
    const session = await loginByEmail(server, app.id, { dpop: proof });
    const custody = privateKeyToAccount(generatePrivateKey());
    const fid = Number(await registerFid(anvil.rpcUrl, custody.address));
    await linkAccount(
      database.db,
      app.id,
      session.userId,
      { type: 'farcaster', subject: String(fid), details: {} },
      server.clock(),
    );
    const call = async (event: FrameEvent, data: Record<string, unknown> = {}) =>
      (await handlers[event]!(
        { accessToken: session.token, userId: session.userId, ...data },
        { origin: HOST_ORIGIN },
      )) as Record<string, unknown>;
    const { address } = (await call(FRAME_EVENTS.walletCreate)) as { address: string };
    return { call, address, fid, session };
  }

  it('derive one signer per wallet, ask its approval, and sign only while it is approved', async () => {
    const app = await signerApp();
    const { call, address, fid } = await frameWithWallet(app);
    const hash: `0x${string}` = `0x${'ab'.repeat(20)}`;

    const pending = (await call(FRAME_EVENTS.farcasterInitSigner, {
      address,
    })) as FarcasterSigner;
    expect(pending.status).toBe('pending_approval');
    expect(pending.public_key).toMatch(/^0x[0-9a-f]{64}$/);
    // The same wallet gives the same key.
    expect(
      ((await call(FRAME_EVENTS.farcasterInitSigner, { address })) as FarcasterSigner).public_key,
    ).toBe(pending.public_key);
    await expect(call(FRAME_EVENTS.farcasterSign, { address, hash })).rejects.toThrow(
      /pending approval, not approved/,
    );

    await keyRequests.approve(tokenOf(pending), fid);
    const signed = (await call(FRAME_EVENTS.farcasterSign, { address, hash })) as {
      signature: `0x${string}`;
      publicKey: `0x${string}`;
    };
    expect(signed.publicKey).toBe(pending.public_key);
    expect(
      ed25519.verify(hexToBytes(signed.signature), hexToBytes(hash), hexToBytes(signed.publicKey)),
    ).toBe(true);
    await expect(call(FRAME_EVENTS.farcasterSign, { address, hash: '0x' })).rejects.toThrow(
      /hex bytes/,
    );

    // Revoked in the Farcaster app: the frame stops signing at once.
    await removeSignerKey(anvil.rpcUrl, BigInt(fid), pending.public_key as `0x${string}`);
    await expect(call(FRAME_EVENTS.farcasterSign, { address, hash })).rejects.toThrow(
      /revoked, not approved/,
    );
  });

  it('refuses to sign for a wallet whose signer was never asked', async () => {
    const app = await signerApp();
    const { call, address } = await frameWithWallet(app);
    await expect(
      call(FRAME_EVENTS.farcasterSign, { address, hash: `0x${'01'.repeat(20)}` }),
    ).rejects.toThrow(/No Farcaster signer was requested/);
  });
});
