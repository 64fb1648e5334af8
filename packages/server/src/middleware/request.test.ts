/**
 * The client IP behind proxies (issue 10, item 6): proxy-addr's right-to-left algorithm over
 * `X-Forwarded-For`, the trust setting, the header bound, and rate-limit buckets that a forged
 * header cannot move.
 */
import { ROUTES } from '@latchkey/api';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import type { Database } from '../db/index.ts';
import { testDatabase, testServer, uniqueEmail } from '../test-utils.ts';
import {
  boundForwardedFor,
  clientIp,
  compileTrustProxy,
  MAX_FORWARDED_FOR_LENGTH,
  type TrustProxySetting,
} from './request.ts';

/** The client IP the server computes for a socket peer and an X-Forwarded-For value. */
async function ipOf(
  setting: TrustProxySetting | undefined,
  socket: string | undefined,
  forwardedFor?: string,
): Promise<string> {
  const trust = compileTrustProxy(setting);
  const app = new Hono<AppEnv>().get('/', (c) => c.text(clientIp(c, trust)));
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const env = socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined;
  return (await app.request('/', { headers }, env)).text();
}

describe('clientIp', () => {
  it('uses the socket peer and ignores the header when no proxy is trusted', async () => {
    for (const none of [undefined, false, 0, '', '0', 'false', [] as string[]]) {
      expect(await ipOf(none, '198.51.100.1', '203.0.113.7')).toBe('198.51.100.1');
    }
    expect(await ipOf(undefined, undefined, '203.0.113.7')).toBe('unknown');
  });

  it('walks right to left past a hop count, ignoring forged left-most entries', async () => {
    // One proxy (the old LATCHKEY_TRUST_PROXY=1): the entry it appended, not the client's.
    expect(await ipOf('1', '10.0.0.2', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(true, '10.0.0.2', '6.6.6.6,203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(1, '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
    // Two proxies: the CDN's entry is skipped, the client is the one before it.
    expect(await ipOf(2, '10.0.0.2', '6.6.6.6, 203.0.113.7, 192.0.2.50')).toBe('203.0.113.7');
    // Fewer entries than hops: the left-most one.
    expect(await ipOf(3, '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
    // No header behind a trusted hop: the socket peer.
    expect(await ipOf(1, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('skips trusted addresses, CIDRs and named ranges; stops at the first untrusted hop', async () => {
    const setting = 'loopback, 10.0.0.0/8, 2001:db8::/32';
    expect(await ipOf(setting, '127.0.0.1', '1.1.1.1, 203.0.113.7, 10.0.0.5')).toBe('203.0.113.7');
    expect(await ipOf(setting, '::1', '1.1.1.1, 2001:db8::9, 2001:db8::1')).toBe('1.1.1.1');
    expect(await ipOf(['uniquelocal'], '::ffff:192.168.1.2', '203.0.113.7')).toBe('203.0.113.7');
    // An untrusted hop in the middle ends the walk: what is left of it is the client's word.
    expect(await ipOf(setting, '127.0.0.1', '10.0.0.9, 203.0.113.7, 198.51.100.4')).toBe(
      '198.51.100.4',
    );
    // A client talking to the server directly (untrusted socket) cannot forge the header.
    expect(await ipOf(setting, '198.51.100.1', '127.0.0.1, 10.0.0.1')).toBe('198.51.100.1');
    // Every hop trusted: the left-most entry.
    expect(await ipOf(setting, '127.0.0.1', '10.1.1.1, 10.0.0.5')).toBe('10.1.1.1');
  });

  it('bounds the header: only the right-most part is read', async () => {
    const forged = Array.from({ length: 400 }, (_, i) => `10.9.${i >> 8}.${i & 255}`).join(', ');
    const header = `${forged}, 203.0.113.7`;
    expect(header.length).toBeGreaterThan(MAX_FORWARDED_FOR_LENGTH);
    const bounded = boundForwardedFor(header);
    expect(bounded.length).toBeLessThanOrEqual(MAX_FORWARDED_FOR_LENGTH);
    expect(bounded.endsWith(', 203.0.113.7')).toBe(true);
    // It starts at an entry boundary: every kept entry is a whole address.
    for (const entry of bounded.split(',')) expect(entry.trim()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(await ipOf(1, '10.0.0.2', header)).toBe('203.0.113.7');
    // One over-long entry and nothing after it: nothing is read, the peer is the client.
    expect(await ipOf(1, '10.0.0.2', 'x'.repeat(5000))).toBe('10.0.0.2');
    expect(await ipOf('10.0.0.0/8', '10.0.0.2', `${'y'.repeat(5000)}, 203.0.113.7`)).toBe(
      '203.0.113.7',
    );
    expect(boundForwardedFor('203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('compileTrustProxy', () => {
  it('refuses a setting it cannot read, naming it', () => {
    expect(() => compileTrustProxy('proxy.internal')).toThrow(/proxy\.internal/);
    expect(() => compileTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => compileTrustProxy(-1)).toThrow(/hop count/);
    expect(() => compileTrustProxy(1.5)).toThrow(/hop count/);
  });

  it('compiles hop counts and lists', () => {
    expect(compileTrustProxy('2')('203.0.113.7', 1)).toBe(true);
    expect(compileTrustProxy('2')('203.0.113.7', 2)).toBe(false);
    expect(compileTrustProxy(' loopback , 192.0.2.1 ')('192.0.2.1', 5)).toBe(true);
    expect(compileTrustProxy('loopback')('192.0.2.1', 0)).toBe(false);
  });
});

describe('rate-limit buckets behind a proxy', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database?.close());

  it('a forged X-Forwarded-For never moves a request into another bucket', async () => {
    const server = testServer(database, {
      trustProxy: 'loopback',
      rateLimits: { initPerIp: { max: 1, windowS: 60 } },
    });
    const app = (await server.createApp()).id;
    const send = (socket: string, forwardedFor?: string) =>
      server.app.request(
        ROUTES.passwordlessInit,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'latchkey-app-id': app,
            ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
          },
          body: JSON.stringify({ email: uniqueEmail('xff') }),
        },
        { incoming: { socket: { remoteAddress: socket } } },
      );
    // Through the local proxy: the client is the entry the proxy appended.
    expect((await send('127.0.0.1', '203.0.113.7')).status).toBe(200);
    expect((await send('127.0.0.1', '203.0.113.7')).status).toBe(429);
    for (const forged of ['192.0.2.99, 203.0.113.7', '127.0.0.1, 10.0.0.1,203.0.113.7']) {
      expect((await send('127.0.0.1', forged)).status).toBe(429);
    }
    // Another client behind the same proxy has its own bucket.
    expect((await send('127.0.0.1', '203.0.113.8')).status).toBe(200);
    // A client reaching the server directly is its socket address, whatever it claims.
    expect((await send('198.51.100.1', '203.0.113.50')).status).toBe(200);
    expect((await send('198.51.100.1', '203.0.113.51')).status).toBe(429);
  });
});
