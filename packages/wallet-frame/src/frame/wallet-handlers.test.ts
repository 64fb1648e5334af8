import {
  FRAME_EVENTS,
  OPAQUE_KSF_ID,
  ROUTES,
  type WalletPolicy,
  walletProofMessage,
} from '@latchkey/api';
import { calculateJwkThumbprint, EmbeddedJWK, type JWK, jwtVerify } from 'jose';
import { combine } from 'shamir-secret-sharing';
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseTransaction,
  recoverTransactionAddress,
  toHex,
  verifyMessage,
} from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  CustodyError,
  InvalidRecoveryPasswordError,
  ShareIntegrityError,
} from '../custody/errors.ts';
import { encryptWithPassword } from '../custody/password.ts';
import { reconstructEntropy } from '../custody/shares.ts';
import { deriveEvmAddress } from '../custody/wallet-secret.ts';
import { deviceShareKey, openDeviceShareStore } from './device-store.ts';
import { fromBase64 } from './encoding.ts';
import { createFrameRouter, type FrameWindow } from './router.ts';
import {
  API_URL,
  APP_ID,
  blockedStorage,
  fakeShareServer,
  memoryStorage,
  token,
} from './test/fakes.ts';
import { policyOf, withPolicyRoutes } from './test/policy-fakes.ts';
import {
  createExportHandler,
  createWalletHandlers,
  STALE_DEVICE_SHARE_MESSAGE,
} from './wallet-handlers.ts';

const ITERATIONS = 1_000;

/**
 * The wallet policy the test devices' server answers unless a test sets another: no-prompt
 * `personal_sign` only (issue 24 item 3), so the custody tests can sign with `noPrompt: true`.
 */
const SIGN_POLICY = policyOf({ no_prompt_on_signature: true });

/**
 * One "device": a frame with its own storage, talking to the shared fake server (with the
 * policy routes of `policy` in front of it).
 */
function device(
  server: ReturnType<typeof fakeShareServer>,
  storage = memoryStorage(),
  policy: WalletPolicy | null = SIGN_POLICY,
) {
  const store = openDeviceShareStore(APP_ID, () => storage);
  const policyServer = withPolicyRoutes(server.fetch, policy);
  const handlers = createWalletHandlers({
    appId: APP_ID,
    apiUrl: API_URL,
    store,
    fetch: policyServer.fetch,
    passwordIterations: ITERATIONS,
  });
  const call = async (event: keyof typeof handlers, data: unknown) =>
    (await handlers[event]!(data, { origin: 'https://app.example' })) as Record<string, unknown>;
  return { storage, store, handlers, call, policy: policyServer };
}

const T = token('user_1');
const base = { accessToken: T, userId: 'user_1' };

async function createWallet(
  server: ReturnType<typeof fakeShareServer>,
  dev = device(server),
  extra: Record<string, unknown> = {},
) {
  const out = await dev.call(FRAME_EVENTS.walletCreate, { ...base, ...extra });
  return { dev, address: out.address as Address, out };
}

