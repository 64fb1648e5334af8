/**
 * OAuth login against a real OpenID provider (`oidc-provider`, started in-process on a loopback
 * port): issue 5 item 5; security catalogue 25-31.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  apiErrorBody,
  OAUTH_QUERY,
  oauthAuthenticateResponse,
  ROUTES,
  type OAuthProvider,
} from '@latchkey/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { allowlistEntries, apps, linkedAccounts, oauthStates, users } from '../../db/schema.ts';
import { type DevOidcProvider, startDevOidcProvider } from './dev/oidc.ts';
import { TEST_PUBLIC_URL, type TestServer, testDatabase, testServer } from '../../test-utils.ts';
import { OAUTH_PROVIDER_SPECS } from './providers.ts';
import { setOAuthProviderConfig, UNEXPECTED_AUTH_FLOW } from './service.ts';

const ORIGIN = 'https://app.example.com';
const CLIENT_ID = 'test-client';
const CLIENT_SECRET = 'test-client-secret-0123456789';

let database: Database;
let server: TestServer;
let idp: DevOidcProvider;
let appId: string;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  idp = await startDevOidcProvider({
    port: 0,
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${TEST_PUBLIC_URL}/api/v1/oauth/callback`],
      },
    ],
  });
  appId = (await server.createApp({ googleOauth: true, allowedOrigins: [ORIGIN] })).id;
  await setOAuthProviderConfig(server.context, appId, 'google', {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    issuer: idp.issuer,
  });
});
afterAll(async () => {
  await idp?.close();
  await database?.close();
});

const b64url = (b: Buffer) => b.toString('base64url');
function pkce() {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}
const newState = () => b64url(randomBytes(24));

/** A tiny cookie jar for the browser side of the provider. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
}

async function init(body: Record<string, unknown>, app = appId) {
  return server.post(app, ROUTES.oauthInit, body);
}

/**
 * Runs the browser half: init, the provider's login form, the API's callback.
 * @returns the return-page query and the client's verifier and state.
 */
async function runFlow(username = `user${randomBytes(4).toString('hex')}`) {
  const { verifier, challenge } = pkce();
  const state = newState();
  const res = await init({
    provider: 'google',
    redirect_to: ORIGIN,
    code_challenge: challenge,
    state_code: state,
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
  const authUrl = new URL(url);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/v1/oauth/callback`);
  // The provider never sees the client's values.
  expect(authUrl.searchParams.get('state')).not.toBe(state);
  expect(authUrl.searchParams.get('code_challenge')).not.toBe(challenge);

  const go = browser();
  const toLogin = await go(url);
  expect(toLogin.status).toBe(303);
  const loginUrl = new URL(toLogin.headers.get('location')!, idp.issuer).href;
  const form = await go(loginUrl);
  expect(await form.text()).toContain('name="username"');
  const submitted = await go(`${loginUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username }).toString(),
  });
  expect(submitted.status).toBe(303);
  let location = new URL(submitted.headers.get('location')!, idp.issuer).href;
  // Resume (and any further hop) until the provider sends the browser to our callback.
  for (let i = 0; i < 5 && !location.startsWith(TEST_PUBLIC_URL); i++) {
    const hop = await go(location);
    location = new URL(hop.headers.get('location')!, location).href;
  }
  expect(location.startsWith(`${TEST_PUBLIC_URL}/api/v1/oauth/callback?`)).toBe(true);
  const callbackUrl = new URL(location);
  const back = await server.app.request(callbackUrl.pathname + callbackUrl.search);
  expect(back.status).toBe(302);
  const returned = new URL(back.headers.get('location')!);
  expect(returned.origin).toBe(ORIGIN);
  return {
    username,
    verifier,
    state,
    code: returned.searchParams.get(OAUTH_QUERY.code)!,
    returnedState: returned.searchParams.get(OAUTH_QUERY.state),
    returnedProvider: returned.searchParams.get(OAUTH_QUERY.provider),
    providerCallback: callbackUrl,
  };
}

