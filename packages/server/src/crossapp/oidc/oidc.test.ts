/**
 * The provider apps' OpenID Connect providers (issue 21, item 1), tried by an outside relying
 * party, `openid-client`, over real HTTP: discovery, the authorization code flow with PKCE,
 * `state` and `nonce`, the ID token verified by the JWKS, userinfo; the sign-in finished by the
 * provider app's own DPoP-bound session; every refusal the issue lists; and a flow that moves
 * between two server processes on one database.
 */
import { decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { type RunningServer, serve } from '../../serve.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crossAppPageCsp } from '../page.ts';
import {
  CookieBrowser,
  insertWalletRow,
  loginByEmail,
  TEST_PUBLIC_URL,
  testDatabase,
  testFrame,
  type TestFrame,
  testServer,
  type TestServer,
  type TestSession,
} from '../../test-utils.ts';
import { deleteClient, saveClient } from '../clients.ts';
import { oidcAdapter } from './adapter.ts';
import {
  CROSS_APP_ROUTES,
  crossAppInteraction,
  crossAppInteractionResult,
  crossAppTransactChecked,
  DPOP_HEADER,
  apiErrorBody,
  ROUTES,
} from '@latchkey/api';

const CALLBACK = 'https://requester.example.com/cross-app/callback';
const SPA_CALLBACK = 'http://localhost:5173/callback';
const WALLET = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
/** The server's one chain: the pages may call its RPC (the transact page's wallet does). */
const CHAIN = {
  id: 31337,
  name: 'Anvil',
  rpc_url: 'http://127.0.0.1:8545/rpc',
  native_currency: { symbol: 'ETH', decimals: 18 },
};
const CROSS_APP_PAGE_CSP = crossAppPageCsp(['http://127.0.0.1:8545']);

let database: Database;
let server: TestServer;
/** A second server process on the same database (same secret, its own provider instances). */
let second: TestServer;
let running: RunningServer;
let runningSecond: RunningServer;
let frame: TestFrame;
let provider: { id: string };
let requester: { id: string; secret: string };
let session: TestSession;

/**
 * fetch to the public URL, sent to one of the listening servers (the public host does not
 * resolve here); `via` picks which.
 */
function fetchVia(
  via: () => RunningServer,
): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return (url, init) => {
    const target = new URL(url);
    const local = new URL(`${target.pathname}${target.search}`, `http://127.0.0.1:${via().port}`);
    return fetch(local, { ...init, redirect: 'manual' });
  };
}

/** A browser on the public URL whose requests reach `via()`. */
const browserVia = (via: () => RunningServer = () => running) =>
  new CookieBrowser(TEST_PUBLIC_URL, (url, init) => fetchVia(via)(url, init));

const issuerOf = (appId: string) =>
  new URL(`${TEST_PUBLIC_URL}${CROSS_APP_ROUTES.oidcIssuer(appId)}`);

async function discover(clientId: string, secret?: string): Promise<client.Configuration> {
  const config = await client.discovery(
    issuerOf(provider.id),
    clientId,
    undefined,
    secret === undefined ? client.None() : client.ClientSecretBasic(secret),
    {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: fetchVia(() => running) as client.CustomFetch,
    },
  );
  return config;
}

interface Started {
  browser: CookieBrowser;
  verifier: string;
  state: string;
  nonce: string;
  uid: string;
}

/** The relying party sends the browser to the authorization endpoint; it lands on the login. */
async function startAuthorization(
  config: client.Configuration,
  options: { redirectUri?: string; scope?: string; browser?: CookieBrowser } = {},
): Promise<Started> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri ?? CALLBACK,
    scope: options.scope ?? 'openid email wallets',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const browser = options.browser ?? browserVia();
  const res = await browser.request(url.href);
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const uid = /\/oidc\/interaction\/([A-Za-z0-9_-]+)$/.exec(new URL(location, url).pathname)?.[1];
  expect(uid, location).toBeTruthy();
  return { browser, verifier, state, nonce, uid: uid! };
}