/** A no-prompt `personal_sign` as the host asks it (the device's policy allows it). */
const sign = (dev: ReturnType<typeof device>, address: string, message = 'hello') =>
  dev.call(FRAME_EVENTS.walletRpc, {
    ...base,
    address,
    noPrompt: true,
    request: { method: 'personal_sign', params: [message, address] },
  });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('wallet frame handlers', () => {
  it('create keeps ONLY the device share locally and sends the auth and recovery shares', async () => {
    const server = fakeShareServer();
    const { dev, address, out } = await createWallet(server);
    expect(out).toEqual({ address, deviceStorage: 'local' });

    // Exactly one entry, namespaced by app, user (token sub) and address.
    expect([...dev.storage.map.keys()]).toEqual([deviceShareKey(APP_ID, 'user_1', address)]);
    const stored = JSON.parse(dev.storage.map.get(deviceShareKey(APP_ID, 'user_1', address))!);
    const deviceShare = fromBase64(stored.share);

    const wallet = server.wallets.get(address.toLowerCase())!;
    expect(wallet.userId).toBe('user_1');
    expect(wallet.recovery_method).toBe('latchkey');
    const auth = fromBase64(wallet.auth_share);
    const recovery = fromBase64(wallet.recovery_share!);
    // Three distinct shares; the device one never left, the other two are not stored locally.
    expect(new Set([stored.share, wallet.auth_share, wallet.recovery_share]).size).toBe(3);
    const localText = JSON.stringify([...dev.storage.map.values()]);
    expect(localText).not.toContain(wallet.auth_share);
    expect(localText).not.toContain(wallet.recovery_share);
    const sent = JSON.stringify(server.calls.map((c) => c.body));
    expect(sent).not.toContain(stored.share);
    // Every pair rebuilds the wallet.
    for (const pair of [
      [deviceShare, auth],
      [deviceShare, recovery],
      [auth, recovery],
    ] as const) {
      expect(deriveEvmAddress(await reconstructEntropy(pair, address))).toBe(address);
    }
  });

  it('create with a password registers it with OPAQUE and uploads only the record and the sealed share', async () => {
    const server = fakeShareServer();
    const { address } = await createWallet(server, undefined, {
      recoveryMethod: 'user-passcode',
      password: 'correct horse battery',
    });
    const wallet = server.wallets.get(address.toLowerCase())!;
    expect(wallet.recovery_method).toBe('user-passcode');
    expect(wallet.recovery_share).toBeNull();
    expect(wallet.recovery_blob).toBeNull();
    expect(wallet.recovery_opaque).toMatchObject({
      ksf: OPAQUE_KSF_ID,
      registration_record: expect.stringMatching(/^[A-Za-z0-9_-]{200,}$/),
      sealed_share: { version: 1, iv: expect.any(String), ciphertext: expect.any(String) },
    });
    // The registration carried a wallet proof; the password itself never left the frame.
    const register = server.calls.find((c) => c.path === ROUTES.walletOpaqueRegister)!;
    expect(register.body).toMatchObject({ address, nonce: expect.any(String) });
    expect(JSON.stringify(server.calls)).not.toContain('correct horse battery');
    // Another device recovers the wallet with the password.
    const laptop = device(server);
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, {
        ...base,
        address,
        password: 'correct horse battery',
      }),
    ).resolves.toEqual({ address, deviceStorage: 'local' });
    expect(server.count(ROUTES.walletRecoveryShare)).toBe(0);
  });

  it('create still works when storage is blocked, and reports it (memory only)', async () => {
    const server = fakeShareServer();
    const dev = device(server, blockedStorage() as ReturnType<typeof memoryStorage>);
    const out = await dev.call(FRAME_EVENTS.walletCreate, base);
    expect(out.deviceStorage).toBe('memory');
    const { response } = await sign(dev, out.address as string);
    expect(
      await verifyMessage({
        address: out.address as Address,
        message: 'hello',
        signature: response as Hex,
      }),
    ).toBe(true);
    // The next visit (a new frame) has no share: recovery, not a crash.
    const next = device(server, blockedStorage() as ReturnType<typeof memoryStorage>);
    const error = await rejection(
      next.call(FRAME_EVENTS.walletConnect, { ...base, address: out.address }),
    );
    expect(error).toMatchObject({ type: 'wallet_not_on_device' });
  });

  it('connect without a device share answers wallet_not_on_device', async () => {
    const server = fakeShareServer();
    const { address } = await createWallet(server);
    const other = device(server);
    const error = await rejection(other.call(FRAME_EVENTS.walletConnect, { ...base, address }));
    expect(error).toBeInstanceOf(CustodyError);
    expect(error).toMatchObject({ type: 'wallet_not_on_device' });
  });

  it('connect (new frame, same storage) then rpc signs; the answer is only the signature', async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    const reopened = device(server, dev.storage);
    expect(await reopened.call(FRAME_EVENTS.walletConnect, { ...base, address })).toEqual({
      address,
      deviceStorage: 'local',
    });
    const answer = await sign(reopened, address, 'sign me');
    expect(Object.keys(answer)).toEqual(['response']);
    expect(
      await verifyMessage({ address, message: 'sign me', signature: answer.response as Hex }),
    ).toBe(true);
    // The auth share is fetched once at connect, then kept in memory for the frame's lifetime.
    const before = server.count(ROUTES.walletAuthShare);
    await sign(reopened, address, 'again');
    expect(server.count(ROUTES.walletAuthShare)).toBe(before);
  });

  it('a new token (refreshed or forged with the same sub) is checked by the server before memory is used', async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    const fetches = () => server.count(ROUTES.walletAuthShare);
    await sign(dev, address);
    expect(fetches()).toBe(0);
    const forged = token('user_1', { jti: 'forged' });
    server.rejectToken(forged);
    const error = await rejection(
      dev.call(FRAME_EVENTS.walletRpc, {
        accessToken: forged,
        address,
        noPrompt: true,
        request: { method: 'personal_sign', params: ['hi', address] },
      }),
    );
    expect(error).toBeInstanceOf(CustodyError);
    expect((error as Error).message).toContain('code 401');
    expect(fetches()).toBe(1);
    const refreshed = token('user_1', { jti: 'refreshed' });
    await dev.call(FRAME_EVENTS.walletRpc, {
      accessToken: refreshed,
      address,
      noPrompt: true,
      request: { method: 'personal_sign', params: ['hi', address] },
    });
    expect(fetches()).toBe(2);
  });

  it('recover with a wrong password fails with invalid_recovery_pin, one OPAQUE login start per attempt', async () => {
    const server = fakeShareServer();
    const { address } = await createWallet(server, undefined, {
      recoveryMethod: 'user-passcode',
      password: 'right password',
    });
    const laptop = device(server);
    for (let attempt = 1; attempt <= 2; attempt++) {
      const error = await rejection(
        laptop.call(FRAME_EVENTS.walletRecover, { ...base, address, password: 'wrong password' }),
      );
      expect(error).toBeInstanceOf(InvalidRecoveryPasswordError);
      expect(error).toMatchObject({
        type: 'invalid_recovery_pin',
        message: 'Invalid recovery password, please try again.',
      });
      expect(server.count(ROUTES.walletOpaqueLoginStart)).toBe(attempt);
      // The wrong password is caught by the client finish: no finish, nothing released.
      expect(server.count(ROUTES.walletOpaqueLoginFinish)).toBe(0);
      expect(server.count(ROUTES.walletRecoveryShare)).toBe(0);
    }
    expect(server.count(ROUTES.walletReshare)).toBe(0);
    expect(laptop.storage.map.size).toBe(0);
    expect(
      await laptop.call(FRAME_EVENTS.walletRecover, {
        ...base,
        address,
        password: 'right password',
      }),
    ).toEqual({ address, deviceStorage: 'local' });
  });

  it('recover reshares: the old device share no longer combines with the new auth share', async () => {
    const server = fakeShareServer();
    const { dev: phone, address } = await createWallet(server);
    const oldDevice = fromBase64(
      JSON.parse(phone.storage.map.get(deviceShareKey(APP_ID, 'user_1', address))!).share,
    );
    const oldAuth = server.wallets.get(address.toLowerCase())!.auth_share;
    const oldRecovery = server.wallets.get(address.toLowerCase())!.recovery_share;

    const laptop = device(server);
    expect(await laptop.call(FRAME_EVENTS.walletRecover, { ...base, address })).toEqual({
      address,
      deviceStorage: 'local',
    });
    expect(server.count(ROUTES.walletReshare)).toBe(1);
    const wallet = server.wallets.get(address.toLowerCase())!;
    expect(wallet.auth_share).not.toBe(oldAuth);
    expect(wallet.recovery_share).not.toBe(oldRecovery);
    const newAuth = fromBase64(wallet.auth_share);
    await expect(reconstructEntropy([oldDevice, newAuth], address)).rejects.toBeInstanceOf(
      ShareIntegrityError,
    );
    // The old phone is told to recover (its share is stale), and signs nothing.
    const stalePhone = device(server, phone.storage);
    const error = await rejection(sign(stalePhone, address));
    expect(error).toMatchObject({
      type: 'wallet_not_on_device',
      message: STALE_DEVICE_SHARE_MESSAGE,
    });
    // The laptop signs with its new device share + the new auth share.
    const { response } = await sign(device(server, laptop.storage), address, 'from laptop');
    expect(
      await verifyMessage({ address, message: 'from laptop', signature: response as Hex }),
    ).toBe(true);
  });

  it('a corrupted auth share from the server is caught: ShareIntegrityError, nothing signed or uploaded', async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    // Flip bits of the auth share (same length and x-coordinate: only the address check can tell).
    server.setTamperAuth((share) => {
      const bytes = fromBase64(share);
      bytes[0]! ^= 0xff;
      return Buffer.from(bytes).toString('base64');
    });
    const laptop = device(server);
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, { ...base, address }),
    ).rejects.toBeInstanceOf(ShareIntegrityError);
    expect(server.count(ROUTES.walletReshare)).toBe(0);
    expect(laptop.storage.map.size).toBe(0);
    // On the device that has the wallet: no signature comes back.
    const reopened = device(server, dev.storage);
    const error = await rejection(sign(reopened, address));
    expect(error).toBeInstanceOf(CustodyError);
    expect(JSON.stringify(error)).not.toMatch(/0x[0-9a-f]{130}/i);
  });

  it('a corrupted device share (auth share intact) is caught by the address check', async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    const key = deviceShareKey(APP_ID, 'user_1', address);
    const stored = JSON.parse(dev.storage.map.get(key)!);
    const bytes = fromBase64(stored.share);
    bytes[3]! ^= 0x01;
    dev.storage.map.set(
      key,
      JSON.stringify({ ...stored, share: Buffer.from(bytes).toString('base64') }),
    );
    const reopened = device(server, dev.storage);
    await expect(
      reopened.call(FRAME_EVENTS.walletConnect, { ...base, address }),
    ).rejects.toBeInstanceOf(ShareIntegrityError);
    await expect(sign(reopened, address)).rejects.toBeInstanceOf(ShareIntegrityError);
  });

  it('refuses a userId that is not the access token subject, before any server call', async () => {
    const server = fakeShareServer();
    const dev = device(server);
    const error = await rejection(
      dev.call(FRAME_EVENTS.walletCreate, { accessToken: T, userId: 'user_2' }),
    );
    expect(error).toMatchObject({ type: 'invalid_request_arguments' });
    expect(server.calls).toEqual([]);
    expect(dev.storage.map.size).toBe(0);
  });

  it('refuses tokens of another app or expired ones', async () => {
    const server = fakeShareServer();
    const dev = device(server);
    await expect(
      dev.call(FRAME_EVENTS.walletCreate, { accessToken: token('user_1', { aud: 'other-app' }) }),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
    await expect(
      dev.call(FRAME_EVENTS.walletCreate, { accessToken: token('user_1', { exp: 1 }) }),
    ).rejects.toThrow('expired');
    expect(server.calls).toEqual([]);
  });

  it("another user's token cannot use this device's share", async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    const reopened = device(server, dev.storage);
    const mallory = { accessToken: token('user_2'), userId: 'user_2' };
    await expect(
      reopened.call(FRAME_EVENTS.walletConnect, { ...mallory, address }),
    ).rejects.toMatchObject({ type: 'wallet_not_on_device' });
  });

  it('set-recovery moves to a password: OPAQUE registration, and a new device recovers with it', async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    expect(
      await dev.call(FRAME_EVENTS.walletSetRecovery, {
        ...base,
        address,
        recoveryMethod: 'user-passcode',
        password: 'new password!',
      }),
    ).toEqual({ address, recoveryMethod: 'user-passcode', deviceStorage: 'local' });
    const wallet = server.wallets.get(address.toLowerCase())!;
    expect(wallet.recovery_method).toBe('user-passcode');
    expect(wallet.recovery_share).toBeNull();
    expect(wallet.recovery_opaque?.ksf).toBe(OPAQUE_KSF_ID);
    // Same device keeps working with its new share.
    await sign(device(server, dev.storage), address);
    const laptop = device(server);
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, { ...base, address, password: 'new password!' }),
    ).resolves.toMatchObject({ address });
  });

  it('migrates a legacy PBKDF2 blob: unlocked once the old way, resealed with OPAQUE in the reshare', async () => {
    const server = fakeShareServer();
    const { address } = await createWallet(server);
    const wallet = server.wallets.get(address.toLowerCase())!;
    // A wallet sealed before issue 24: the recovery share in a PBKDF2 blob.
    Object.assign(wallet, {
      recovery_method: 'user-passcode',
      recovery_blob: await encryptWithPassword(
        fromBase64(wallet.recovery_share!),
        'old pw',
        ITERATIONS,
      ),
      recovery_share: null,
      recovery_opaque: null,
    });
    const laptop = device(server);
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, { ...base, address, password: 'not it' }),
    ).rejects.toMatchObject({ type: 'invalid_recovery_pin' });
    expect(wallet.recovery_blob).not.toBeNull();
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, { ...base, address, password: 'old pw' }),
    ).resolves.toEqual({ address, deviceStorage: 'local' });
    // The OPAQUE start found no record (404), the legacy route served the blob, the reshare
    // registered the same password with OPAQUE and dropped the blob.
    expect(server.count(ROUTES.walletRecoveryShare)).toBe(2);
    expect(server.count(ROUTES.walletOpaqueRegister)).toBe(1);
    const after = server.wallets.get(address.toLowerCase())!;
    expect(after.recovery_blob).toBeNull();
    expect(after.recovery_opaque?.ksf).toBe(OPAQUE_KSF_ID);
    // From now on the password goes through OPAQUE only.
    const phone = device(server);
    await expect(
      phone.call(FRAME_EVENTS.walletRecover, { ...base, address, password: 'old pw' }),
    ).resolves.toEqual({ address, deviceStorage: 'local' });
    expect(server.count(ROUTES.walletRecoveryShare)).toBe(2);
    expect(server.count(ROUTES.walletOpaqueLoginFinish)).toBe(1);
  });

  it('reports recovery_attempts_exceeded when the server locks this device key', async () => {
    const server = fakeShareServer();
    const { address } = await createWallet(server, undefined, {
      recoveryMethod: 'user-passcode',
      password: 'right password',
    });
    server.setLockRecovery(() => true);
    const laptop = device(server);
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, { ...base, address, password: 'right password' }),
    ).rejects.toMatchObject({
      type: 'recovery_attempts_exceeded',
      message: 'Too many attempts',
    });
    expect(server.count(ROUTES.walletRecoveryShare)).toBe(0);
    server.setLockRecovery(null);
    await expect(
      laptop.call(FRAME_EVENTS.walletRecover, { ...base, address, password: 'right password' }),
    ).resolves.toEqual({ address, deviceStorage: 'local' });
  });

  it("clear removes only this app's device shares", async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    dev.storage.setItem(deviceShareKey('another-app-id-0000000000', 'user_1', address), 'x');
    dev.storage.setItem('unrelated', 'y');
    expect(await dev.call(FRAME_EVENTS.walletClear, {})).toEqual({});
    expect([...dev.storage.map.keys()].sort()).toEqual([
      deviceShareKey('another-app-id-0000000000', 'user_1', address),
      'unrelated',
    ]);
    // The in-memory shares are gone too: this frame must recover now.
    await expect(sign(dev, address)).rejects.toMatchObject({ type: 'wallet_not_on_device' });
  });
});