const authenticate = (body: Record<string, unknown>, app = appId) =>
  server.post(app, ROUTES.oauthAuthenticate, { provider: 'google', ...body });

async function expectError(res: Response, status: number, code: string, error?: string) {
  expect(res.status).toBe(status);
  const body = apiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  if (error) expect(body.error).toBe(error);
}

describe('provider registry', () => {
  it('has real endpoints and scopes for all nine providers', () => {
    const providers = Object.keys(OAUTH_PROVIDER_SPECS) as OAuthProvider[];
    expect(providers.sort()).toEqual([
      'apple',
      'discord',
      'github',
      'google',
      'instagram',
      'linkedin',
      'spotify',
      'tiktok',
      'twitter',
    ]);
    for (const p of providers) {
      const spec = OAUTH_PROVIDER_SPECS[p];
      expect(new URL(spec.authorizationEndpoint).protocol).toBe('https:');
      expect(new URL(spec.tokenEndpoint).protocol).toBe('https:');
      expect(spec.scopes.length).toBeGreaterThan(0);
    }
    expect(OAUTH_PROVIDER_SPECS.google.authorizationEndpoint).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    );
    expect(OAUTH_PROVIDER_SPECS.github.tokenEndpoint).toBe(
      'https://github.com/login/oauth/access_token',
    );
  });
});

