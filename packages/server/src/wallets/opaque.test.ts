/**
 * OPAQUE recovery passwords (issue 24 items 5 and 6): registration, login start and finish over
 * the real routes with two frame keys (two devices) on one wallet, the attempt limits on a fake
 * clock, and what a thief with the stored record, the sealed share and the frame's traffic can
 * check offline (nothing).
 */
import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  pbkdf2Sync,
  randomBytes,
  scryptSync,
} from 'node:crypto';
import {
  apiErrorBody,
  OPAQUE_KSF_ID,
  OPAQUE_SEAL_INFO,
  type OpaqueSealedShareWire,
  opaqueKeyStretching,
  opaqueLoginFinishResponse,
  opaqueLoginStartResponse,
  opaqueRegisterResponse,
  ROUTES,
  recoveryShareResponse,
} from '@latchkey/api';
import * as opaque from '@serenity-kit/opaque';
import { eq } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { apps, embeddedWallets, opaqueLogins, recoveryAttempts } from '../db/schema.ts';
import {
  type TestFrame,
  type TestServer,
  type TestSession,
  testDatabase,
  testFrame,
  testServer,
  testWalletKey,
} from '../test-utils.ts';
import { OPAQUE_LOGIN_TTL_S, opaqueServerSetup, RECOVERY_LIMITS } from './opaque.ts';
import { createEmbeddedWallet } from './service.ts';

let database: Database;
let server: TestServer;
let frameA: TestFrame;
let frameB: TestFrame;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  // Devices log in again and again as the fake clock moves (tokens expire): relaxed code sends.
  server = testServer(database, {
    rateLimits: {
      sendsPerDestination: { max: 1000, windowS: 3600 },
      sendsPerDestinationIp: { max: 1000, windowS: 3600 },
    },
  });
  frameA = await testFrame(server);
  frameB = await testFrame(server);
  appId = (await server.createApp()).id;
  await opaque.ready;
});
afterAll(() => database?.close());

const KSF = opaqueKeyStretching(OPAQUE_KSF_ID);
const aad = (address: string) => Buffer.from(`latchkey recovery share\n${appId}\n${address}`);

/** The frame's seal key (custody/opaque-recovery.ts): HKDF-SHA256(export key), AES-256-GCM. */
const sealKey = (exportKey: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from(exportKey, 'base64url'), Buffer.alloc(0), OPAQUE_SEAL_INFO, 32),
  );

function seal(key: Buffer, share: Buffer, address: string): OpaqueSealedShareWire {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(address));
  const ciphertext = Buffer.concat([cipher.update(share), cipher.final(), cipher.getAuthTag()]);
  return { version: 1, iv: iv.toString('base64'), ciphertext: ciphertext.toString('base64') };
}