describe('export page handler', () => {
  it('answers {ready:true} only, renders the key in the frame on reveal; the parent never receives key material', async () => {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    const rendered: string[] = [];
    let reveal: (() => Promise<void>) | null = null;
    const exportHandler = createExportHandler({
      appId: APP_ID,
      apiUrl: API_URL,
      store: openDeviceShareStore(APP_ID, () => dev.storage),
      fetch: server.fetch,
      ready: (fn) => (reveal = fn),
      render: (key) => rendered.push(key),
    });
    // Wire it through the real router, recording everything posted to the parent.
    const target = new EventTarget();
    const posted: { message: unknown; targetOrigin: string }[] = [];
    const parent = {
      postMessage: (message: unknown, targetOrigin: string) =>
        posted.push({ message, targetOrigin }),
    };
    const win: FrameWindow = {
      addEventListener: (type, l) => target.addEventListener(type, l as EventListener),
      removeEventListener: (type, l) => target.removeEventListener(type, l as EventListener),
      parent,
    };
    const router = createFrameRouter({
      window: win,
      allowedOrigins: ['https://app.example'],
      handlers: { [FRAME_EVENTS.walletExport]: exportHandler },
    });
    router.announceReady('https://app.example');
    const send = (id: string) => {
      const event = new MessageEvent('message', {
        data: { id, event: FRAME_EVENTS.walletExport, data: { accessToken: T, address } },
        origin: 'https://app.example',
      });
      Object.defineProperty(event, 'source', { value: parent });
      target.dispatchEvent(event);
    };
    const sharesBefore = server.count(ROUTES.walletAuthShare);
    send('1');
    await new Promise((r) => setTimeout(r, 50));
    send('2');
    await new Promise((r) => setTimeout(r, 50));
    // Nothing fetched or rendered until the page's Reveal (a trusted click, export-page.ts).
    expect(rendered).toHaveLength(0);
    expect(server.count(ROUTES.walletAuthShare)).toBe(sharesBefore);
    await reveal!();

    expect(rendered).toHaveLength(1);
    expect(privateKeyToAddress(rendered[0]! as Hex)).toBe(address);
    expect(posted.map((p) => p.targetOrigin)).toEqual([
      'https://app.example',
      'https://app.example',
      'https://app.example',
    ]);
    expect(posted[1]!.message).toEqual({
      id: '1',
      event: FRAME_EVENTS.walletExport,
      data: { ready: true },
    });
    expect(posted[2]!.message).toMatchObject({
      id: '2',
      error: { type: 'invalid_request_arguments' },
    });
    // No key, mnemonic entropy or share in anything the parent received.
    const wire = JSON.stringify(posted).toLowerCase();
    const key = rendered[0]!.toLowerCase();
    expect(wire).not.toContain(key.slice(2));
    const stored = JSON.parse(dev.storage.map.get(deviceShareKey(APP_ID, 'user_1', address))!);
    expect(wire).not.toContain(stored.share.toLowerCase());
    expect(wire).not.toContain(server.wallets.get(address.toLowerCase())!.auth_share.toLowerCase());
  });
});