describe('OAuth login through a real OpenID provider', () => {
  it('logs in, returns tokens and a user with a google_oauth account', async () => {
    const flow = await runFlow('alice');
    expect(flow.returnedState).toBe(flow.state);
    expect(flow.returnedProvider).toBe('google');
    const res = await authenticate({
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    });
    expect(res.status).toBe(200);
    const body = oauthAuthenticateResponse.parse(await res.json());
    expect(body.is_new_user).toBe(true);
    expect(body.oauth_tokens.provider).toBe('google');
    expect(body.oauth_tokens.access_token.length).toBeGreaterThan(10);
    expect(body.oauth_tokens.access_token_expires_in_seconds).toBeGreaterThan(0);
    expect(body.oauth_tokens.scopes).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'google_oauth',
        subject: 'alice',
        email: 'alice@example.com',
        name: 'alice',
        username: 'alice',
      }),
    ]);

    // The same account logs in to the same user.
    const again = await runFlow('alice');
    const res2 = await authenticate({
      authorization_code: again.code,
      state_code: again.state,
      code_verifier: again.verifier,
    });
    const body2 = oauthAuthenticateResponse.parse(await res2.json());
    expect(body2.is_new_user).toBe(false);
    expect(body2.user.id).toBe(body.user.id);
  });

  it('refuses a missing code_verifier (catalogue 26)', async () => {
    const flow = await runFlow();
    const res = await authenticate({ authorization_code: flow.code, state_code: flow.state });
    await expectError(res, 422, 'invalid_credentials');
  });

  it('refuses a wrong code_verifier, and the flow is used up (catalogue 26)', async () => {
    const flow = await runFlow();
    const res = await authenticate({
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: pkce().verifier,
    });
    await expectError(res, 422, 'invalid_credentials');
    // The right verifier afterwards does not help: the state was single use.
    const retry = await authenticate({
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    });
    expect(retry.status).not.toBe(200);
  });

  it("refuses a state that is unknown, another flow's, or another provider's (catalogue 29)", async () => {
    const flow = await runFlow();
    const unknown = await authenticate({
      authorization_code: flow.code,
      state_code: newState(),
      code_verifier: flow.verifier,
    });
    await expectError(unknown, 400, 'oauth_unexpected', UNEXPECTED_AUTH_FLOW);

    const other = await runFlow();
    // The code of one flow with the state and verifier of another: the provider refuses it.
    const swapped = await authenticate({
      authorization_code: flow.code,
      state_code: other.state,
      code_verifier: other.verifier,
    });
    await expectError(swapped, 422, 'invalid_credentials');

    const third = await runFlow();
    const foreign = await authenticate({
      provider: 'github',
      authorization_code: third.code,
      state_code: third.state,
      code_verifier: third.verifier,
    });
    await expectError(foreign, 400, 'oauth_unexpected', UNEXPECTED_AUTH_FLOW);

    const missing = await authenticate({
      authorization_code: flow.code,
      code_verifier: flow.verifier,
    });
    await expectError(missing, 400, 'invalid_data');
  });

  it('refuses a callback whose provider state matches no flow (catalogue 29)', async () => {
    const flow = await runFlow();
    const forged = new URLSearchParams(flow.providerCallback.search);
    forged.set('state', newState());
    const res = await server.app.request(`${flow.providerCallback.pathname}?${forged}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(UNEXPECTED_AUTH_FLOW);
  });

  it('refuses an ID token whose nonce differs from the flow (catalogue 30)', async () => {
    const flow = await runFlow();
    await database.db
      .update(oauthStates)
      .set({ nonce: 'another-nonce-0123456789abcdef' })
      .where(eq(oauthStates.stateCode, flow.state));
    const res = await authenticate({
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    });
    await expectError(res, 422, 'invalid_credentials');
  });

  it('refuses a replayed authorization code (catalogue 27)', async () => {
    const flow = await runFlow();
    const body = {
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    };
    expect((await authenticate(body)).status).toBe(200);
    const replay = await authenticate(body);
    await expectError(replay, 422, 'invalid_credentials');

    // Even through a fresh flow of the same client.
    const fresh = await runFlow();
    const replay2 = await authenticate({
      authorization_code: flow.code,
      state_code: fresh.state,
      code_verifier: fresh.verifier,
    });
    await expectError(replay2, 422, 'invalid_credentials');
  });

  it('refuses a redirect_to off by a trailing slash, a subpath or a wildcard (catalogue 25)', async () => {
    const { challenge } = pkce();
    for (const redirect of [
      `${ORIGIN}/`,
      `${ORIGIN}/callback`,
      'https://evil.example.com',
      'https://*.example.com',
    ]) {
      const res = await init({
        provider: 'google',
        redirect_to: redirect,
        code_challenge: challenge,
        state_code: newState(),
      });
      expect(res.status, redirect).toBeGreaterThanOrEqual(400);
      expect(res.status, redirect).toBeLessThan(500);
    }
  });

  it('the provider refuses a redirect URI off by a trailing slash (catalogue 25)', async () => {
    const { challenge } = pkce();
    const res = await init({
      provider: 'google',
      redirect_to: ORIGIN,
      code_challenge: challenge,
      state_code: newState(),
    });
    const { url } = (await res.json()) as { url: string };
    const tampered = new URL(url);
    tampered.searchParams.set('redirect_uri', `${TEST_PUBLIC_URL}/api/v1/oauth/callback/`);
    const answer = await fetch(tampered, { redirect: 'manual' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('redirect_uri');
  });

  it('answers oauth_user_denied when the user denied at the provider', async () => {
    const { verifier, challenge } = pkce();
    const state = newState();
    const res = await init({
      provider: 'google',
      redirect_to: ORIGIN,
      code_challenge: challenge,
      state_code: state,
    });
    const providerState = new URL(((await res.json()) as { url: string }).url).searchParams.get(
      'state',
    )!;
    const back = await server.app.request(
      `/api/v1/oauth/callback?error=access_denied&state=${encodeURIComponent(providerState)}`,
    );
    const returned = new URL(back.headers.get('location')!);
    expect(returned.searchParams.get(OAUTH_QUERY.code)).toBe('undefined');
    const denied = await authenticate({
      authorization_code: 'undefined',
      state_code: state,
      code_verifier: verifier,
    });
    await expectError(denied, 400, 'oauth_user_denied');
  });

  it('refuses a state code that has expired', async () => {
    const flow = await runFlow();
    server.clock.advance(11 * 60 * 1000);
    const res = await authenticate({
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    });
    await expectError(res, 400, 'oauth_unexpected', UNEXPECTED_AUTH_FLOW);
  });

  it('refuses a provider that is off or not configured, and a plain challenge', async () => {
    const { challenge } = pkce();
    const off = await init({
      provider: 'discord',
      redirect_to: ORIGIN,
      code_challenge: challenge,
      state_code: newState(),
    });
    await expectError(off, 403, 'disallowed_login_method');
    const plain = await init({
      provider: 'google',
      redirect_to: ORIGIN,
      code_challenge: challenge,
      code_challenge_method: 'plain',
      state_code: newState(),
    });
    await expectError(plain, 400, 'invalid_data');
  });

  it('links to another user -> linked_to_another_user; unlink removes the account', async () => {
    const first = await runFlow('carol');
    const owner = oauthAuthenticateResponse.parse(
      await (
        await authenticate({
          authorization_code: first.code,
          state_code: first.state,
          code_verifier: first.verifier,
        })
      ).json(),
    );
    // Another user (dave) tries to link carol's account.
    const d = await runFlow('dave');
    const dave = oauthAuthenticateResponse.parse(
      await (
        await authenticate({
          authorization_code: d.code,
          state_code: d.state,
          code_verifier: d.verifier,
        })
      ).json(),
    );
    const again = await runFlow('carol');
    const link = await server.post(
      appId,
      ROUTES.oauthLink,
      {
        provider: 'google',
        authorization_code: again.code,
        state_code: again.state,
        code_verifier: again.verifier,
      },
      { authorization: `Bearer ${dave.token}` },
    );
    await expectError(link, 409, 'linked_to_another_user');

    // A user cannot unlink their last account, nor someone else's.
    const last = await server.post(
      appId,
      ROUTES.oauthUnlink,
      { provider: 'google', subject: 'dave' },
      { authorization: `Bearer ${dave.token}` },
    );
    await expectError(last, 409, 'cannot_unlink_last_account');
    const foreign = await server.post(
      appId,
      ROUTES.oauthUnlink,
      { provider: 'google', subject: 'carol' },
      { authorization: `Bearer ${dave.token}` },
    );
    await expectError(foreign, 404, 'account_not_linked');
    expect(owner.user.linked_accounts).toHaveLength(1);
  });
});

describe('login gates', () => {
  it("the allowlist admits a profile's email and refuses others, writing nothing", async () => {
    await database.db.update(apps).set({ allowlistEnabled: true }).where(eq(apps.id, appId));
    // Written beside the server (as another process would): drop its cached row (issue 13).
    server.context.apps.invalidate(appId);
    try {
      const listed = `listed${randomBytes(4).toString('hex')}`;
      await database.db
        .insert(allowlistEntries)
        .values({ appId, type: 'email', value: `${listed}@example.com` });
      const ok = await runFlow(listed);
      const admitted = await authenticate({
        authorization_code: ok.code,
        state_code: ok.state,
        code_verifier: ok.verifier,
      });
      expect(admitted.status).toBe(200);

      const usersBefore = await database.db.select().from(users).where(eq(users.appId, appId));
      const stranger = await runFlow();
      const refused = await authenticate({
        authorization_code: stranger.code,
        state_code: stranger.state,
        code_verifier: stranger.verifier,
      });
      await expectError(refused, 403, 'allowlist_rejected', "You don't have access to this app");
      const rows = await database.db
        .select()
        .from(linkedAccounts)
        .where(eq(linkedAccounts.subject, stranger.username));
      expect(rows).toEqual([]);
      const usersAfter = await database.db.select().from(users).where(eq(users.appId, appId));
      expect(usersAfter).toHaveLength(usersBefore.length);
    } finally {
      await database.db.update(apps).set({ allowlistEnabled: false }).where(eq(apps.id, appId));
      server.context.apps.invalidate(appId);
    }
  });
});
