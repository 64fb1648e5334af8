/**
 * The request log (issue 12): one JSON line per request with id, method, route pattern, status
 * and duration, and nothing a caller sent (authorization, cookies, query string, body).
 */
import { Writable } from 'node:stream';
import { ROUTES } from '@latchkey/api';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { parseServerEnv } from '../env.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../test-utils.ts';
import { createLogger, type LogLevel } from './logger.ts';
import { REQUEST_ID_HEADER, requestLogger } from './requests.ts';

/** A logger whose lines are kept, parsed. */
function capturedLogger(options: { level?: LogLevel } = {}) {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger({ ...options, destination }), lines, raw };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BEARER = 'Bearer eyJhbGciOiJFUzI1NiJ9.secret-access-token.signature';
const COOKIE = 'latchkey-refresh=secret-refresh-cookie';

let database: Database;
let server: TestServer;
let log: ReturnType<typeof capturedLogger>;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  log = capturedLogger({});
  server = testServer(database, { server: { logger: log.logger } });
  appId = (await server.createApp()).id;
});
afterAll(() => database?.close());

/** The request lines written while `fn` runs. */
async function linesOf(fn: () => unknown) {
  const from = log.lines.length;
  await fn();
  return { lines: log.lines.slice(from), raw: log.raw.slice(from).join('\n') };
}

describe('request log', () => {
  it('writes one line per request: id, method, route pattern, status, duration; no secrets', async () => {
    const email = uniqueEmail('logged');
    let response: Response | undefined;
    const init = await linesOf(async () => {
      response = await server.post(
        appId,
        `${ROUTES.passwordlessInit}?email=${encodeURIComponent(email)}&token=query-secret`,
        { email },
        { authorization: BEARER, cookie: COOKIE },
      );
    });
    expect(response!.status).toBe(200);
    expect(init.lines).toHaveLength(1);
    const [line] = init.lines;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'POST',
      route: '/api/v1/passwordless/init',
      status: 200,
    });
    expect(line!.requestId).toMatch(UUID);
    expect(response!.headers.get(REQUEST_ID_HEADER)).toBe(line!.requestId);
    expect(typeof line!.durationMs).toBe('number');
    expect(line!.durationMs as number).toBeGreaterThanOrEqual(0);
    for (const secret of ['secret-access-token', 'secret-refresh-cookie', 'query-secret', '?']) {
      expect(init.raw).not.toContain(secret);
    }
    expect(init.raw).not.toContain(email);
    expect(init.raw).not.toContain(email.split('@')[0]);

    const code = await server.lastCode(email);
    const auth = await linesOf(() =>
      server.post(appId, ROUTES.passwordlessAuthenticate, { email, code }),
    );
    expect(auth.lines).toHaveLength(1);
    expect(auth.lines[0]).toMatchObject({
      route: '/api/v1/passwordless/authenticate',
      status: 200,
    });
    expect(auth.raw).not.toContain(code);
    expect(auth.raw).not.toContain(email);
    // Exactly the allow-listed fields besides pino's own.
    expect(Object.keys(auth.lines[0]!).sort()).toEqual(
      [
        'durationMs',
        'hostname',
        'level',
        'method',
        'msg',
        'pid',
        'requestId',
        'route',
        'status',
        'time',
      ].sort(),
    );
  });

  it('logs the route pattern, not the path with its ids, for 4xx answers too', async () => {
    const ok = await linesOf(() => server.app.request(`${ROUTES.appConfig(appId)}?debug=1`));
    expect(ok.lines).toEqual([
      expect.objectContaining({ route: '/api/v1/apps/:appId', status: 200 }),
    ]);
    expect(ok.raw).not.toContain(appId);
    expect(ok.raw).not.toContain('debug');

    const missing = await linesOf(() =>
      server.app.request(ROUTES.appConfig('nosuchapp0000000000000000')),
    );
    expect(missing.lines).toEqual([
      expect.objectContaining({ route: '/api/v1/apps/:appId', status: 404, level: 30 }),
    ]);
    expect(missing.raw).not.toContain('nosuchapp');

    const unrouted = await linesOf(() => server.app.request('/no/such/path/secret-segment'));
    expect(unrouted.lines).toHaveLength(1);
    expect(unrouted.lines[0]).toMatchObject({ status: 404 });
    expect(unrouted.raw).not.toContain('secret-segment');
  });

  it('keeps a safe incoming X-Request-Id and replaces an unsafe one', async () => {
    const kept = 'req-0123_ABC=';
    let res: Response | undefined;
    const safe = await linesOf(async () => {
      res = await server.app.request(ROUTES.appConfig(appId), {
        headers: { [REQUEST_ID_HEADER]: kept },
      });
    });
    expect(res!.headers.get(REQUEST_ID_HEADER)).toBe(kept);
    expect(safe.lines[0]!.requestId).toBe(kept);

    for (const unsafe of [
      'with space',
      'quote"',
      'x'.repeat(129),
      'a/b',
      'semi;colon',
      '{"json":1}',
    ]) {
      const replaced = await linesOf(async () => {
        res = await server.app.request(ROUTES.appConfig(appId), {
          headers: { [REQUEST_ID_HEADER]: unsafe },
        });
      });
      expect(replaced.lines[0]!.requestId).toMatch(UUID);
      expect(res!.headers.get(REQUEST_ID_HEADER)).toBe(replaced.lines[0]!.requestId);
      expect(replaced.raw).not.toContain(unsafe.slice(0, 6));
    }
    const longest = 'y'.repeat(128);
    await server.app.request(ROUTES.appConfig(appId), {
      headers: { [REQUEST_ID_HEADER]: longest },
    });
    expect(log.lines.at(-1)!.requestId).toBe(longest);
  });

  it('logs the health probes like any request', async () => {
    const probes = await linesOf(async () => {
      expect((await server.app.request('/healthz')).status).toBe(200);
      expect((await server.app.request('/readyz')).status).toBe(200);
    });
    expect(probes.lines).toEqual([
      expect.objectContaining({ method: 'GET', route: '/healthz', status: 200 }),
      expect.objectContaining({ method: 'GET', route: '/readyz', status: 200 }),
    ]);
  });

  it('writes 5xx answers at level error', async () => {
    const { logger, lines } = capturedLogger({});
    const app = new Hono();
    app.onError((_error, c) => c.json({ error: 'internal' }, 500));
    app.use(requestLogger(logger));
    app.get('/items/:id', () => {
      throw new Error('boom');
    });
    const res = await app.request('/items/42?secret=1');
    expect(res.status).toBe(500);
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, route: '/items/:id', status: 500, method: 'GET' }),
    ]);
  });

  it('is off without a logger, and `silent` writes nothing', async () => {
    const quiet = testServer(database);
    const res = await quiet.app.request(ROUTES.appConfig(appId));
    expect(res.status).toBe(200);
    expect(res.headers.get(REQUEST_ID_HEADER)).toBeNull();

    const silent = capturedLogger({ level: 'silent' });
    const muted = testServer(database, { server: { logger: silent.logger } });
    expect((await muted.app.request(ROUTES.appConfig(appId))).status).toBe(200);
    expect(silent.lines).toEqual([]);
  });
});