// Keep `combine` referenced: a single share never rebuilds the secret (catalogue 1) is covered in custody tests.
void combine;

describe('frame key and login proofs (issue 10)', () => {
  const LOGIN_URL = `${API_URL}${ROUTES.passwordlessAuthenticate}`;

  it('makes a login proof (no ath) for a login route, by the same key that signs every share request', async () => {
    const server = fakeShareServer();
    const dev = device(server);
    const out = await dev.call(FRAME_EVENTS.walletLoginProof, { htu: LOGIN_URL });
    const { payload, protectedHeader } = await jwtVerify(String(out.proof), EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: ['ES256'],
    });
    expect(payload).toMatchObject({ htm: 'POST', htu: LOGIN_URL });
    expect(payload.ath).toBeUndefined();
    expect(protectedHeader.jwk).not.toHaveProperty('d');
    const jkt = await calculateJwkThumbprint(protectedHeader.jwk as JWK);
    expect(out.jkt).toBe(jkt);
    await createWallet(server, dev);
    const shareCalls = server.calls.filter((c) => c.path.startsWith(ROUTES.embeddedWallets));
    expect(shareCalls.length).toBeGreaterThanOrEqual(2);
    for (const call of shareCalls) expect(call.jkt).toBe(jkt);
  });

  it('refuses login proofs for share routes, other origins, queries and other methods', async () => {
    const dev = device(fakeShareServer());
    for (const data of [
      { htu: `${API_URL}${ROUTES.walletAuthShare}` },
      { htu: `${API_URL}${ROUTES.walletRecoveryShare}` },
      { htu: `https://evil.example${ROUTES.passwordlessAuthenticate}` },
      { htu: `${LOGIN_URL}?x=1` },
      { htu: LOGIN_URL, htm: 'GET' },
      { htu: 'not a url' },
    ]) {
      const error = await rejection(dev.call(FRAME_EVENTS.walletLoginProof, data));
      expect(error).toBeInstanceOf(CustodyError);
    }
  });

  it('the wallet proof on create is a signature by the new wallet key over the server nonce', async () => {
    const server = fakeShareServer();
    const { address } = await createWallet(server);
    const create = server.calls.find((c) => c.path === ROUTES.embeddedWallets)!;
    const nonceCalls = server.count(ROUTES.walletNonce);
    expect(nonceCalls).toBe(1);
    const message = walletProofMessage({
      action: 'create',
      appId: APP_ID,
      userId: 'user_1',
      address,
      nonce: String(create.body.nonce),
    });
    expect(await verifyMessage({ address, message, signature: create.body.signature as Hex })).toBe(
      true,
    );
  });
});

