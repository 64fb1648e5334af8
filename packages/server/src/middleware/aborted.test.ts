/**
 * Clean errors on aborted requests (issue 10, item 9): a client that sends headers with a
 * Content-Length, half the body, then disconnects is not logged as an unhandled error, and the
 * server keeps serving. Runs the app on Node's HTTP server (`serve`) and a raw TCP socket.
 */
import net from 'node:net';
import { ROUTES } from '@latchkey/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueAppSecret } from '../apps/secret.ts';
import type { Database } from '../db/index.ts';
import { type RunningServer, serve } from '../serve.ts';
import { type TestServer, testDatabase, testServer } from '../test-utils.ts';

let database: Database;
let server: TestServer;
let http: RunningServer;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp()).id;
  http = await serve({ app: server.app, port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await http?.close();
  await database?.close();
});

/**
 * Sends a request head announcing 200 body bytes (or a chunked body), then 12 bytes of it,
 * then resets the socket.
 */
function abortMidBody(
  method: string,
  path: string,
  headers: Record<string, string>,
  chunked = false,
) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(http.port, '127.0.0.1', () => {
      const head = Object.entries({
        host: `127.0.0.1:${http.port}`,
        'content-type': 'application/json',
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': '200' }),
        ...headers,
      })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      const part = '{"email":"a@';
      const body = chunked ? `${part.length.toString(16)}\r\n${part}\r\n` : part;
      socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n${body}`);
      setTimeout(() => {
        socket.resetAndDestroy();
        resolve();
      }, 50);
    });
    socket.on('error', reject);
  });
}

describe('a client that disconnects mid-body', () => {
  it('is not logged as an error, and the server keeps serving', async () => {
    const logged = vi.spyOn(console, 'error');
    const warned = vi.spyOn(console, 'warn');
    try {
      await abortMidBody('POST', ROUTES.passwordlessInit, { 'latchkey-app-id': appId });
      await abortMidBody('POST', ROUTES.passwordlessAuthenticate, { 'latchkey-app-id': appId });
      await abortMidBody('POST', ROUTES.passwordlessInit, { 'latchkey-app-id': appId }, true);
      const secret = await issueAppSecret(database.db, appId);
      const basic = Buffer.from(`${appId}:${secret}`).toString('base64');
      await abortMidBody('PATCH', ROUTES.adminApp(appId), { authorization: `Basic ${basic}` });
      // Give the server time to notice and answer (or log).
      await new Promise((r) => setTimeout(r, 300));
      const res = await fetch(`http://127.0.0.1:${http.port}/api/v1/apps/${appId}`);
      expect(res.status).toBe(200);
      expect(logged.mock.calls).toEqual([]);
      expect(warned.mock.calls).toEqual([]);
    } finally {
      logged.mockRestore();
      warned.mockRestore();
    }
  });
});

describe('the body limit over HTTP (issue 13: a declared length is checked from the header)', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${http.port}${ROUTES.passwordlessInit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'latchkey-app-id': appId, ...headers },
      body,
    });
  const big = JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(100_000) });

  it('refuses a body over the limit, declared or chunked, and reads a normal one', async () => {
    const declared = await post(big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'payload_too_large' });
    // A stream has no declared length: it goes out chunked and is counted as it arrives.
    const chunked = await fetch(`http://127.0.0.1:${http.port}${ROUTES.passwordlessInit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'latchkey-app-id': appId },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const ok = await post(JSON.stringify({ email: 'body-limit@example.com' }));
    expect(ok.status).toBe(200);
  });
});