describe('LATCHKEY_LOG_LEVEL', () => {
  const base = { LATCHKEY_DEV: '1' };
  it('defaults to info, accepts the pino levels and silent, refuses others', () => {
    expect(parseServerEnv(base).logLevel).toBe('info');
    expect(parseServerEnv({ ...base, LATCHKEY_LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(parseServerEnv({ ...base, LATCHKEY_LOG_LEVEL: ' WARN ' }).logLevel).toBe('warn');
    expect(() => parseServerEnv({ ...base, LATCHKEY_LOG_LEVEL: 'verbose' })).toThrow(
      /LATCHKEY_LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent: verbose/,
    );
  });
});

describe('server errors', () => {
  it("puts the server's error lines in the log with the request's id", async () => {
    // Last test of the file: it closes the shared database (closing twice is safe).
    const { logger, lines } = capturedLogger({});
    const down = testServer(database, { server: { logger } });
    await database.close();
    const res = await down.app.request(ROUTES.appConfig(appId));
    expect(res.status).toBe(503);
    const request = lines.find((l) => l.msg === 'request');
    expect(request).toMatchObject({ status: 503, route: '/api/v1/apps/:appId', level: 50 });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'database unavailable',
        requestId: request!.requestId,
        // PGlite: 'PGlite is closed'; pg: 'Cannot use a pool after calling end on the pool'.
        reason: expect.stringMatching(/closed|end on the pool/) as unknown,
      }),
    );
  });
});
