/**
 * The captcha gate against a local peer speaking Turnstile's siteverify protocol, and ALTCHA
 * challenges solved in-test with altcha-lib's solver (issue 6; spec sections 4, 5).
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AltchaChallenge, APP_ID_HEADER, authenticateResponse, ROUTES } from '@latchkey/api';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { deriveKey as webDeriveKey } from 'altcha-lib/algorithms/web/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../test-utils.ts';

/** Cloudflare's documented dummy secret keys. */
const ALWAYS_PASSES = '1x0000000000000000000000000000000AA';
const ALWAYS_FAILS = '2x0000000000000000000000000000000AA';
/** A "real" secret of the peer: only tokens the peer issued, once each. */
const PEER_SECRET = 'peer-secret-0123456789';

/**
 * A siteverify peer: form body in, JSON out, like challenges.cloudflare.com. Tokens come from
 * `issue(hostname)` and are accepted once (then `timeout-or-duplicate`).
 */
interface SiteverifyPeer {
  url: string;
  issue(hostname?: string): string;
  requests: URLSearchParams[];
  failWith: number | null;
  close(): Promise<void>;
}

async function startPeer(): Promise<SiteverifyPeer> {
  const issued = new Map<string, string>();
  let n = 0;
  const peer: Partial<SiteverifyPeer> & { requests: URLSearchParams[]; failWith: number | null } = {
    requests: [],
    failWith: null,
  };
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (peer.failWith) {
        res.writeHead(peer.failWith).end('upstream error');
        return;
      }
      if (
        req.method !== 'POST' ||
        !req.headers['content-type']?.includes('x-www-form-urlencoded')
      ) {
        res.writeHead(405).end();
        return;
      }
      const form = new URLSearchParams(body);
      peer.requests.push(form);
      const secret = form.get('secret');
      const token = form.get('response') ?? '';
      let answer: Record<string, unknown>;
      const ok = (hostname: string) => ({
        success: true,
        'error-codes': [],
        challenge_ts: new Date().toISOString(),
        hostname,
        action: '',
        cdata: '',
      });
      if (secret === ALWAYS_PASSES)
        answer = ok('example.com'); // As Cloudflare answers.
      else if (secret === ALWAYS_FAILS) {
        answer = { success: false, 'error-codes': ['invalid-input-response'] };
      } else if (secret !== PEER_SECRET) {
        answer = { success: false, 'error-codes': ['invalid-input-secret'] };
      } else if (issued.has(token)) {
        answer = ok(issued.get(token)!);
        issued.delete(token);
      } else {
        answer = { success: false, 'error-codes': ['invalid-input-response'] };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    issue(hostname = 'app.example.com') {
      const token = `XXXX.DUMMY.TOKEN.${++n}.${Math.random().toString(36).slice(2)}`;
      issued.set(token, hostname);
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SiteverifyPeer;
}

let database: Database;
let peer: SiteverifyPeer;
let server: TestServer;
let turnstileApp: string;
let plainApp: string;
let altchaApp: string;
let otherAltchaApp: string;

beforeAll(async () => {
  database = await testDatabase();
  peer = await startPeer();
  server = testServer(database, { server: { turnstileSiteverifyUrl: peer.url } });
  const captcha = {
    captchaEnabled: true,
    captchaSiteKey: 't:0x4AAAAAAA',
    captchaSecretKey: PEER_SECRET,
  };
  turnstileApp = (await server.createApp(captcha)).id;
  plainApp = (await server.createApp()).id;
  altchaApp = (await server.createApp({ captchaEnabled: true, captchaSiteKey: 'a:' })).id;
  otherAltchaApp = (await server.createApp({ captchaEnabled: true, captchaSiteKey: 'a:' })).id;
});
afterAll(async () => {
  await peer?.close();
  await database?.close();
});

async function outbox(to: string): Promise<unknown[]> {
  const res = await server.app.request(`/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await res.json()) as unknown[];
}

async function expectRefused(res: Response, code: string) {
  expect(res.status).toBe(400);
  expect(((await res.json()) as { code: string }).code).toBe(code);
}

describe('Turnstile gate', () => {
  it('requires a token when captcha is enabled, and sends no code without one', async () => {
    const email = uniqueEmail('nocaptcha');
    await expectRefused(
      await server.post(turnstileApp, ROUTES.passwordlessInit, { email }),
      'invalid_captcha',
    );
    expect(await outbox(email)).toEqual([]);
  });

  it('refuses a wrong token (siteverify says no) and sends no code', async () => {
    const email = uniqueEmail('wrong');
    const before = peer.requests.length;
    await expectRefused(
      await server.post(turnstileApp, ROUTES.passwordlessInit, { email, token: 'forged' }),
      'invalid_captcha',
    );
    expect(peer.requests.length).toBe(before + 1);
    expect(peer.requests.at(-1)!.get('response')).toBe('forged');
    expect(peer.requests.at(-1)!.get('secret')).toBe(PEER_SECRET);
    expect(await outbox(email)).toEqual([]);
  });

  it('accepts a right token; the handler still reads the body after the gate', async () => {
    const email = uniqueEmail('right');
    const token = peer.issue();
    const res = await server.post(turnstileApp, ROUTES.passwordlessInit, { email, token });
    expect(res.status).toBe(200);
    // The email came from the body the gate had already read: the code went to it.
    expect(await outbox(email)).toHaveLength(1);
    // Used once: the same token again is refused.
    await expectRefused(
      await server.post(turnstileApp, ROUTES.passwordlessInit, { email, token }),
      'invalid_captcha',
    );
  });

  it('gates every unauthenticated login init call', async () => {
    for (const path of [
      ROUTES.passwordlessSmsInit,
      ROUTES.siweInit,
      ROUTES.oauthInit,
      ROUTES.passkeyRegisterInit,
      ROUTES.passkeyAuthenticateInit,
    ]) {
      const res = await server.post(turnstileApp, path, {});
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code, path).toBe('invalid_captcha');
    }
  });

  it("behaves with Cloudflare's dummy secrets: 1x... passes, 2x... fails", async () => {
    const pass = (
      await server.createApp({
        captchaEnabled: true,
        captchaSiteKey: 't:1x00000000000000000000AA',
        captchaSecretKey: ALWAYS_PASSES,
      })
    ).id;
    const fail = (
      await server.createApp({
        captchaEnabled: true,
        captchaSiteKey: 't:2x00000000000000000000AB',
        captchaSecretKey: ALWAYS_FAILS,
      })
    ).id;
    const email = uniqueEmail('dummy');
    expect(
      (await server.post(pass, ROUTES.passwordlessInit, { email, token: 'XXXX.DUMMY.TOKEN.XXXX' }))
        .status,
    ).toBe(200);
    await expectRefused(
      await server.post(fail, ROUTES.passwordlessInit, { email, token: 'XXXX.DUMMY.TOKEN.XXXX' }),
      'invalid_captcha',
    );
  });

  it('refuses a token solved on a site the app does not allow (hostname)', async () => {
    const email = uniqueEmail('host');
    await expectRefused(
      await server.post(turnstileApp, ROUTES.passwordlessInit, {
        email,
        token: peer.issue('evil.example.net'),
      }),
      'invalid_captcha',
    );
    expect(await outbox(email)).toEqual([]);
  });

  it('spends no token on a foreign origin (the route refuses it)', async () => {
    const token = peer.issue();
    const before = peer.requests.length;
    const res = await server.post(
      turnstileApp,
      ROUTES.passwordlessInit,
      { email: uniqueEmail('foreign'), token },
      { origin: 'https://evil.example.net' },
    );
    expect(res.status).toBe(403);
    expect(peer.requests.length).toBe(before);
    const ok = await server.post(
      turnstileApp,
      ROUTES.passwordlessInit,
      { email: uniqueEmail('allowed'), token },
      { origin: 'https://app.example.com' },
    );
    expect(ok.status).toBe(200);
  });

  it('lets apps without captcha log in without a token', async () => {
    const res = await server.post(plainApp, ROUTES.passwordlessInit, { email: uniqueEmail() });
    expect(res.status).toBe(200);
  });

  it('skips the gate for link inits with a valid bearer token, not for a forged one', async () => {
    const email = uniqueEmail('linker');
    await server.post(turnstileApp, ROUTES.passwordlessInit, { email, token: peer.issue() });
    const auth = authenticateResponse.parse(
      await (
        await server.post(turnstileApp, ROUTES.passwordlessAuthenticate, {
          email,
          code: await server.lastCode(email),
        })
      ).json(),
    );
    const second = uniqueEmail('second');
    const linked = await server.post(
      turnstileApp,
      ROUTES.passwordlessInit,
      { email: second },
      { authorization: `Bearer ${auth.token}` },
    );
    expect(((await linked.clone().json()) as { code?: string }).code).not.toBe('invalid_captcha');
    expect(linked.status).toBe(200);
    await expectRefused(
      await server.post(
        turnstileApp,
        ROUTES.passwordlessInit,
        { email: uniqueEmail() },
        { authorization: 'Bearer not.a.token' },
      ),
      'invalid_captcha',
    );
  });

  it('fails closed when siteverify answers 5xx or is unreachable', async () => {
    const email = uniqueEmail('down');
    peer.failWith = 503;
    try {
      await expectRefused(
        await server.post(turnstileApp, ROUTES.passwordlessInit, { email, token: peer.issue() }),
        'captcha_failure',
      );
    } finally {
      peer.failWith = null;
    }
    const down = await startPeer();
    const deadUrl = down.url;
    await down.close();
    const other = testServer(database, { server: { turnstileSiteverifyUrl: deadUrl } });
    await expectRefused(
      await other.post(turnstileApp, ROUTES.passwordlessInit, { email, token: peer.issue() }),
      'captcha_failure',
    );
    expect(await outbox(email)).toEqual([]);
  });

  it('fails closed when a Turnstile app has no secret key', async () => {
    const id = (await server.createApp({ captchaEnabled: true, captchaSiteKey: 't:abc' })).id;
    await expectRefused(
      await server.post(id, ROUTES.passwordlessInit, { email: uniqueEmail(), token: peer.issue() }),
      'captcha_failure',
    );
  });
});

describe('ALTCHA', () => {
  async function challenge(appId: string): Promise<AltchaChallenge> {
    const res = await server.app.request(ROUTES.altchaChallenge, {
      headers: { [APP_ID_HEADER]: appId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as AltchaChallenge;
  }

  async function solvedToken(appId: string): Promise<string> {
    const c = await challenge(appId);
    const solution = await solveChallenge({ challenge: c, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
  }

  it('serves challenges only to ALTCHA apps', async () => {
    const res = await server.app.request(ROUTES.altchaChallenge, {
      headers: { [APP_ID_HEADER]: plainApp },
    });
    expect(res.status).toBe(400);
    const c = await challenge(altchaApp);
    expect(c.parameters.algorithm).toBe('SHA-256');
    expect(c.parameters.data).toMatchObject({ app: altchaApp });
    expect(typeof c.signature).toBe('string');
  });

  it('accepts a solved challenge once, then refuses the reused token', async () => {
    const token = await solvedToken(altchaApp);
    const email = uniqueEmail('altcha');
    expect((await server.post(altchaApp, ROUTES.passwordlessInit, { email, token })).status).toBe(
      200,
    );
    expect(await outbox(email)).toHaveLength(1);
    await expectRefused(
      await server.post(altchaApp, ROUTES.passwordlessInit, { email, token }),
      'invalid_captcha',
    );
    // Re-encoding the same solution does not make it a new token.
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as object;
    const respelled = Buffer.from(JSON.stringify(decoded, null, 2)).toString('base64');
    await expectRefused(
      await server.post(altchaApp, ROUTES.passwordlessInit, { email, token: respelled }),
      'invalid_captcha',
    );
  });

  it('accepts a token solved with the browser (WebCrypto) solver, within the cost budget', async () => {
    const c = await challenge(altchaApp);
    const started = performance.now();
    const solution = await solveChallenge({ challenge: c, deriveKey: webDeriveKey });
    const elapsed = performance.now() - started;
    expect(solution).not.toBeNull();
    expect(solution!.counter).toBeGreaterThanOrEqual(5_000);
    expect(solution!.counter).toBeLessThanOrEqual(25_000);
    // Generous bound for a loaded CI machine; a browser needs well under a second.
    expect(elapsed).toBeLessThan(10_000);
    const token = Buffer.from(JSON.stringify({ challenge: c, solution })).toString('base64');
    const res = await server.post(altchaApp, ROUTES.passwordlessInit, {
      email: uniqueEmail('web'),
      token,
    });
    expect(res.status).toBe(200);
  });

  it('refuses a missing token, a wrong solution, a tampered challenge and another app', async () => {
    const email = uniqueEmail('altcha-bad');
    await expectRefused(
      await server.post(altchaApp, ROUTES.passwordlessInit, { email }),
      'invalid_captcha',
    );
    const c = await challenge(altchaApp);
    const solution = (await solveChallenge({ challenge: c, deriveKey }))!;
    const wrong = { counter: solution.counter + 1, derivedKey: solution.derivedKey };
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    await expectRefused(
      await server.post(altchaApp, ROUTES.passwordlessInit, {
        email,
        token: enc({ challenge: c, solution: { ...wrong, derivedKey: '00'.repeat(32) } }),
      }),
      'invalid_captcha',
    );
    const tampered = { ...c, parameters: { ...c.parameters, cost: 2 } };
    await expectRefused(
      await server.post(altchaApp, ROUTES.passwordlessInit, {
        email,
        token: enc({ challenge: tampered, solution }),
      }),
      'invalid_captcha',
    );
    // A challenge of one app is no good for another.
    await expectRefused(
      await server.post(otherAltchaApp, ROUTES.passwordlessInit, {
        email,
        token: enc({ challenge: c, solution }),
      }),
      'invalid_captcha',
    );
    expect(await outbox(email)).toEqual([]);
  });

  it('refuses an expired challenge (10 minutes)', async () => {
    const token = await solvedToken(altchaApp);
    server.clock.advance(11 * 60 * 1000);
    await expectRefused(
      await server.post(altchaApp, ROUTES.passwordlessInit, { email: uniqueEmail(), token }),
      'invalid_captcha',
    );
  });
});
