/**
 * Sender-constrained custody (issue 10, item 1): DPoP-bound sessions and DPoP on the share
 * routes. A "frame" is a `dpop` key pair (`testFrame`); a "thief" holds the user's tokens but
 * not that key.
 */
import { randomBytes } from 'node:crypto';
import {
  apiErrorBody,
  authShareResponse,
  authenticateResponse,
  DPOP_HEADER,
  DPOP_PROOF_WINDOW_S,
  ROUTES,
  recoveryShareResponse,
  SESSION_ROUTES,
  sessionResponse,
} from '@latchkey/api';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { PrivateKeyAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { embeddedWallets, sessions, users, walletNonces } from '../db/schema.ts';
import {
  loginByEmail,
  TEST_PUBLIC_URL,
  type TestFrame,
  type TestServer,
  type TestSession,
  testDatabase,
  testFrame,
  testServer,
  testWalletKey,
  uniqueEmail,
} from '../test-utils.ts';
import { verifyDpopProof } from './dpop.ts';

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

const share = () => randomBytes(49).toString('base64');

function walletBody(key: PrivateKeyAccount) {
  return {
    address: key.address,
    chain_type: 'ethereum',
    auth_share: share(),
    recovery_method: 'latchkey',
    recovery_share: share(),
    recovery_blob: null,
  } as const;
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status, `expected ${status} ${code}`).toBe(status);
  const body = apiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

/** A bound session with a created wallet (latchkey recovery). */
async function userWithWallet(f = frame) {
  const session = await f.login(appId);
  const key = testWalletKey();
  const body = walletBody(key);
  const proof = await f.walletProof(session, key, 'create');
  const res = await f.post(session, ROUTES.embeddedWallets, { ...body, ...proof });
  expect(res.status).toBe(200);
  return { session, key, wallet: body };
}

/** Everything a share route could change for `userId`: the sealed wallet row(s) and nonces. */
async function custodyState(userId: string) {
  const wallets = await database.db
    .select()
    .from(embeddedWallets)
    .where(eq(embeddedWallets.userId, userId));
  const nonces = await database.db
    .select()
    .from(walletNonces)
    .where(eq(walletNonces.userId, userId));
  return { wallets, nonces };
}

const sessionRow = async (sessionId: string) =>
  (await database.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0];

describe('login with a DPoP proof (SESSION_ROUTES)', () => {
  it('binds the session to the key: sessions.dpop_jkt and cnf.jkt = the thumbprint', async () => {
    const session = await frame.login(appId);
    const claims = decodeJwt(session.token);
    expect(claims.cnf).toEqual({ jkt: frame.jkt });
    expect((await sessionRow(claims.sid as string))?.dpopJkt).toBe(frame.jkt);
    // The thumbprint is the RFC 7638 one (as jose computes it too).
    const { calculateJwkThumbprint, exportJWK } = await import('jose');
    expect(await calculateJwkThumbprint(await exportJWK(frame.keyPair.publicKey))).toBe(frame.jkt);
  });

  it('leaves a login without a proof unbound (no cnf), and it cannot reach a share route', async () => {
    const { session: bound } = await userWithWallet();
    const unbound = await loginByEmail(server, appId, { email: bound.email });
    expect(unbound.userId).toBe(bound.userId);
    const claims = decodeJwt(unbound.token);
    expect(claims.cnf).toBeUndefined();
    expect((await sessionRow(claims.sid as string))?.dpopJkt).toBeNull();
    const res = await frame.post(unbound, ROUTES.walletNonce);
    await expectError(res, 401, 'session_not_bound');
  });

  it('refuses an invalid proof with 401 invalid_dpop_proof, starts no session, spends no code', async () => {
    const email = uniqueEmail('badproof');
    await server.post(appId, ROUTES.passwordlessInit, { email });
    const code = await server.lastCode(email);
    const path = ROUTES.passwordlessAuthenticate;
    const reused = await frame.proof('POST', path);
    // `reused` is accepted once (another user's login), then is a replay.
    await loginByEmail(server, appId, { dpop: reused });
    const bad = [
      'not-a-jwt',
      '',
      `${await frame.proof('POST', path)},${await frame.proof('POST', path)}`,
      await frame.proof('POST', ROUTES.passwordlessInit), // another URL
      await frame.proof('POST', path, { htu: `https://evil.example${path}` }), // another host
      await frame.proof('GET', path), // another method
      await frame.proof('POST', path, { accessToken: 'some-token' }), // has ath
      await frame.proof('POST', path, {
        atMs: server.clock() - (DPOP_PROOF_WINDOW_S + 1) * 1000,
      }), // stale
      await frame.proof('POST', path, {
        atMs: server.clock() + (DPOP_PROOF_WINDOW_S + 1) * 1000,
      }), // from the future
      reused, // replayed
    ];
    const sessionCount = async () =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
      )[0]!.n;
    const before = await sessionCount();
    for (const proof of bad) {
      const res = await server.post(appId, path, { email, code }, { [DPOP_HEADER]: proof });
      await expectError(res, 401, 'invalid_dpop_proof');
    }
    expect(await sessionCount()).toBe(before);
    // The code still works with a good proof.
    const ok = await server.post(
      appId,
      path,
      { email, code },
      { [DPOP_HEADER]: await frame.proof('POST', path) },
    );
    expect(ok.status).toBe(200);
    expect(decodeJwt(authenticateResponse.parse(await ok.json()).token!).cnf).toEqual({
      jkt: frame.jkt,
    });
  });

  it('checks a proof on every session route before the route runs', async () => {
    for (const path of SESSION_ROUTES) {
      const res = await server.post(appId, path, {}, { [DPOP_HEADER]: 'garbage' });
      await expectError(res, 401, 'invalid_dpop_proof');
    }
  });

  it('keeps the binding across refresh: the new token has cnf.jkt and works with the same key', async () => {
    const { session, wallet } = await userWithWallet();
    const res = await server.post(appId, ROUTES.sessions, { refresh_token: session.refreshToken });
    expect(res.status).toBe(200);
    const body = sessionResponse.parse(await res.json());
    const refreshed: TestSession = {
      ...session,
      token: body.token!,
      refreshToken: body.refresh_token!,
    };
    expect(refreshed.token).not.toBe(session.token);
    expect(decodeJwt(refreshed.token).cnf).toEqual({ jkt: frame.jkt });
    const got = await frame.post(refreshed, ROUTES.walletAuthShare, { address: wallet.address });
    expect(got.status).toBe(200);
    expect(authShareResponse.parse(await got.json()).auth_share).toBe(wallet.auth_share);
    // Another key still cannot use it.
    const other = await testFrame(server);
    await expectError(
      await other.post(refreshed, ROUTES.walletAuthShare, { address: wallet.address }),
      401,
      'invalid_dpop_proof',
    );
  });

  it('a login proof (no ath) opens no share route', async () => {
    const { session, wallet } = await userWithWallet();
    // A proof like the login one, for the share URL but without ath.
    const noAth = await frame.proof('POST', ROUTES.walletAuthShare);
    await expectError(
      await frame.post(
        session,
        ROUTES.walletAuthShare,
        { address: wallet.address },
        { proof: noAth },
      ),
      401,
      'invalid_dpop_proof',
    );
    // The very proof a login was made with.
    const loginProof = await frame.proof('POST', ROUTES.passwordlessAuthenticate);
    const other = await loginByEmail(server, appId, { email: session.email, dpop: loginProof });
    await expectError(
      await frame.post(
        other,
        ROUTES.walletAuthShare,
        { address: wallet.address },
        { proof: loginProof },
      ),
      401,
      'invalid_dpop_proof',
    );
  });
});