describe('rpc and the wallet policy (issue 24 item 3)', () => {
  const ETH = 10n ** 18n;
  const TOKEN = '0x1111111111111111111111111111111111111111';
  const ATTACKER = '0x2222222222222222222222222222222222222222';
  const transfer = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [ATTACKER, 5n],
  });
  const approve = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [ATTACKER, 5n],
  });
  const CAPPED = policyOf({
    no_prompt_on_signature: true,
    allowed_chain_ids: [31337],
    allowed_contracts: [{ address: TOKEN, methods: ['transfer(address,uint256)'] }],
    allow_typed_data: true,
    max_value_wei_per_tx: ETH.toString(),
    max_value_wei_per_24h: ((ETH * 3n) / 2n).toString(),
  });

  const tx = (address: string, fields: Record<string, unknown> = {}) => ({
    method: 'eth_signTransaction',
    params: [
      {
        from: address,
        to: ATTACKER,
        value: toHex(ETH / 2n),
        chainId: toHex(31337),
        nonce: '0x0',
        gas: '0x5208',
        maxFeePerGas: '0x3b9aca00',
        maxPriorityFeePerGas: '0x1',
        ...fields,
      },
    ],
  });
  const typed = (address: string, verifyingContract = TOKEN, chainId = 31337) => ({
    method: 'eth_signTypedData_v4',
    params: [
      address,
      JSON.stringify({
        domain: { name: 'Token', version: '1', chainId, verifyingContract },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
          Permit: [
            { name: 'spender', type: 'address' },
            { name: 'value', type: 'uint256' },
          ],
        },
        primaryType: 'Permit',
        message: { spender: ATTACKER, value: '1000' },
      }),
    ],
  });
  const personal = (address: string) => ({
    method: 'personal_sign',
    params: ['0x68656c6c6f', address],
  });

  async function setup(policy: WalletPolicy | null) {
    const server = fakeShareServer();
    const { dev, address } = await createWallet(server);
    const frame = device(server, dev.storage, policy);
    /** `noPrompt` null: the message has no `noPrompt` field. */
    const rpc = (request: unknown, noPrompt: boolean | null = true) =>
      frame.call(FRAME_EVENTS.walletRpc, {
        ...base,
        address,
        ...(noPrompt === null ? {} : { noPrompt }),
        request,
      });
    return { server, frame, address, rpc };
  }

  it('without noPrompt every signing method answers approval_required, before any key is loaded', async () => {
    const { server, frame, address, rpc } = await setup(CAPPED);
    const authFetches = server.count(ROUTES.walletAuthShare);
    for (const request of [personal(address), typed(address), tx(address)]) {
      await expect(rpc(request, null)).rejects.toMatchObject({ type: 'approval_required' });
      await expect(rpc(request, false)).rejects.toMatchObject({ type: 'approval_required' });
    }
    expect(server.count(ROUTES.walletAuthShare)).toBe(authFetches);
    expect(frame.policy.spends).toEqual([]);
    // eth_accounts is unchanged.
    expect(await rpc({ method: 'eth_accounts' }, null)).toEqual({ response: [address] });
  });

  it("the host's noPrompt alone does nothing: no policy, or no_prompt_on_signature false", async () => {
    for (const policy of [null, policyOf({ ...CAPPED, no_prompt_on_signature: false })]) {
      const { frame, address, rpc } = await setup(policy);
      for (const request of [personal(address), typed(address), tx(address)]) {
        await expect(rpc(request)).rejects.toMatchObject({ type: 'approval_required' });
      }
      expect(frame.policy.spends).toEqual([]);
    }
  });

  it('inside the policy it signs without a prompt, recording the value first', async () => {
    const { frame, address, rpc } = await setup(CAPPED);
    const message = await rpc(personal(address));
    expect(
      await verifyMessage({ address, message: 'hello', signature: message.response as Hex }),
    ).toBe(true);
    const permit = await rpc(typed(address));
    expect(permit.response).toMatch(/^0x[0-9a-f]{130}$/);
    const signed = await rpc(tx(address));
    const parsed = parseTransaction(signed.response as Hex);
    expect(parsed).toMatchObject({ to: ATTACKER, value: ETH / 2n, chainId: 31337 });
    expect(
      await recoverTransactionAddress({ serializedTransaction: signed.response as never }),
    ).toBe(address);
    // An allowed contract method (no value: nothing to record).
    await rpc(tx(address, { to: TOKEN, value: '0x0', data: transfer }));
    expect(frame.policy.spends).toEqual([{ address, chainId: 31337, value: ETH / 2n }]);
    // The policy was fetched once and cached.
    expect(frame.policy.policyFetches).toBe(1);
  });

  it("outside_policy 'ask': over a cap, an unlisted contract or method, another chain get approval_required", async () => {
    const { frame, address, rpc } = await setup(CAPPED);
    const outside = [
      tx(address, { value: toHex(2n * ETH) }),
      tx(address, { to: ATTACKER, value: '0x0', data: transfer }),
      tx(address, { to: TOKEN, value: '0x0', data: approve }),
      tx(address, { chainId: toHex(1) }),
      tx(address, { to: undefined, data: '0x6000' }),
      typed(address, ATTACKER),
      typed(address, TOKEN, 1),
    ];
    for (const request of outside) {
      await expect(rpc(request)).rejects.toMatchObject({ type: 'approval_required' });
    }
    expect(frame.policy.spends).toEqual([]);
    // The 24-hour cap (the server's): 0.5 + 0.5 + 0.5 pass, the fourth asks.
    for (let i = 0; i < 3; i++) await rpc(tx(address));
    await expect(rpc(tx(address))).rejects.toMatchObject({ type: 'approval_required' });
    expect(frame.policy.spends).toHaveLength(3);
  });

  it("outside_policy 'refuse': each limit answers its stable code, nothing recorded or signed", async () => {
    const { frame, address, rpc } = await setup(policyOf({ ...CAPPED, outside_policy: 'refuse' }));
    const cases: [unknown, string][] = [
      [tx(address, { value: toHex(2n * ETH) }), 'policy_value_cap_exceeded'],
      [tx(address, { to: ATTACKER, value: '0x0', data: transfer }), 'policy_contract_not_allowed'],
      [tx(address, { to: TOKEN, value: '0x0', data: approve }), 'policy_contract_not_allowed'],
      [tx(address, { chainId: toHex(1) }), 'policy_chain_not_allowed'],
      [typed(address, ATTACKER), 'policy_contract_not_allowed'],
      [typed(address, TOKEN, 1), 'policy_chain_not_allowed'],
    ];
    for (const [request, code] of cases) {
      await expect(rpc(request)).rejects.toMatchObject({ type: code });
    }
    expect(frame.policy.spends).toEqual([]);
    for (let i = 0; i < 3; i++) await rpc(tx(address));
    await expect(rpc(tx(address))).rejects.toMatchObject({ type: 'policy_daily_cap_exceeded' });
    // Inside the limits but outside the no-prompt scope (deployment) is asked, not refused.
    await expect(
      rpc(tx(address, { to: undefined, value: '0x0', data: '0x6000' })),
    ).rejects.toMatchObject({ type: 'approval_required' });
  });

  it('a policy that cannot be fetched answers approval_required (fails closed)', async () => {
    const { frame, address, rpc } = await setup(CAPPED);
    frame.policy.failPolicy = 503;
    await expect(rpc(personal(address))).rejects.toMatchObject({ type: 'approval_required' });
    frame.policy.failPolicy = null;
    await expect(rpc(personal(address))).resolves.toHaveProperty('response');
  });
});