/** The provider's sign-in page confirms as the frame would: DPoP token and a fresh proof. */
async function confirm(started: Started, as: TestSession = session, browser = started.browser) {
  const path = CROSS_APP_ROUTES.interactionConfirm(provider.id, started.uid);
  return browser.request(path, {
    method: 'POST',
    headers: {
      authorization: `DPoP ${as.token}`,
      [DPOP_HEADER]: await frame.proof('POST', path, { accessToken: as.token }),
    },
  });
}

/** Confirms, follows the provider's resume redirect, and returns the callback URL. */
async function callbackOf(started: Started): Promise<URL> {
  const res = await confirm(started);
  expect(res.status, await res.clone().text()).toBe(200);
  const { redirect_to } = crossAppInteractionResult.parse(await res.json());
  const resumed = await started.browser.request(redirect_to);
  expect(resumed.status).toBe(303);
  return new URL(resumed.headers.get('location')!);
}

/** A stub of the sign-in page's script (the real one is React: `@latchkey/react`). */
let pageDir: string;

beforeAll(async () => {
  pageDir = await mkdtemp(join(tmpdir(), 'latchkey-xapp-page-'));
  await writeFile(join(pageDir, 'main.ts'), "console.log('latchkey-xapp-page-stub');\n");
  database = await testDatabase();
  server = testServer(database, {
    server: { crossAppPageEntry: join(pageDir, 'main.ts'), chains: [CHAIN] },
  });
  second = testServer(database);
  running = await serve({ app: server.app, port: 0, hostname: '127.0.0.1' });
  runningSecond = await serve({ app: second.app, port: 0, hostname: '127.0.0.1' });
  frame = await testFrame(server);
  provider = await server.createApp({ name: 'Alpha Wallet', logoUrl: 'https://a.example/l.png' });
  const req = await server.createApp({ name: 'Requester Shop', logoUrl: null });
  const saved = await saveClient(server.context, provider.id, req.id, {
    redirect_uris: [CALLBACK],
    read_only: false,
    confidential: true,
  });
  requester = { id: req.id, secret: saved.client_secret! };
  await saveClient(server.context, provider.id, 'outside-spa', {
    redirect_uris: [SPA_CALLBACK],
    read_only: true,
    confidential: false,
  });
  session = await frame.login(provider.id);
  await insertWalletRow(database, provider.id, session.userId, WALLET);
});

afterAll(async () => {
  await running?.close();
  await runningSecond?.close();
  await database?.close();
  if (pageDir) await rm(pageDir, { recursive: true, force: true });
});

describe('discovery', () => {
  it('publishes the code flow, S256 PKCE, ES256 ID tokens and the wallets scope', async () => {
    const config = await discover(requester.id, requester.secret);
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuerOf(provider.id).href);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.id_token_signing_alg_values_supported).toEqual(['ES256']);
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'wallets']));
    expect(meta.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'wallets']));
    expect(meta.authorization_endpoint).toBe(`${issuerOf(provider.id).href}/auth`);
    expect(meta.end_session_endpoint).toBeUndefined();
  });

  it('answers 404 app_not_found for an unknown app', async () => {
    const res = await fetchVia(() => running)(
      `${TEST_PUBLIC_URL}${CROSS_APP_ROUTES.oidcIssuer('no-such-app')}/.well-known/openid-configuration`,
    );
    expect(res.status).toBe(404);
    expect(apiErrorBody.parse(await res.json()).code).toBe('app_not_found');
  });
});