/**
 * One share route under test: a valid body for `session` (whose wallet is `wallet`, if any),
 * made fresh for each call.
 */
interface RouteCase {
  path: string;
  /** Whether the user must have a wallet before the call (every route but create). */
  needsWallet: boolean;
  body(session: TestSession, wallet: WalletFixture | undefined): Promise<object>;
}

interface WalletFixture {
  key: PrivateKeyAccount;
  wallet: ReturnType<typeof walletBody>;
}

const ROUTE_CASES: RouteCase[] = [
  {
    path: ROUTES.walletAuthShare,
    needsWallet: true,
    body: async (_s, w) => ({ address: w!.wallet.address }),
  },
  {
    path: ROUTES.walletRecoveryShare,
    needsWallet: true,
    body: async (_s, w) => ({ address: w!.wallet.address }),
  },
  {
    path: ROUTES.walletReshare,
    needsWallet: true,
    body: async (s, w) => {
      const next = walletBody(w!.key);
      const { chain_type: _chain, ...rest } = next;
      return { ...rest, ...(await frame.walletProof(s, w!.key, 'reshare')) };
    },
  },
  {
    path: ROUTES.embeddedWallets,
    needsWallet: false,
    body: async (s) => {
      const key = testWalletKey();
      return { ...walletBody(key), ...(await frame.walletProof(s, key, 'create')) };
    },
  },
  { path: ROUTES.walletNonce, needsWallet: false, body: async () => ({}) },
];

