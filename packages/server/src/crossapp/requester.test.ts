/**
 * Cross-app login, the requester's half (issue 21, item 3), end to end on one server over real
 * HTTP: app B's OAuth routes with provider `latchkey:{A}` run the authorization code flow against
 * app A's OpenID Connect provider; the user signs in with A's DPoP-bound session; B's server
 * redeems the code and logs the user in to B with a `cross_app` account carrying A's user id and
 * wallet. Refusals: an app that did not register B ('Invalid connected app'), a wrong state
 * ('Unexpected auth flow...'), each app's tokens at the other's routes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { type RunningServer, serve } from '../serve.ts';
import {
  CookieBrowser,
  insertWalletRow,
  loginByEmail,
  testDatabase,
  testFrame,
  type TestFrame,
  testServer,
  type TestServer,
  type TestSession,
} from '../test-utils.ts';
import { saveClient } from './clients.ts';
import { INVALID_CONNECTED_APP } from './requester.ts';
import {
  apiErrorBody,
  APP_ID_HEADER,
  authenticateResponse,
  CROSS_APP_ROUTES,
  crossAppInteractionResult,
  crossAppProviderId,
  DPOP_HEADER,
  OAUTH_QUERY,
  oauthAuthenticateResponse,
  oauthInitResponse,
  ROUTES,
  user as userWire,
} from '@latchkey/api';

const REQUESTER_ORIGIN = 'https://shop.example.com';
const WALLET = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

let database: Database;
let server: TestServer;
let running: RunningServer;
let publicUrl: string;
let frame: TestFrame;
let providerApp: { id: string };
let requesterApp: { id: string };
let providerSession: TestSession;

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A DPoP proof by the frame for `path` on this server's public URL. */
const proofFor = (path: string, accessToken?: string) =>
  frame.proof('POST', path, { htu: `${publicUrl}${path}`, accessToken });

/** Logs an email user into `appId` with the frame's login proof (a bound session). */
async function frameLogin(appId: string, email?: string): Promise<TestSession> {
  return loginByEmail(server, appId, {
    email,
    dpop: await proofFor(ROUTES.passwordlessAuthenticate),
  });
}

interface ClientFlow {
  verifier: string;
  stateCode: string;
  /** The return page's query: `latchkey_oauth_code`, `_state`, `_provider`. */
  returned: URLSearchParams;
}

/**
 * Runs what B's modal and A's sign-in page do: init at B, the authorization at A, A's consent
 * with A's session, A's redirect to B's callback, B's redirect to the return page.
 */
async function runFlow(as: TestSession = providerSession): Promise<ClientFlow> {
  const verifier = randomBytes(32).toString('base64url');
  const stateCode = randomBytes(16).toString('base64url');
  const init = await server.post(requesterApp.id, ROUTES.oauthInit, {
    provider: crossAppProviderId(providerApp.id),
    redirect_to: REQUESTER_ORIGIN,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    state_code: stateCode,
  });
  expect(init.status, await init.clone().text()).toBe(200);
  const { url } = oauthInitResponse.parse(await init.json());
  expect(url.startsWith(`${publicUrl}${CROSS_APP_ROUTES.oidcIssuer(providerApp.id)}/auth?`)).toBe(
    true,
  );

  const browser = new CookieBrowser(publicUrl);
  const authorize = await browser.request(url);
  expect(authorize.status).toBe(303);
  const uid = /\/interaction\/([A-Za-z0-9_-]+)$/.exec(authorize.headers.get('location')!)![1]!;
  const confirmPath = CROSS_APP_ROUTES.interactionConfirm(providerApp.id, uid);
  const confirm = await browser.request(confirmPath, {
    method: 'POST',
    headers: {
      authorization: `DPoP ${as.token}`,
      [DPOP_HEADER]: await proofFor(confirmPath, as.token),
    },
  });
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  const resumed = await browser.request(
    crossAppInteractionResult.parse(await confirm.json()).redirect_to,
  );
  const callback = resumed.headers.get('location')!;
  expect(callback.startsWith(`${publicUrl}${ROUTES.oauthCallback}?`)).toBe(true);
  const back = await browser.request(callback);
  expect(back.status).toBe(302);
  const returned = new URL(back.headers.get('location')!);
  expect(returned.origin).toBe(REQUESTER_ORIGIN);
  return { verifier, stateCode, returned: returned.searchParams };
}

const authenticate = (flow: ClientFlow, overrides: Record<string, string> = {}) =>
  server.post(requesterApp.id, ROUTES.oauthAuthenticate, {
    provider: flow.returned.get(OAUTH_QUERY.provider),
    authorization_code: flow.returned.get(OAUTH_QUERY.code),
    state_code: flow.returned.get(OAUTH_QUERY.state),
    code_verifier: flow.verifier,
    ...overrides,
  });

beforeAll(async () => {
  publicUrl = `http://127.0.0.1:${await freePort()}`;
  database = await testDatabase();
  server = testServer(database, { server: { publicUrl } });
  running = await serve({ app: server.app, port: Number(new URL(publicUrl).port) });
  frame = await testFrame(server);
  providerApp = await server.createApp({ name: 'Alpha Wallet' });
  requesterApp = await server.createApp({
    name: 'Shop',
    allowedOrigins: [REQUESTER_ORIGIN],
  });
  await saveClient(server.context, providerApp.id, requesterApp.id, {
    redirect_uris: [`${publicUrl}${ROUTES.oauthCallback}`],
    read_only: false,
    confidential: true,
  });
  providerSession = await frameLogin(providerApp.id);
  await insertWalletRow(database, providerApp.id, providerSession.userId, WALLET);
});