describe('the authorization code flow, as an outside relying party', () => {
  it('signs the user in with the provider session and verifies the ID token by JWKS', async () => {
    const config = await discover(requester.id, requester.secret);
    const started = await startAuthorization(config);

    const detailsRes = await started.browser.request(
      CROSS_APP_ROUTES.interactionDetails(provider.id, started.uid),
    );
    expect(detailsRes.status).toBe(200);
    expect(crossAppInteraction.parse(await detailsRes.json())).toEqual({
      uid: started.uid,
      provider_app: { id: provider.id, name: 'Alpha Wallet', icon_url: 'https://a.example/l.png' },
      client: { client_id: requester.id, name: 'Requester Shop', icon_url: null },
      redirect_origin: 'https://requester.example.com',
      scopes: ['openid', 'email', 'wallets'],
      read_only: false,
    });

    const callback = await callbackOf(started);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get('state')).toBe(started.state);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({
      iss: issuerOf(provider.id).href,
      aud: requester.id,
      sub: session.userId,
      nonce: started.nonce,
      email: session.email,
      email_verified: true,
      wallets: [{ address: WALLET, chain_type: 'ethereum' }],
    });
    expect(tokens.refresh_token).toBeUndefined();
    // Signed by the provider's own key, not one of the app's access-token keys.
    const { alg, kid } = decodeProtectedHeader(tokens.id_token!);
    expect(alg).toBe('ES256');
    const appJwks = (await (await server.app.request(ROUTES.jwks(provider.id))).json()) as {
      keys: { kid: string }[];
    };
    expect(appJwks.keys.map((k) => k.kid)).not.toContain(kid);

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, session.userId);
    expect(userinfo).toMatchObject({ sub: session.userId, email: session.email });
  });

  it('serves a public client (PKCE, no secret) and says when the connection is read-only', async () => {
    const config = await discover('outside-spa');
    const started = await startAuthorization(config, {
      redirectUri: SPA_CALLBACK,
      scope: 'openid',
    });
    const details = crossAppInteraction.parse(
      await (
        await started.browser.request(CROSS_APP_ROUTES.interactionDetails(provider.id, started.uid))
      ).json(),
    );
    expect(details.read_only).toBe(true);
    expect(details.client).toEqual({ client_id: 'outside-spa', name: null, icon_url: null });
    const tokens = await client.authorizationCodeGrant(config, await callbackOf(started), {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect(tokens.claims()!.sub).toBe(session.userId);
    expect(tokens.claims()!.email).toBeUndefined();
    expect(tokens.claims()!.wallets).toBeUndefined();
  });

  it('finishes a flow that moves between two server processes', async () => {
    const config = await discover(requester.id, requester.secret);
    const started = await startAuthorization(config);
    started.browser.via((url, init) => fetchVia(() => runningSecond)(url, init));
    const callback = await callbackOf(started);
    const secondConfig = await client.discovery(
      issuerOf(provider.id),
      requester.id,
      undefined,
      client.ClientSecretBasic(requester.secret),
      {
        execute: [client.allowInsecureRequests],
        [client.customFetch]: fetchVia(() => runningSecond) as client.CustomFetch,
      },
    );
    const tokens = await client.authorizationCodeGrant(secondConfig, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect(tokens.claims()!.sub).toBe(session.userId);
  });
});

describe("the provider's sign-in page (issue 21 item 2)", () => {
  it('serves the page of a pending sign-in: strict CSP, framed by no one, its config', async () => {
    const started = await startAuthorization(await discover(requester.id, requester.secret));
    const res = await started.browser.request(
      CROSS_APP_ROUTES.interactionPage(provider.id, started.uid),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(CROSS_APP_PAGE_CSP);
    expect(CROSS_APP_PAGE_CSP).toContain("frame-ancestors 'none'");
    expect(CROSS_APP_PAGE_CSP).toContain("script-src 'self';");
    expect(CROSS_APP_PAGE_CSP).toContain("connect-src 'self' http://127.0.0.1:8545;");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const config = html.match(/<meta name="latchkey-crossapp" content="([^"]*)">/)?.[1];
    expect(JSON.parse(config!.replaceAll('&quot;', '"'))).toEqual({
      appId: provider.id,
      apiUrl: TEST_PUBLIC_URL,
      uid: started.uid,
    });
    // One script, by URL, nothing inline.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![2]).toBe('');
    const src = scripts[0]![1]!.match(/src="([^"]+)"/)![1]!;
    expect(src).toMatch(/^\/crossapp-page\/crossapp-page\.[0-9a-f]{16}\.js$/);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    const js = await started.browser.request(src);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await js.text()).toContain('latchkey-xapp-page-stub');
    const unknown = await started.browser.request(
      '/crossapp-page/crossapp-page.0000000000000000.js',
    );
    expect(unknown.status).toBe(404);
  });

  it('shows an expired page, not the login, to a browser without the pending sign-in', async () => {
    const started = await startAuthorization(await discover(requester.id, requester.secret));
    const other = browserVia();
    const res = await other.request(CROSS_APP_ROUTES.interactionPage(provider.id, started.uid));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(CROSS_APP_PAGE_CSP);
    const html = await res.text();
    expect(html).toContain('Sign-in expired');
    expect(html).not.toContain('latchkey-crossapp');
    // Nor to the right browser under another interaction id.
    const wrong = await started.browser.request(
      CROSS_APP_ROUTES.interactionPage(provider.id, `${started.uid}x`),
    );
    expect(wrong.status).toBe(404);
  });
});