describe.each(ROUTE_CASES)('DPoP on $path', ({ path, needsWallet, body }) => {
  let session: TestSession;
  let fixture: WalletFixture | undefined;
  let thief: TestFrame;

  beforeAll(async () => {
    thief = await testFrame(server);
    if (needsWallet) {
      const made = await userWithWallet();
      session = made.session;
      fixture = { key: made.key, wallet: made.wallet };
    } else {
      session = await frame.login(appId);
    }
  });

  /** Sends one refused request and checks that nothing changed. */
  async function refused(
    code: string,
    make: (b: object) => Promise<Response>,
    b?: object,
  ): Promise<void> {
    const requestBody = b ?? (await body(session, fixture));
    const before = await custodyState(session.userId);
    await expectError(await make(requestBody), 401, code);
    expect(await custodyState(session.userId)).toEqual(before);
  }

  it('refuses the right token without a proof', async () => {
    await refused('invalid_dpop_proof', (b) => frame.post(session, path, b, { proof: null }));
  });

  it('refuses Authorization: Bearer (and no Authorization) even with a valid proof', async () => {
    await refused('missing_or_invalid_token', (b) =>
      frame.post(session, path, b, { authorization: `Bearer ${session.token}` }),
    );
    await refused('missing_or_invalid_token', async (b) =>
      server.post(appId, path, b, {
        [DPOP_HEADER]: await frame.proof('POST', path, { accessToken: session.token }),
      }),
    );
  });

  it('refuses a proof by another key', async () => {
    await refused('invalid_dpop_proof', (b) => thief.post(session, path, b));
  });

  it('refuses a proof for another URL or method', async () => {
    const other = path === ROUTES.walletNonce ? ROUTES.walletAuthShare : ROUTES.walletNonce;
    const token = session.token;
    for (const proof of [
      () => frame.proof('POST', other, { accessToken: token }),
      () => frame.proof('POST', path, { accessToken: token, htu: `https://evil.example${path}` }),
      () => frame.proof('GET', path, { accessToken: token }),
      () => frame.proof('PUT', path, { accessToken: token }),
    ]) {
      await refused('invalid_dpop_proof', async (b) =>
        frame.post(session, path, b, { proof: await proof() }),
      );
    }
  });

  it('refuses a proof with a missing or wrong ath', async () => {
    await refused('invalid_dpop_proof', async (b) =>
      frame.post(session, path, b, { proof: await frame.proof('POST', path) }),
    );
    const another = await frame.login(appId, { email: session.email }); // same user and key
    await refused('invalid_dpop_proof', async (b) =>
      frame.post(session, path, b, {
        proof: await frame.proof('POST', path, { accessToken: another.token }),
      }),
    );
  });

  it('refuses a proof outside the iat window (server clock), either way', async () => {
    const window = DPOP_PROOF_WINDOW_S * 1000;
    for (const atMs of [server.clock() - window - 1000, server.clock() + window + 1000]) {
      await refused('invalid_dpop_proof', async (b) =>
        frame.post(session, path, b, {
          proof: await frame.proof('POST', path, { accessToken: session.token, atMs }),
        }),
      );
    }
    // A proof made now goes stale when the server clock moves past the window.
    const b = await body(session, fixture);
    const proof = await frame.proof('POST', path, { accessToken: session.token });
    server.clock.advance(window + 1000);
    await refused('invalid_dpop_proof', () => frame.post(session, path, b, { proof }), b);
  });

  it('refuses an unbound session (login without a proof) with session_not_bound', async () => {
    const unbound = await loginByEmail(server, appId, { email: session.email });
    await refused('session_not_bound', async (b) => frame.post(unbound, path, b));
  });

  it('accepts a valid proof once, and refuses its replay', async () => {
    const proof = await frame.proof('POST', path, { accessToken: session.token });
    const first = await frame.post(session, path, await body(session, fixture), { proof });
    expect(first.status).toBe(200);
    await refused('invalid_dpop_proof', (b) => frame.post(session, path, b, { proof }));
  });
});

