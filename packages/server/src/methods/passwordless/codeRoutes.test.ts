/**
 * `codeRoutes(channel)` (issue 11): a code channel declared with its own paths and body field
 * names gets init, authenticate, link and unlink on the shared code engine.
 */
import { authenticateResponse, ROUTES, userResponse } from '@latchkey/api';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import type { Database } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { readJson } from '../../middleware/request.ts';
import { type TestServer, testDatabase, testServer, uniqueEmail } from '../../test-utils.ts';
import { EMAIL_CHANNEL } from '../email/service.ts';
import { codeRoutes } from './codeRoutes.ts';

const to = z.object({ to: z.string() });
const toCode = z.object({ to: z.string(), otp: z.string() });
const paths = {
  init: '/test/code/init',
  authenticate: '/test/code/authenticate',
  link: '/test/code/link',
  unlink: '/test/code/unlink',
};

let database: Database;
let server: TestServer;
let api: Hono<AppEnv>;
let appId: string;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'latchkey-app-id': appId, ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  appId = (await server.createApp({ smsAuth: true })).id;
  api = new Hono<AppEnv>();
  api.onError((error, c) => {
    if (!(error instanceof ApiError)) throw error;
    return c.json(error.toBody(), error.status as 400);
  });
  const routes = codeRoutes({
    channel: EMAIL_CHANNEL,
    paths,
    readInit: async (c) => ({ destination: (await readJson(c, to)).to }),
    readAuthenticate: async (c) => {
      const body = await readJson(c, toCode);
      return { destination: body.to, code: body.otp };
    },
    readLink: async (c) => {
      const body = await readJson(c, toCode);
      return { destination: body.to, code: body.otp };
    },
    readUnlink: async (c) => ({ destination: (await readJson(c, to)).to }),
  });
  api.route('/', routes(server.context));
});
afterAll(() => database?.close());

describe('codeRoutes', () => {
  it('sends a code and logs in with it through the channel paths and fields', async () => {
    const email = uniqueEmail('code-routes');
    const sent = await post(paths.init, { to: email });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true });
    const code = await server.lastCode(email);
    const res = await post(paths.authenticate, { to: email, otp: code });
    expect(res.status).toBe(200);
    const body = authenticateResponse.parse(await res.json());
    expect(body.is_new_user).toBe(true);
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: email }),
    ]);
  });

  it('links and unlinks an address for a logged-in user, and needs the bearer', async () => {
    // A phone user (the server's own SMS routes) links an email through the test channel.
    const phoneNumber = '+14155559001';
    expect((await server.post(appId, ROUTES.passwordlessSmsInit, { phoneNumber })).status).toBe(
      200,
    );
    const login = await server.post(appId, ROUTES.passwordlessSmsAuthenticate, {
      phoneNumber,
      code: await server.lastCode(phoneNumber),
    });
    const session = authenticateResponse.parse(await login.json());
    const bearer = { authorization: `Bearer ${session.token}` };
    const email = uniqueEmail('code-routes-link');
    expect((await post(paths.link, { to: email, otp: '000000' })).status).toBe(401);
    expect((await post(paths.init, { to: email }, bearer)).status).toBe(200);
    const linked = await post(paths.link, { to: email, otp: await server.lastCode(email) }, bearer);
    expect(linked.status).toBe(200);
    const withEmail = userResponse.parse(await linked.json()).user;
    expect(withEmail.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'phone']);
    const unlinked = await post(paths.unlink, { to: email }, bearer);
    expect(unlinked.status).toBe(200);
    const withoutEmail = userResponse.parse(await unlinked.json()).user;
    expect(withoutEmail.linked_accounts.map((a) => a.type)).toEqual(['phone']);
  });

  it('refuses a body without the channel field with invalid_data', async () => {
    const res = await post(paths.init, { email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_data');
  });
});