/** Opens a sealed share with `key`, or null when the tag check fails. */
function open(key: Buffer, sealed: OpaqueSealedShareWire, address: string): Buffer | null {
  const data = Buffer.from(sealed.ciphertext, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'))
      .setAAD(aad(address))
      .setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = apiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

/** Everything a passcode wallet's owner and the tests know about it. */
interface PasscodeWallet {
  session: TestSession;
  key: PrivateKeyAccount;
  address: `0x${string}`;
  password: string;
  share: Buffer;
  /** The frame's traffic to the server, as a thief with the token would record it. */
  traffic: { registrationRequest: string; registrationResponse: string; record: string };
  sealedShare: OpaqueSealedShareWire;
}

/** OPAQUE registration as the frame makes it (wallet proof, Argon2id, sealed share). */
async function register(
  session: TestSession,
  key: PrivateKeyAccount,
  password: string,
  share: Buffer,
  frame = frameA,
) {
  const { clientRegistrationState, registrationRequest } = opaque.client.startRegistration({
    password,
  });
  const proof = await frame.walletProof(session, key, 'opaque-register');
  const res = await frame.post(session, ROUTES.walletOpaqueRegister, {
    address: key.address,
    registration_request: registrationRequest,
    ...proof,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const { registration_response: registrationResponse } = opaqueRegisterResponse.parse(
    await res.json(),
  );
  const { registrationRecord, exportKey } = opaque.client.finishRegistration({
    clientRegistrationState,
    registrationResponse,
    password,
    keyStretching: KSF,
  });
  return {
    traffic: { registrationRequest, registrationResponse, record: registrationRecord },
    recovery_opaque: {
      ksf: OPAQUE_KSF_ID,
      registration_record: registrationRecord,
      sealed_share: seal(sealKey(exportKey), share, key.address),
    },
  };
}

async function passcodeWallet(password = 'sunshine7'): Promise<PasscodeWallet> {
  const session = await frameA.login(appId);
  const key = testWalletKey();
  const share = randomBytes(49);
  const { traffic, recovery_opaque } = await register(session, key, password, share);
  const proof = await frameA.walletProof(session, key, 'create');
  const res = await frameA.post(session, ROUTES.embeddedWallets, {
    address: key.address,
    chain_type: 'ethereum',
    auth_share: randomBytes(49).toString('base64'),
    recovery_method: 'user-passcode',
    recovery_share: null,
    recovery_opaque,
    ...proof,
  });
  expect(res.status).toBe(200);
  return {
    session,
    key,
    address: key.address,
    password,
    share,
    traffic,
    sealedShare: recovery_opaque.sealed_share,
  };
}

/** The same user logged in on another device (frame key `frame`). */
const onDevice = (wallet: PasscodeWallet, frame: TestFrame) =>
  frame.login(appId, { email: wallet.session.email });

async function loginStart(
  session: TestSession,
  frame: TestFrame,
  address: string,
  password: string,
) {
  const { clientLoginState, startLoginRequest } = opaque.client.startLogin({ password });
  const res = await frame.post(session, ROUTES.walletOpaqueLoginStart, {
    address,
    start_login_request: startLoginRequest,
  });
  return { res, clientLoginState };
}

/** A full unlock: start, client finish (Argon2id), server finish. The share, or the failure. */
async function unlock(
  wallet: PasscodeWallet,
  password: string,
  frame = frameA,
  session = wallet.session,
): Promise<{ share: Buffer | null; status: number; code?: string; retryAfter?: string | null }> {
  const { res, clientLoginState } = await loginStart(session, frame, wallet.address, password);
  if (res.status !== 200) {
    const body = apiErrorBody.parse(await res.json());
    return {
      share: null,
      status: res.status,
      code: body.code,
      retryAfter: res.headers.get('retry-after'),
    };
  }
  const started = opaqueLoginStartResponse.parse(await res.json());
  expect(started.ksf).toBe(OPAQUE_KSF_ID);
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: started.login_response,
    password,
    keyStretching: KSF,
  });
  if (!finished) return { share: null, status: 200, code: 'wrong_password' };
  const done = await frame.post(session, ROUTES.walletOpaqueLoginFinish, {
    login_id: started.login_id,
    finish_login_request: finished.finishLoginRequest,
  });
  if (done.status !== 200) {
    const body = apiErrorBody.parse(await done.json());
    return { share: null, status: done.status, code: body.code };
  }
  const { sealed_share } = opaqueLoginFinishResponse.parse(await done.json());
  return { share: open(sealKey(finished.exportKey), sealed_share, wallet.address), status: 200 };
}

/** A started login whose finish request is ready (the right password). */
async function startedLogin(wallet: PasscodeWallet, frame = frameA, session = wallet.session) {
  const { res, clientLoginState } = await loginStart(
    session,
    frame,
    wallet.address,
    wallet.password,
  );
  expect(res.status).toBe(200);
  const started = opaqueLoginStartResponse.parse(await res.json());
  const finished = opaque.client.finishLogin({
    clientLoginState,
    loginResponse: started.login_response,
    password: wallet.password,
    keyStretching: KSF,
  })!;
  return {
    loginId: started.login_id,
    finishRequest: finished.finishLoginRequest,
    exportKey: finished.exportKey,
  };
}

const attemptRows = () => database.db.select().from(recoveryAttempts);
const walletRow = async (address: string) =>
  (
    await database.db.select().from(embeddedWallets).where(eq(embeddedWallets.address, address))
  )[0]!;

describe('OPAQUE registration and storage', () => {
  it('stores the record and the sealed share sealed, no blob, and the app setup sealed', async () => {
    const wallet = await passcodeWallet();
    const row = await walletRow(wallet.address);
    expect(row.recoveryMethod).toBe('user-passcode');
    expect(row.recoveryBlob).toBeNull();
    expect(row.recoveryShare).toBeNull();
    expect(row.recoveryOpaqueRecord).toMatch(/^ey/);
    expect(row.recoverySealedShare).toMatch(/^ey/);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(wallet.traffic.record);
    expect(stored).not.toContain(wallet.sealedShare.ciphertext);
    const [app] = await database.db.select().from(apps).where(eq(apps.id, appId));
    const setup = await opaqueServerSetup(server.context, appId);
    expect(app!.opaqueServerSetup).toMatch(/^ey/);
    expect(app!.opaqueServerSetup).not.toContain(setup);
  });

  it('creates one server setup per app, even when asked concurrently', async () => {
    const other = (await server.createApp()).id;
    const fresh = { ...server.context };
    const fresher = { ...server.context };
    const [a, b] = await Promise.all([
      opaqueServerSetup(fresh, other),
      opaqueServerSetup(fresher, other),
    ]);
    expect(a).toBe(b);
    expect(await opaqueServerSetup({ ...server.context }, other)).toBe(a);
  });

  it('answers a registration only with a wallet proof by the wallet key', async () => {
    const session = await frameA.login(appId);
    const key = testWalletKey();
    const { registrationRequest } = opaque.client.startRegistration({ password: 'x' });
    await expectError(
      await frameA.post(session, ROUTES.walletOpaqueRegister, {
        address: key.address,
        registration_request: registrationRequest,
      }),
      400,
      'invalid_data',
    );
    const foreign = await frameA.walletProof(session, testWalletKey(), 'opaque-register');
    await expectError(
      await frameA.post(session, ROUTES.walletOpaqueRegister, {
        address: key.address,
        registration_request: registrationRequest,
        ...foreign,
      }),
      401,
      'invalid_wallet_signature',
    );
    // A proof made for another action does not register either.
    const create = await frameA.walletProof(session, key, 'create');
    await expectError(
      await frameA.post(session, ROUTES.walletOpaqueRegister, {
        address: key.address,
        registration_request: registrationRequest,
        ...create,
      }),
      401,
      'invalid_wallet_signature',
    );
  });

  it('refuses a new PBKDF2 blob on create and on reshare', async () => {
    const session = await frameA.login(appId);
    const key = testWalletKey();
    const blob = {
      version: 1,
      kdf: 'PBKDF2-SHA256',
      iterations: 600_000,
      salt: randomBytes(16).toString('base64'),
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(80).toString('base64'),
    };
    const proof = await frameA.walletProof(session, key, 'create');
    await expectError(
      await frameA.post(session, ROUTES.embeddedWallets, {
        address: key.address,
        chain_type: 'ethereum',
        auth_share: randomBytes(49).toString('base64'),
        recovery_method: 'user-passcode',
        recovery_share: null,
        recovery_blob: blob,
        ...proof,
      }),
      400,
      'invalid_data',
    );
  });

  it('serves an OPAQUE wallet nothing on the legacy recovery-share route', async () => {
    const wallet = await passcodeWallet();
    const res = await frameA.post(wallet.session, ROUTES.walletRecoveryShare, {
      address: wallet.address,
    });
    expect(res.status).toBe(200);
    expect(recoveryShareResponse.parse(await res.json())).toEqual({
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: null,
    });
  });
});

describe('OPAQUE login', () => {
  it('gives the owner the sealed share, which opens with the login export key', async () => {
    const wallet = await passcodeWallet();
    const result = await unlock(wallet, wallet.password);
    expect(result.status).toBe(200);
    expect(result.share?.equals(wallet.share)).toBe(true);
  });

  it('a wrong password gets no export key and counts as a failure', async () => {
    const wallet = await passcodeWallet();
    expect((await unlock(wallet, 'sunshine8')).code).toBe('wrong_password');
    const row = await walletRow(wallet.address);
    const rows = await attemptRows();
    expect(rows.find((r) => r.key === `opaque:device:${row.id}:${frameA.jkt}`)?.failures).toBe(1);
    expect(rows.find((r) => r.key === `opaque:wallet:${row.id}`)?.failures).toBe(1);
  });

  it('refuses unknown, expired and reused login ids, and another device key finishing', async () => {
    const wallet = await passcodeWallet();
    const finish = (
      loginId: string,
      finishRequest: string,
      frame = frameA,
      session = wallet.session,
    ) =>
      frame.post(session, ROUTES.walletOpaqueLoginFinish, {
        login_id: loginId,
        finish_login_request: finishRequest,
      });
    const first = await startedLogin(wallet);
    await expectError(
      await finish(`opl_${'x'.repeat(32)}`, first.finishRequest),
      422,
      'invalid_credentials',
    );
    // Device B (the same user on another frame key) cannot finish, nor burn, A's login.
    const sessionB = await onDevice(wallet, frameB);
    await expectError(
      await finish(first.loginId, first.finishRequest, frameB, sessionB),
      422,
      'invalid_credentials',
    );
    expect((await finish(first.loginId, first.finishRequest)).status).toBe(200);
    // Single use.
    await expectError(await finish(first.loginId, first.finishRequest), 422, 'invalid_credentials');
    // Expired after OPAQUE_LOGIN_TTL_S.
    const late = await startedLogin(wallet);
    server.clock.advance((OPAQUE_LOGIN_TTL_S + 1) * 1000);
    await expectError(await finish(late.loginId, late.finishRequest), 422, 'invalid_credentials');
    // A finish request of another login does not finish this one.
    const a = await startedLogin(wallet);
    const b = await startedLogin(wallet);
    await expectError(await finish(a.loginId, b.finishRequest), 422, 'invalid_credentials');
    expect((await finish(b.loginId, b.finishRequest)).status).toBe(200);
  });

  it('answers not_found for a wallet without an OPAQUE record, and for another user', async () => {
    const wallet = await passcodeWallet();
    const stranger = await frameB.login(appId);
    const { res } = await loginStart(stranger, frameB, wallet.address, wallet.password);
    await expectError(res, 404, 'not_found');
  });

  it('forgets logins in progress when the record is replaced', async () => {
    const wallet = await passcodeWallet();
    const pending = await startedLogin(wallet);
    const next = await register(wallet.session, wallet.key, 'new password 2', randomBytes(49));
    const proof = await frameA.walletProof(wallet.session, wallet.key, 'reshare');
    const res = await frameA.post(wallet.session, ROUTES.walletReshare, {
      address: wallet.address,
      auth_share: randomBytes(49).toString('base64'),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_opaque: next.recovery_opaque,
      ...proof,
    });
    expect(res.status).toBe(200);
    const row = await walletRow(wallet.address);
    expect(
      await database.db.select().from(opaqueLogins).where(eq(opaqueLogins.walletId, row.id)),
    ).toEqual([]);
    await expectError(
      await frameA.post(wallet.session, ROUTES.walletOpaqueLoginFinish, {
        login_id: pending.loginId,
        finish_login_request: pending.finishRequest,
      }),
      422,
      'invalid_credentials',
    );
    expect((await unlock(wallet, wallet.password)).code).toBe('wrong_password');
    expect((await unlock({ ...wallet, password: 'new password 2' }, 'new password 2')).status).toBe(
      200,
    );
  });
});

describe('recovery attempt limits (issue 24 item 6)', () => {
  it('backs a device key off after 3 failures: 30 s, then doubling', async () => {
    const wallet = await passcodeWallet();
    for (let i = 0; i < 3; i++)
      expect((await unlock(wallet, `wrong ${i}`)).code).toBe('wrong_password');
    let locked = await unlock(wallet, wallet.password);
    expect(locked).toMatchObject({
      status: 429,
      code: 'recovery_attempts_exceeded',
      retryAfter: '30',
    });
    server.clock.advance(29_000);
    expect((await unlock(wallet, wallet.password)).retryAfter).toBe('1');
    server.clock.advance(1_000);
    expect((await unlock(wallet, 'wrong 3')).code).toBe('wrong_password');
    locked = await unlock(wallet, wallet.password);
    expect(locked).toMatchObject({ status: 429, retryAfter: '60' });
    server.clock.advance(60_000);
    // The right password works once the wait is over, and resets this device's count.
    expect((await unlock(wallet, wallet.password)).share?.equals(wallet.share)).toBe(true);
    for (let i = 0; i < 3; i++)
      expect((await unlock(wallet, `wrong ${i}`)).code).toBe('wrong_password');
    expect((await unlock(wallet, wallet.password)).retryAfter).toBe('30');
  });

  it('counts parallel guesses one by one (row lock): 3 pass, the rest wait', async () => {
    const wallet = await passcodeWallet();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        loginStart(wallet.session, frameA, wallet.address, `parallel ${i}`).then((r) => r.res),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const row = await walletRow(wallet.address);
    const rows = await attemptRows();
    expect(rows.find((r) => r.key === `opaque:device:${row.id}:${frameA.jkt}`)?.failures).toBe(3);
    expect(rows.find((r) => r.key === `opaque:wallet:${row.id}`)?.failures).toBe(3);
  });

  it('a stranger spending attempts on device B does not stop the owner on device A', async () => {
    const wallet = await passcodeWallet();
    const sessionB = await onDevice(wallet, frameB);
    for (let i = 0; i < 3; i++) {
      expect((await unlock(wallet, `guess ${i}`, frameB, sessionB)).code).toBe('wrong_password');
    }
    const refused = await unlock(wallet, 'guess 3', frameB, sessionB);
    expect(refused).toMatchObject({ status: 429, code: 'recovery_attempts_exceeded' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The owner's device is not locked: it recovers.
    const owner = await unlock(wallet, wallet.password);
    expect(owner.status).toBe(200);
    expect(owner.share?.equals(wallet.share)).toBe(true);
    // ...and the owner's success does not unlock B.
    expect((await unlock(wallet, 'guess 4', frameB, sessionB)).status).toBe(429);
  });

  it('stops every device at the wallet ceiling, until the 24-hour window ends', async () => {
    const wallet = await passcodeWallet();
    let sessionB = await onDevice(wallet, frameB);
    // A patient stranger on device B waits out each backoff: 20 guesses in about 11 hours (and
    // logs in again, as access tokens expire meanwhile).
    let failures = 0;
    while (failures < RECOVERY_LIMITS.walletCeiling) {
      const guess = await unlock(wallet, `guess ${failures}`, frameB, sessionB);
      if (guess.status === 429) {
        server.clock.advance(Number(guess.retryAfter) * 1000);
        sessionB = await onDevice(wallet, frameB);
        continue;
      }
      expect(guess.code).toBe('wrong_password');
      failures++;
    }
    server.clock.advance(RECOVERY_LIMITS.deviceBackoffCapS * 1000);
    sessionB = await onDevice(wallet, frameB);
    // Device B is past its backoff but the wallet is at its ceiling.
    const blocked = await unlock(wallet, 'guess 20', frameB, sessionB);
    expect(blocked).toMatchObject({ status: 429, code: 'recovery_attempts_exceeded' });
    // The owner's own device, never used to guess, is stopped by the ceiling too.
    const ownerSession = await onDevice(wallet, frameA);
    const owner = await unlock(wallet, wallet.password, frameA, ownerSession);
    expect(owner).toMatchObject({ status: 429, code: 'recovery_attempts_exceeded' });
    expect(Number(owner.retryAfter)).toBeGreaterThan(3600);
    expect(Number(owner.retryAfter)).toBeLessThanOrEqual(RECOVERY_LIMITS.windowS);
    server.clock.advance(Number(owner.retryAfter) * 1000);
    const later = await onDevice(wallet, frameA);
    expect((await unlock(wallet, wallet.password, frameA, later)).share?.equals(wallet.share)).toBe(
      true,
    );
  });
});

describe('a thief with the record, the sealed share and the traffic cannot guess offline', () => {
  it('the right password does not pass OPAQUE without the server OPRF key', async () => {
    const wallet = await passcodeWallet();
    // The thief runs their own server with the stolen record (any setup but the app's).
    const thiefSetup = opaque.server.createSetup();
    const { clientLoginState, startLoginRequest } = opaque.client.startLogin({
      password: wallet.password,
    });
    const { loginResponse } = opaque.server.startLogin({
      serverSetup: thiefSetup,
      userIdentifier: `latchkey-recovery:${appId}:${wallet.address}`,
      registrationRecord: wallet.traffic.record,
      startLoginRequest,
    });
    const finished = opaque.client.finishLogin({
      clientLoginState,
      loginResponse,
      password: wallet.password,
      keyStretching: KSF,
    });
    expect(finished).toBeUndefined();
  });

  it('the registration traffic is blinded: replaying it finishes a registration with another export key', async () => {
    const wallet = await passcodeWallet();
    // The thief has the server's registration answer but not the client's blind.
    const { clientRegistrationState } = opaque.client.startRegistration({
      password: wallet.password,
    });
    const replayed = opaque.client.finishRegistration({
      clientRegistrationState,
      registrationResponse: wallet.traffic.registrationResponse,
      password: wallet.password,
      keyStretching: KSF,
    });
    expect(open(sealKey(replayed.exportKey), wallet.sealedShare, wallet.address)).toBeNull();
  });

  it('the sealed share does not open with keys derived from the password alone', async () => {
    const wallet = await passcodeWallet();
    const password = Buffer.from(wallet.password);
    const salts = [Buffer.alloc(0), Buffer.from(wallet.address), Buffer.from(appId)];
    const candidates: Buffer[] = [];
    for (const salt of salts) {
      candidates.push(pbkdf2Sync(password, salt, 1000, 32, 'sha256'));
      candidates.push(Buffer.from(hkdfSync('sha256', password, salt, OPAQUE_SEAL_INFO, 32)));
      candidates.push(scryptSync(password, salt, 32));
    }
    candidates.push(sealKey(Buffer.from(password).toString('base64url')));
    // The record and the registration traffic as key material.
    for (const text of [wallet.traffic.record, wallet.traffic.registrationResponse]) {
      candidates.push(sealKey(text));
    }
    for (const key of candidates) expect(open(key, wallet.sealedShare, wallet.address)).toBeNull();
    // Sanity: the real export key opens it (so the check above can fail).
    expect((await unlock(wallet, wallet.password)).share?.equals(wallet.share)).toBe(true);
  });
});

describe('legacy PBKDF2 blobs (migration)', () => {
  it('a legacy wallet is served its blob, has no OPAQUE login, and a reshare drops the blob', async () => {
    const session = await frameA.login(appId);
    const key = testWalletKey();
    const blob = {
      version: 1 as const,
      kdf: 'PBKDF2-SHA256' as const,
      iterations: 600_000,
      salt: randomBytes(16).toString('base64'),
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(80).toString('base64'),
    };
    await createEmbeddedWallet(server.context, appId, session.userId, {
      address: key.address,
      auth_share: randomBytes(49).toString('base64'),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_blob: blob,
    });
    const legacy = await frameA.post(session, ROUTES.walletRecoveryShare, { address: key.address });
    expect(recoveryShareResponse.parse(await legacy.json()).recovery_blob).toEqual(blob);
    const { res } = await loginStart(session, frameA, key.address, 'pw');
    await expectError(res, 404, 'not_found');
    const share = randomBytes(49);
    const next = await register(session, key, 'pw', share);
    const proof = await frameA.walletProof(session, key, 'reshare');
    const reshared = await frameA.post(session, ROUTES.walletReshare, {
      address: key.address,
      auth_share: randomBytes(49).toString('base64'),
      recovery_method: 'user-passcode',
      recovery_share: null,
      recovery_opaque: next.recovery_opaque,
      ...proof,
    });
    expect(reshared.status).toBe(200);
    expect((await walletRow(key.address)).recoveryBlob).toBeNull();
    const after = await frameA.post(session, ROUTES.walletRecoveryShare, { address: key.address });
    expect(recoveryShareResponse.parse(await after.json()).recovery_blob).toBeNull();
  });
});
