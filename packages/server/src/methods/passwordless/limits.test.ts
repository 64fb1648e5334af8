/**
 * Limits that fit real networks (issue 10, item 7): with the default limits, 200 people behind
 * one NAT all log in; a stranger's wrong codes do not lock the owner out; guessing stays capped
 * per code, per destination and IP, and per destination.
 */
import { CODE_MAX_ATTEMPTS, ROUTES } from '@latchkey/api';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { devOutbox } from '../../db/schema.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../../rate-limit.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../../test-utils.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database?.close());

/** A test server with the production defaults (the test helper relaxes the per-IP limits). */
function defaultsServer(overrides: Partial<RateLimitConfig> = {}): TestServer {
  return testServer(database, { rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides } });
}

/** POSTs `body` to `path` of `app` from the socket address `ip`. */
function postFrom(server: TestServer, app: string, ip: string, path: string, body: unknown) {
  return server.app.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'latchkey-app-id': app },
      body: JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('default limits', () => {
  it('bound guessing at one address to 100 per hour', () => {
    const hourly = (r: { max: number; windowS: number }) => r.max * Math.max(1, 3600 / r.windowS);
    const d = DEFAULT_RATE_LIMITS;
    expect(hourly(d.sendsPerDestination) * CODE_MAX_ATTEMPTS).toBeLessThanOrEqual(100);
    expect(hourly(d.failuresPerDestination)).toBeLessThanOrEqual(100);
    // One IP alone cannot reach the global caps.
    expect(d.failuresPerDestinationIp.max).toBeLessThan(d.failuresPerDestination.max);
    expect(d.sendsPerDestinationIp.max).toBeLessThan(d.sendsPerDestination.max);
  });

  it('let 200 people behind one NAT log in within one minute', async () => {
    const server = defaultsServer();
    const app = (await server.createApp()).id;
    const nat = '203.0.113.1';
    const people = Array.from({ length: 200 }, (_, i) => uniqueEmail(`nat${i}`));
    const inBatches = async (each: (email: string, i: number) => Promise<void>) => {
      for (let i = 0; i < people.length; i += 20) {
        await Promise.all(people.slice(i, i + 20).map((email, j) => each(email, i + j)));
      }
    };
    // Everyone in the same rate-limit window (the clock does not move); one in five mistypes once.
    await inBatches(async (email) => {
      const sent = await postFrom(server, app, nat, ROUTES.passwordlessInit, { email });
      expect(sent.status).toBe(200);
    });
    const sent = await database.db
      .select({ to: devOutbox.to, code: devOutbox.code })
      .from(devOutbox)
      .where(inArray(devOutbox.to, people));
    const codes = new Map(sent.map((m) => [m.to, m.code!]));
    expect(codes.size).toBe(200);
    await inBatches(async (email, i) => {
      const code = codes.get(email)!;
      if (i % 5 === 0) {
        const typo = await postFrom(server, app, nat, ROUTES.passwordlessAuthenticate, {
          email,
          code: wrong(code),
        });
        expect(typo.status).toBe(422);
      }
      const res = await postFrom(server, app, nat, ROUTES.passwordlessAuthenticate, {
        email,
        code,
      });
      expect(res.status).toBe(200);
    });
  }, 120_000);
});

describe("a stranger's wrong codes", () => {
  it('do not stop the owner at another IP from logging in with a fresh code', async () => {
    const server = defaultsServer();
    const app = (await server.createApp()).id;
    const owner = uniqueEmail('owner');
    const [ownerIp, strangerIp] = ['198.51.100.10', '192.0.2.66'];
    const init = (ip: string) =>
      postFrom(server, app, ip, ROUTES.passwordlessInit, { email: owner });
    const submit = (ip: string, code: string) =>
      postFrom(server, app, ip, ROUTES.passwordlessAuthenticate, { email: owner, code });

    // The owner asks for a code; the stranger burns its attempts (per-code cap), asks for new
    // codes and guesses until its own IP is refused.
    expect((await init(ownerIp)).status).toBe(200);
    const ownersFirst = await server.lastCode(owner);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await submit(strangerIp, wrong(ownersFirst))).status).toBe(422);
    }
    expect((await submit(ownerIp, ownersFirst)).status).toBe(422); // that code is spent
    let strangerFailures = CODE_MAX_ATTEMPTS;
    while (strangerFailures < DEFAULT_RATE_LIMITS.failuresPerDestinationIp.max) {
      server.clock.advance(31_000);
      expect((await init(strangerIp)).status).toBe(200);
      const code = await server.lastCode(owner);
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++, strangerFailures++) {
        expect((await submit(strangerIp, wrong(code))).status).toBe(422);
      }
    }
    expect((await submit(strangerIp, '000000')).status).toBe(429);

    // The owner asks for a fresh code and logs in, without waiting for the hour.
    server.clock.advance(31_000);
    expect((await init(ownerIp)).status).toBe(200);
    const fresh = await server.lastCode(owner);
    expect((await submit(ownerIp, fresh)).status).toBe(200);
    // The stranger is still refused at its IP, even with a new code.
    server.clock.advance(31_000);
    expect((await init(strangerIp)).status).toBe(200);
    expect((await submit(strangerIp, await server.lastCode(owner))).status).toBe(429);
  });

  it('stay capped per destination across IPs (the global guard)', async () => {
    // A global cap just above one IP's, to reach it with two IPs.
    const server = defaultsServer({ failuresPerDestination: { max: 12, windowS: 3600 } });
    const app = (await server.createApp()).id;
    const email = uniqueEmail('global');
    const submit = (ip: string, code: string) =>
      postFrom(server, app, ip, ROUTES.passwordlessAuthenticate, { email, code });
    let failures = 0;
    for (const ip of ['192.0.2.1', '192.0.2.2']) {
      for (let f = 0; f < DEFAULT_RATE_LIMITS.failuresPerDestinationIp.max && failures < 12;) {
        server.clock.advance(31_000);
        expect((await postFrom(server, app, ip, ROUTES.passwordlessInit, { email })).status).toBe(
          200,
        );
        const code = await server.lastCode(email);
        for (let i = 0; i < CODE_MAX_ATTEMPTS && f < 10 && failures < 12; i++, f++, failures++) {
          expect((await submit(ip, wrong(code))).status).toBe(422);
        }
      }
    }
    server.clock.advance(31_000);
    expect(
      (await postFrom(server, app, '192.0.2.3', ROUTES.passwordlessInit, { email })).status,
    ).toBe(200);
    expect((await submit('192.0.2.3', await server.lastCode(email))).status).toBe(429);
    // After the hour the owner gets in.
    server.clock.advance(3600_000);
    expect(
      (await postFrom(server, app, '192.0.2.3', ROUTES.passwordlessInit, { email })).status,
    ).toBe(200);
    expect((await submit('192.0.2.3', await server.lastCode(email))).status).toBe(200);
  });
});