describe('the attack of issue 10: a thief with the access and refresh tokens', () => {
  it('gets no share, creates no wallet, overwrites nothing, even after refreshing', async () => {
    // The victim logs in through the frame; the host page (and so the thief) holds the tokens.
    const victim = await frame.login(appId);
    const stolen = { ...victim };
    const thief = await testFrame(server);
    const thiefKey = testWalletKey();
    const state = () => custodyState(victim.userId);

    /** Every way the thief can try a custody route with `tokens`. */
    async function attempts(tokens: TestSession, path: string, body: object) {
      const codes: string[] = [];
      const tries = [
        () => server.post(appId, path, body), // no token
        () => server.post(appId, path, body, { authorization: `Bearer ${tokens.token}` }),
        () => thief.post(tokens, path, body, { proof: null }), // DPoP, no proof
        () => thief.post(tokens, path, body), // proof by the thief's key
        () => thief.post(tokens, path, body, { authorization: `Bearer ${tokens.token}` }),
        () => thief.post(tokens, path, body, { headers: { origin: TEST_PUBLIC_URL } }),
      ];
      for (const attempt of tries) {
        const res = await attempt();
        expect(res.status, `${path}`).toBe(401);
        codes.push(apiErrorBody.parse(await res.json()).code);
      }
      return codes;
    }

    async function attack(tokens: TestSession, address: string | undefined) {
      const before = await state();
      const fakeNonce = 'n'.repeat(32);
      const chosen = {
        ...walletBody(thiefKey),
        nonce: fakeNonce,
        signature: await thiefKey.signMessage({ message: 'whatever' }),
      };
      await attempts(tokens, ROUTES.walletNonce, {});
      await attempts(tokens, ROUTES.embeddedWallets, chosen);
      if (address) {
        await attempts(tokens, ROUTES.walletAuthShare, { address });
        await attempts(tokens, ROUTES.walletRecoveryShare, { address });
        const { chain_type: _c, ...junk } = walletBody(thiefKey);
        await attempts(tokens, ROUTES.walletReshare, { ...junk, address, nonce: fakeNonce });
      }
      expect(await state()).toEqual(before);
    }

    // Before the victim has a wallet: the thief cannot create one with a key it chose.
    await attack(stolen, undefined);
    expect((await state()).wallets).toHaveLength(0);

    // The victim creates the wallet through the frame.
    const key = testWalletKey();
    const wallet = walletBody(key);
    const created = await frame.post(victim, ROUTES.embeddedWallets, {
      ...wallet,
      ...(await frame.walletProof(victim, key, 'create')),
    });
    expect(created.status).toBe(200);
    await attack(stolen, wallet.address);

    // The thief refreshes with the stolen refresh token: new tokens, same binding.
    const res = await server.post(appId, ROUTES.sessions, { refresh_token: stolen.refreshToken });
    expect(res.status).toBe(200);
    const rotated = sessionResponse.parse(await res.json());
    const thiefTokens: TestSession = {
      ...stolen,
      token: rotated.token!,
      refreshToken: rotated.refresh_token!,
    };
    expect(decodeJwt(thiefTokens.token).cnf).toEqual({ jkt: frame.jkt });
    await attack(thiefTokens, wallet.address);

    // The stored wallet is the victim's, with the victim's shares, and the frame still gets them.
    const [row] = (await state()).wallets;
    expect(row!.address).toBe(wallet.address);
    const auth = await frame.post(victim, ROUTES.walletAuthShare, { address: wallet.address });
    expect(authShareResponse.parse(await auth.json()).auth_share).toBe(wallet.auth_share);
    const rec = await frame.post(victim, ROUTES.walletRecoveryShare, { address: wallet.address });
    expect(recoveryShareResponse.parse(await rec.json()).recovery_share).toBe(
      wallet.recovery_share,
    );
    // No other wallet row was created anywhere for the thief's key.
    const chosen = await database.db
      .select()
      .from(embeddedWallets)
      .where(and(eq(embeddedWallets.appId, appId), eq(embeddedWallets.address, thiefKey.address)));
    expect(chosen).toHaveLength(0);
  });
});

describe('verifyDpopProof', () => {
  const htu = `${TEST_PUBLIC_URL}/some/path`;

  it('accepts a proof at the edge of the iat window, ignores query and fragment', async () => {
    const ctx = server.context;
    const edge = await frame.proof('POST', '/some/path', {
      atMs: server.clock() - DPOP_PROOF_WINDOW_S * 1000,
    });
    expect(await verifyDpopProof(ctx, edge, { htm: 'POST', htu })).toEqual({ jkt: frame.jkt });
    const query = await frame.proof('POST', '', { htu: `${htu}?a=1#x` });
    expect(await verifyDpopProof(ctx, query, { htm: 'POST', htu })).toEqual({ jkt: frame.jkt });
  });

  it('refuses a proof whose key is not the expected thumbprint', async () => {
    const other = await testFrame(server);
    const proof = await other.proof('POST', '/some/path');
    await expect(
      verifyDpopProof(server.context, proof, { htm: 'POST', htu, jkt: frame.jkt }),
    ).rejects.toMatchObject({ code: 'invalid_dpop_proof' });
    // Refused, so not recorded: the same proof is still good where it fits.
    expect(await verifyDpopProof(server.context, proof, { htm: 'POST', htu })).toEqual({
      jkt: other.jkt,
    });
  });
});