describe('refusals', () => {
  it('a code is single-use: a second exchange fails and revokes the first one’s token', async () => {
    const config = await discover(requester.id, requester.secret);
    const started = await startAuthorization(config);
    const callback = await callbackOf(started);
    const checks = {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    };
    const tokens = await client.authorizationCodeGrant(config, callback, checks);
    await expect(client.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(
      client.fetchUserInfo(config, tokens.access_token, session.userId),
    ).rejects.toThrow();
  });

  it('of two exchanges racing with one code, exactly one consumes it', async () => {
    const { errors } = await import('oidc-provider');
    const adapter = oidcAdapter(server.context, provider.id, errors)('AuthorizationCode');
    await adapter.upsert('raced-code', { grantId: 'raced-grant', kind: 'AuthorizationCode' }, 60);
    await adapter.upsert('raced-token', { grantId: 'raced-grant', kind: 'AccessToken' }, 60);
    const raced = await Promise.allSettled([
      adapter.consume('raced-code'),
      adapter.consume('raced-code'),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(raced.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { error: 'invalid_grant' },
    });
    expect(await adapter.find('raced-code')).toBeUndefined();
    expect(
      await oidcAdapter(server.context, provider.id, errors)('AccessToken').find('raced-token'),
    ).toBeUndefined();
  });

  it('a code is bound to its PKCE verifier and its redirect URI', async () => {
    const config = await discover(requester.id, requester.secret);
    const started = await startAuthorization(config);
    const callback = await callbackOf(started);
    const checks = { expectedState: started.state, expectedNonce: started.nonce };
    await expect(
      client.authorizationCodeGrant(config, callback, {
        ...checks,
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    const elsewhere = new URL(callback);
    elsewhere.pathname = '/elsewhere';
    await expect(
      client.authorizationCodeGrant(config, elsewhere, {
        ...checks,
        pkceCodeVerifier: started.verifier,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an unregistered redirect URI or client before any login page', async () => {
    const config = await discover(requester.id, requester.secret);
    const challenge = await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier());
    const params = {
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: client.randomState(),
    };
    const badRedirect = client.buildAuthorizationUrl(config, {
      ...params,
      redirect_uri: 'https://requester.example.com/other',
    });
    const res = await browserVia().request(badRedirect.href);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toMatch(/redirect_uri/);

    const unknown = new URL(badRedirect);
    unknown.searchParams.set('client_id', 'not-registered');
    unknown.searchParams.set('redirect_uri', CALLBACK);
    const res2 = await browserVia().request(unknown.href);
    expect(res2.status).toBe(400);
    expect(res2.headers.get('location')).toBeNull();

    // A Latchkey app registered with another provider is unknown here.
    const other = await server.createApp({ name: 'Other Provider' });
    const elsewhere = new URL(badRedirect.href.replace(provider.id, other.id));
    elsewhere.searchParams.set('redirect_uri', CALLBACK);
    const res3 = await browserVia().request(elsewhere.href);
    expect(res3.status).toBe(400);
    expect(res3.headers.get('location')).toBeNull();
  });

  it('requires PKCE with S256', async () => {
    const config = await discover(requester.id, requester.secret);
    const cases: Record<string, string>[] = [
      {},
      { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
    ];
    for (const extra of cases) {
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: CALLBACK,
        scope: 'openid',
        state: 'st',
        ...extra,
      });
      const res = await browserVia().request(url.href);
      expect(res.status).toBe(303);
      const to = new URL(res.headers.get('location')!);
      expect(`${to.origin}${to.pathname}`).toBe(CALLBACK);
      expect(to.searchParams.get('error')).toBe('invalid_request');
      expect(to.searchParams.get('code')).toBeNull();
    }
  });

  it('confirm needs the provider session’s DPoP proof, not a bearer or another app’s token', async () => {
    const config = await discover(requester.id, requester.secret);
    const started = await startAuthorization(config);
    const path = CROSS_APP_ROUTES.interactionConfirm(provider.id, started.uid);

    const bearer = await started.browser.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(bearer.status).toBe(401);

    const noProof = await started.browser.request(path, {
      method: 'POST',
      headers: { authorization: `DPoP ${session.token}` },
    });
    expect(noProof.status).toBe(401);
    expect(apiErrorBody.parse(await noProof.json()).code).toBe('invalid_dpop_proof');

    // A session of the requester app (same frame key) is not a session of the provider app.
    const requesterSession = await frame.login(requester.id);
    const foreign = await confirm(started, requesterSession);
    expect(foreign.status).toBe(401);
    expect(apiErrorBody.parse(await foreign.json()).code).toBe('missing_or_invalid_token');

    // An unbound session (no frame key at login) is refused too.
    const unbound = await loginByEmail(server, provider.id);
    const unboundRes = await confirm(started, unbound);
    expect(apiErrorBody.parse(await unboundRes.json()).code).toBe('session_not_bound');

    // Without this browser's interaction cookie the sign-in is not found.
    const stranger = await confirm(started, session, browserVia());
    expect(stranger.status).toBe(404);
    expect(apiErrorBody.parse(await stranger.json()).code).toBe('cross_app_interaction_not_found');

    // The right one still works after all that.
    const ok = await confirm(started);
    expect(ok.status).toBe(200);
  });

  it('abort sends the client access_denied', async () => {
    const config = await discover(requester.id, requester.secret);
    const started = await startAuthorization(config);
    const res = await started.browser.request(
      CROSS_APP_ROUTES.interactionAbort(provider.id, started.uid),
      { method: 'POST' },
    );
    expect(res.status).toBe(200);
    const { redirect_to } = crossAppInteractionResult.parse(await res.json());
    const resumed = await started.browser.request(redirect_to);
    const to = new URL(resumed.headers.get('location')!);
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('state')).toBe(started.state);
    expect(to.searchParams.get('code')).toBeNull();
  });

  it('a removed client can no longer exchange its code', async () => {
    const app = await server.createApp({ name: 'Short-lived requester' });
    const saved = await saveClient(server.context, provider.id, app.id, {
      redirect_uris: [CALLBACK],
      read_only: false,
      confidential: true,
    });
    const config = await discover(app.id, saved.client_secret!);
    const started = await startAuthorization(config);
    const callback = await callbackOf(started);
    await deleteClient(server.context, provider.id, app.id);
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: started.verifier,
        expectedState: started.state,
        expectedNonce: started.nonce,
      }),
    ).rejects.toMatchObject({
      status: 401,
      cause: [
        expect.objectContaining({
          parameters: expect.objectContaining({ error: 'invalid_client' }),
        }),
      ],
    });
  });
});

describe("the provider's transact page and its check (issue 21 item 2)", () => {
  /** A provider access token of the client, from a full flow as its server runs it. */
  async function accessTokenOf(clientId: string, secret: string): Promise<string> {
    const config = await discover(clientId, secret);
    const started = await startAuthorization(config);
    const tokens = await client.authorizationCodeGrant(config, await callbackOf(started), {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    return tokens.access_token;
  }
  const requesterToken = () => accessTokenOf(requester.id, requester.secret);

  const check = (body: Record<string, unknown>, as: TestSession | null = session) =>
    browserVia().request(CROSS_APP_ROUTES.transactCheck(provider.id), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(as ? { authorization: `Bearer ${as.token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  const codeOf = async (res: Response) => apiErrorBody.parse(await res.json()).code;

  it('serves the page only to a registered, signing client at one of its origins', async () => {
    for (const origin of ['https://app.example.com', 'https://requester.example.com']) {
      const res = await browserVia().request(
        CROSS_APP_ROUTES.transactPage(provider.id, requester.id, origin),
      );
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(CROSS_APP_PAGE_CSP);
      const html = await res.text();
      const config = html.match(/<meta name="latchkey-crossapp" content="([^"]*)">/)?.[1];
      expect(JSON.parse(config!.replaceAll('&quot;', '"'))).toEqual({
        appId: provider.id,
        apiUrl: TEST_PUBLIC_URL,
        transact: { clientId: requester.id, origin },
      });
    }
    const refused = [
      // an origin the client does not have
      CROSS_APP_ROUTES.transactPage(provider.id, requester.id, 'https://evil.example.com'),
      // a read-only connection never gets the page
      CROSS_APP_ROUTES.transactPage(provider.id, 'outside-spa', 'http://localhost:5173'),
      // an unregistered client
      CROSS_APP_ROUTES.transactPage(provider.id, 'nobody', 'https://app.example.com'),
      `${CROSS_APP_ROUTES.oidcIssuer(provider.id)}/transact`,
    ];
    for (const path of refused) {
      const res = await browserVia().request(path);
      expect(res.status, path).toBe(403);
      const html = await res.text();
      expect(html).toContain('Invalid connected app');
      expect(html).not.toContain('latchkey-crossapp');
    }
  });

  it('checks the token, the user, the connection and the address before the page asks', async () => {
    const token = await requesterToken();
    const ok = await check({ client_id: requester.id, access_token: token, address: WALLET });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(crossAppTransactChecked.parse(await ok.json())).toEqual({
      client: { client_id: requester.id, name: 'Requester Shop', icon_url: null },
      address: WALLET,
    });
    // Lower-case address: the same wallet.
    expect(
      (await check({ client_id: requester.id, access_token: token, address: WALLET.toLowerCase() }))
        .status,
    ).toBe(200);

    const otherWallet = '0x0000000000000000000000000000000000000001';
    const wrongAddress = await check({
      client_id: requester.id,
      access_token: token,
      address: otherWallet,
    });
    expect(wrongAddress.status).toBe(403);
    const body = apiErrorBody.parse(await wrongAddress.json());
    expect(body).toMatchObject({
      code: 'cross_app_invalid_address',
      error: 'Cannot request a signature with this wallet address',
    });

    for (const bad of [
      { client_id: requester.id, access_token: 'not-a-token', address: WALLET },
      // the token of one client presented as another's
      { client_id: 'outside-spa', access_token: token, address: WALLET },
    ]) {
      const res = await check(bad);
      const code = await codeOf(res);
      expect(['cross_app_invalid_token', 'cross_app_read_only']).toContain(code);
    }
    const garbage = await check({
      client_id: requester.id,
      access_token: 'not-a-token',
      address: WALLET,
    });
    expect(garbage.status).toBe(401);
    expect(apiErrorBody.parse(await garbage.json())).toMatchObject({
      code: 'cross_app_invalid_token',
      error: 'Transactions require a valid token',
    });

    // Another provider user signed in to the page: the token is not theirs.
    const other = await frame.login(provider.id);
    const otherUser = await check(
      { client_id: requester.id, access_token: token, address: WALLET },
      other,
    );
    expect(otherUser.status).toBe(401);
    expect(await codeOf(otherUser)).toBe('cross_app_invalid_token');

    // No session, or the requester app's session instead of the provider's.
    expect(
      (await check({ client_id: requester.id, access_token: token, address: WALLET }, null)).status,
    ).toBe(401);
    const requesterSession = await frame.login(requester.id);
    const foreign = await check(
      { client_id: requester.id, access_token: token, address: WALLET },
      requesterSession,
    );
    expect(foreign.status).toBe(401);
    expect(await codeOf(foreign)).toBe('missing_or_invalid_token');
  });

  it('refuses a read-only connection and a removed client server-side', async () => {
    const app = await server.createApp({ name: 'Soon read-only' });
    const saved = await saveClient(server.context, provider.id, app.id, {
      redirect_uris: [CALLBACK],
      read_only: false,
      confidential: true,
    });
    const accessToken = await accessTokenOf(app.id, saved.client_secret!);
    const body = { client_id: app.id, access_token: accessToken, address: WALLET };
    expect((await check(body)).status).toBe(200);

    await saveClient(server.context, provider.id, app.id, {
      redirect_uris: [CALLBACK],
      read_only: true,
      confidential: true,
    });
    const readOnly = await check(body);
    expect(readOnly.status).toBe(403);
    expect(await codeOf(readOnly)).toBe('cross_app_read_only');

    await deleteClient(server.context, provider.id, app.id);
    const removed = await check(body);
    expect(removed.status).toBe(403);
    expect(await codeOf(removed)).toBe('cross_app_invalid_connection');
  });
});