afterAll(async () => {
  await running?.close();
  await database?.close();
});

describe('log in to B with A’s account', () => {
  it('creates B’s user with a cross_app account holding A’s user id and wallet', async () => {
    const flow = await runFlow();
    expect(flow.returned.get(OAUTH_QUERY.state)).toBe(flow.stateCode);
    expect(flow.returned.get(OAUTH_QUERY.provider)).toBe(`latchkey:${providerApp.id}`);
    const res = await authenticate(flow);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = oauthAuthenticateResponse.parse(await res.json());
    expect(body.is_new_user).toBe(true);
    expect(body.user.id).not.toBe(providerSession.userId);
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'cross_app',
        subject: providerSession.userId,
        provider_app: { id: providerApp.id },
        embedded_wallets: [{ address: WALLET }],
        smart_wallets: [],
      }),
    ]);
    expect(body.oauth_tokens.provider).toBe(`latchkey:${providerApp.id}`);

    // The same A account logs in to the same B user next time.
    const again = oauthAuthenticateResponse.parse(
      await (await authenticate(await runFlow())).json(),
    );
    expect(again.is_new_user).toBe(false);
    expect(again.user.id).toBe(body.user.id);

    // Each app's token is refused by the other app's routes.
    const me = (appId: string, token: string) =>
      server.app.request(ROUTES.usersMe, {
        headers: { [APP_ID_HEADER]: appId, authorization: `Bearer ${token}` },
      });
    expect((await me(requesterApp.id, body.token!)).status).toBe(200);
    expect((await me(providerApp.id, body.token!)).status).toBe(401);
    expect((await me(requesterApp.id, providerSession.token)).status).toBe(401);
  });

  it('links A’s account to a B user logged in another way', async () => {
    const bUser = await loginByEmail(server, requesterApp.id);
    const other = await frameLogin(providerApp.id);
    const flow = await runFlow(other);
    const res = await server.post(
      requesterApp.id,
      ROUTES.oauthLink,
      {
        provider: flow.returned.get(OAUTH_QUERY.provider),
        authorization_code: flow.returned.get(OAUTH_QUERY.code),
        state_code: flow.returned.get(OAUTH_QUERY.state),
        code_verifier: flow.verifier,
      },
      { authorization: `Bearer ${bUser.token}` },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const { user } = (await res.json()) as { user: unknown };
    const linked = userWire.parse(user).linked_accounts;
    expect(linked.map((a) => a.type).sort()).toEqual(['cross_app', 'email']);
    expect(linked.find((a) => a.type === 'cross_app')).toMatchObject({
      subject: other.userId,
      embedded_wallets: [],
    });
  });
});

describe('refusals', () => {
  it('an app that did not register B is an invalid connected app, before any redirect', async () => {
    const stranger = await server.createApp({ name: 'Stranger' });
    for (const provider of [crossAppProviderId(stranger.id), crossAppProviderId(requesterApp.id)]) {
      const res = await server.post(requesterApp.id, ROUTES.oauthInit, {
        provider,
        redirect_to: REQUESTER_ORIGIN,
        code_challenge: 'a'.repeat(43),
        state_code: randomBytes(16).toString('base64url'),
      });
      expect(res.status).toBe(403);
      expect(apiErrorBody.parse(await res.json())).toMatchObject({
        code: 'cross_app_invalid_connection',
        error: INVALID_CONNECTED_APP,
      });
    }
  });

  it('a registration without B’s callback among its redirect URIs is refused', async () => {
    const other = await server.createApp({ name: 'Elsewhere' });
    await saveClient(server.context, other.id, requesterApp.id, {
      redirect_uris: ['https://shop.example.com/own-callback'],
      read_only: false,
      confidential: true,
    });
    const res = await server.post(requesterApp.id, ROUTES.oauthInit, {
      provider: crossAppProviderId(other.id),
      redirect_to: REQUESTER_ORIGIN,
      code_challenge: 'a'.repeat(43),
      state_code: randomBytes(16).toString('base64url'),
    });
    expect(apiErrorBody.parse(await res.json()).code).toBe('cross_app_invalid_connection');
  });

  it('a wrong state code is an unexpected auth flow; a wrong verifier is refused', async () => {
    const flow = await runFlow();
    const wrongState = await authenticate(flow, { state_code: 'not-the-state-code-at-all' });
    expect(apiErrorBody.parse(await wrongState.json())).toMatchObject({
      code: 'oauth_unexpected',
      error: 'Unexpected auth flow. This may be a phishing attempt.',
    });
    const wrongVerifier = await authenticate(flow, {
      code_verifier: randomBytes(32).toString('base64url'),
    });
    expect(apiErrorBody.parse(await wrongVerifier.json()).code).toBe('invalid_credentials');
    // The flow was consumed by that attempt: the right verifier no longer helps.
    const late = await authenticate(flow);
    expect(late.status).not.toBe(200);
  });

  it('a malformed provider id is invalid data', async () => {
    const res = await server.post(requesterApp.id, ROUTES.oauthInit, {
      provider: 'latchkey:../x',
      redirect_to: REQUESTER_ORIGIN,
      code_challenge: 'a'.repeat(43),
      state_code: randomBytes(16).toString('base64url'),
    });
    expect(res.status).toBe(400);
    expect(authenticateResponse.safeParse(await res.json()).success).toBe(false);
  });
});
