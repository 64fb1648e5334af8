/**
 * Cloud recovery, server side (issue 23 items 1, 2 and 4), against real protocols: the local
 * OpenID provider (`oidc-provider`) as Google's authorization server, the Drive v3 stand-in
 * (tokens checked by introspection at that provider) and the CloudKit Web Services stand-in,
 * all started in-process on loopback ports.
 */
import { randomBytes, webcrypto } from 'node:crypto';
import {
  apiErrorBody,
  DPOP_HEADER,
  GOOGLE_DRIVE_APPDATA_SCOPE,
  OAUTH_QUERY,
  RECOVERY_OAUTH_DENIED_MESSAGE,
  RECOVERY_OAUTH_INVALID_CODE_MESSAGE,
  RECOVERY_OAUTH_STATE_TTL_S,
  RECOVERY_OAUTH_UNEXPECTED_MESSAGE,
  ROUTES,
  adminRecoveryCloudResponse,
  recoveryOAuthAuthenticateResponse,
  recoveryOAuthInitICloudResponse,
  recoveryOAuthInitResponse,
  recoveryShareResponse,
} from '@latchkey/api';
import { and, eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { combine, split } from 'shamir-secret-sharing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudKit, startCloudKit } from '../../../../test-support/cloudkit.ts';
import {
  type GoogleDrive,
  startGoogleDrive,
  uploadToDrive,
} from '../../../../test-support/google-drive.ts';
import { signInAtDevProvider } from '../../../../test-support/oidc-login.ts';
import { issueAppSecret } from '../apps/secret.ts';
import { runCli } from '../cli/main.ts';
import { decryptString } from '../crypto.ts';
import type { Database } from '../db/index.ts';
import { embeddedWallets, recoveryOAuthStates } from '../db/schema.ts';
import { type DevOidcProvider, startDevOidcProvider } from '../methods/oauth/dev/oidc.ts';
import {
  TEST_PUBLIC_URL,
  TEST_SECRET,
  type TestFrame,
  type TestServer,
  type TestSession,
  testDatabase,
  testFrame,
  testServer,
  testWalletKey,
} from '../test-utils.ts';
import { setRecoveryCloudConfig } from './config.ts';

const ORIGIN = 'https://app.example.com';
const CLIENT = { clientId: 'recovery-client', clientSecret: 'recovery-client-secret-0123456789' };
const DRIVE_RS = { clientId: 'drive-rs', clientSecret: 'drive-rs-secret-0123456789' };
const CALLBACK = `${TEST_PUBLIC_URL}${ROUTES.recoveryOAuthCallback}`;
const CONTAINER = 'iCloud.test.latchkey.recovery';
const CK_TOKEN = 'ck-api-token-recovery-0123456789';

let database: Database;
let server: TestServer;
let idp: DevOidcProvider;
let drive: GoogleDrive;
let ck: CloudKit;
let appId: string;
let frame: TestFrame;

beforeAll(async () => {
  database = await testDatabase();
  server = testServer(database);
  idp = await startDevOidcProvider({
    port: 0,
    clients: [{ ...CLIENT, redirectUris: [CALLBACK] }],
    resourceServers: [DRIVE_RS],
  });
  drive = await startGoogleDrive({ issuer: idp.issuer, introspection: DRIVE_RS });
  ck = await startCloudKit({
    containers: [{ container: CONTAINER, environment: 'development', apiToken: CK_TOKEN }],
  });
  appId = (
    await server.createApp({
      allowedOrigins: [ORIGIN],
      userOwnedRecoveryOptions: ['user-passcode', 'google-drive', 'icloud'],
    })
  ).id;
  await setRecoveryCloudConfig(server.context, appId, {
    google: { ...CLIENT, issuer: idp.issuer, driveApiUrl: drive.url },
    cloudkit: {
      container: CONTAINER,
      environment: 'development',
      apiToken: CK_TOKEN,
      apiUrl: ck.url,
    },
  });
  frame = await testFrame(server);
});
afterAll(async () => {
  await ck?.close();
  await drive?.close();
  await idp?.close();
  await database?.close();
});

async function expectError(res: Response, status: number, code: string, error?: string) {
  expect(res.status).toBe(status);
  const body = apiErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  if (error !== undefined) expect(body.error).toBe(error);
}

/** The frame's PKCE pair and state code. */
async function frameSecrets() {
  const verifier = oauth.generateRandomCodeVerifier();
  return {
    verifier,
    challenge: await oauth.calculatePKCECodeChallenge(verifier),
    state: randomBytes(24).toString('base64url'),
  };
}

const init = (session: TestSession, body: Record<string, unknown>, app = appId) =>
  server.post(app, ROUTES.recoveryOAuthInit, body, { authorization: `Bearer ${session.token}` });

/** init, then the provider's sign-in, then the API's callback: what the return page receives. */
async function runFlow(session: TestSession, username = `u${randomBytes(4).toString('hex')}`) {
  const secrets = await frameSecrets();
  const res = await init(session, {
    redirect_to: ORIGIN,
    code_challenge: secrets.challenge,
    state_code: secrets.state,
  });
  expect(res.status).toBe(200);
  const { url } = recoveryOAuthInitResponse.parse(await res.json());
  const back = await signInAtDevProvider(url, CALLBACK, username);
  const callback = await server.app.request(back.pathname + back.search);
  expect(callback.status).toBe(302);
  const returned = new URL(callback.headers.get('location')!);
  expect(returned.origin).toBe(ORIGIN);
  return {
    ...secrets,
    username,
    code: returned.searchParams.get(OAUTH_QUERY.code)!,
    returnedState: returned.searchParams.get(OAUTH_QUERY.state),
    returnedProvider: returned.searchParams.get(OAUTH_QUERY.provider),
  };
}

const authenticate = (session: TestSession, body: Record<string, unknown>) =>
  frame.post(session, ROUTES.recoveryOAuthAuthenticate, { provider: 'google-drive', ...body });

/** A Drive multipart upload to appDataFolder, as the frame will make it. */
const driveUpload = (token: string, name: string, content: string) =>
  uploadToDrive(drive.url, token, { name, parents: ['appDataFolder'] }, content);

describe('POST /api/v1/recovery/oauth/init', () => {
  it('answers the provider URL with the S256 challenge, the drive.appdata scope and the state', async () => {
    const session = await frame.login(appId);
    const { challenge, state } = await frameSecrets();
    const res = await init(session, {
      redirect_to: ORIGIN,
      code_challenge: challenge,
      state_code: state,
    });
    expect(res.status).toBe(200);
    const url = new URL(recoveryOAuthInitResponse.parse(await res.json()).url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe(GOOGLE_DRIVE_APPDATA_SCOPE);
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    // The state is stored hashed, with the user.
    const rows = await database.db
      .select()
      .from(recoveryOAuthStates)
      .where(eq(recoveryOAuthStates.userId, session.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stateHash).not.toContain(state);
  });

  it('refuses a redirect_to outside the app origins', async () => {
    const session = await frame.login(appId);
    for (const redirect of [`${ORIGIN}/`, `${ORIGIN}/x`, 'https://evil.example.com']) {
      const { challenge, state } = await frameSecrets();
      await expectError(
        await init(session, {
          redirect_to: redirect,
          code_challenge: challenge,
          state_code: state,
        }),
        403,
        'invalid_origin',
      );
    }
  });

  it("accepts the wallet frame's return page of this app, and no other page of the API origin", async () => {
    const session = await frame.login(appId);
    const returnPage = `${TEST_PUBLIC_URL}${ROUTES.walletCloudReturn(appId)}`;
    const secrets = await frameSecrets();
    const res = await init(session, {
      redirect_to: returnPage,
      code_challenge: secrets.challenge,
      state_code: secrets.state,
    });
    expect(res.status).toBe(200);
    // The callback sends the pop-up there, with the code the frame redeems.
    const { url } = recoveryOAuthInitResponse.parse(await res.json());
    const back = await signInAtDevProvider(url, CALLBACK, `u${randomBytes(4).toString('hex')}`);
    const callback = await server.app.request(back.pathname + back.search);
    expect(callback.status).toBe(302);
    const returned = new URL(callback.headers.get('location')!);
    expect(`${returned.origin}${returned.pathname}`).toBe(returnPage);
    expect(returned.searchParams.get(OAUTH_QUERY.state)).toBe(secrets.state);
    for (const redirect of [
      TEST_PUBLIC_URL,
      `${TEST_PUBLIC_URL}${ROUTES.walletCloud(appId)}`,
      `${TEST_PUBLIC_URL}${ROUTES.walletCloudReturn('another-app')}`,
      `${returnPage}/x`,
      `${returnPage}?x=1`,
      `${TEST_PUBLIC_URL}${ROUTES.recoveryOAuthCallback}`,
    ]) {
      const { challenge, state } = await frameSecrets();
      await expectError(
        await init(session, {
          redirect_to: redirect,
          code_challenge: challenge,
          state_code: state,
        }),
        403,
        'invalid_origin',
      );
    }
  });

  it('needs a session, a method the app offers and its settings', async () => {
    const { challenge, state } = await frameSecrets();
    const body = { redirect_to: ORIGIN, code_challenge: challenge, state_code: state };
    await expectError(
      await server.post(appId, ROUTES.recoveryOAuthInit, body),
      401,
      'missing_or_invalid_token',
    );

    const passwordOnly = (
      await server.createApp({
        allowedOrigins: [ORIGIN],
        userOwnedRecoveryOptions: ['user-passcode'],
      })
    ).id;
    await expectError(
      await init(await frame.login(passwordOnly), body, passwordOnly),
      403,
      'recovery_method_not_allowed',
    );
    const unconfigured = (
      await server.createApp({
        allowedOrigins: [ORIGIN],
        userOwnedRecoveryOptions: ['google-drive'],
      })
    ).id;
    await expectError(
      await init(await frame.login(unconfigured), body, unconfigured),
      409,
      'recovery_oauth_not_configured',
    );
  });
});

describe('the admin API of the cloud recovery settings', () => {
  it('sets them (the secret sealed, never answered), and init then uses them', async () => {
    const id = (
      await server.createApp({
        allowedOrigins: [ORIGIN],
        userOwnedRecoveryOptions: ['google-drive'],
      })
    ).id;
    const secret = await issueAppSecret(database.db, id);
    const admin = (method: string, body?: unknown, password = secret) =>
      server.app.request(ROUTES.adminRecovery(id), {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect(adminRecoveryCloudResponse.parse(await (await admin('GET')).json())).toEqual({
      google_drive: null,
      icloud: null,
    });
    const put = await admin('PUT', {
      google_drive: {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        issuer: idp.issuer,
        drive_api_url: drive.url,
      },
      icloud: { container: CONTAINER, environment: 'production', api_token: CK_TOKEN },
    });
    expect(put.status).toBe(200);
    const raw = await put.text();
    // The secret is never answered, in clear or sealed: only these four fields.
    expect(raw).not.toContain(CLIENT.clientSecret);
    expect(Object.keys((JSON.parse(raw) as { google_drive: object }).google_drive).sort()).toEqual([
      'client_id',
      'client_secret_set',
      'drive_api_url',
      'issuer',
    ]);
    const view = adminRecoveryCloudResponse.parse(JSON.parse(raw));
    expect(view).toEqual({
      google_drive: {
        client_id: CLIENT.clientId,
        client_secret_set: true,
        issuer: idp.issuer,
        drive_api_url: drive.url,
      },
      icloud: {
        container: CONTAINER,
        environment: 'production',
        api_token: CK_TOKEN,
        api_url: 'https://api.apple-cloudkit.com',
      },
    });
    await expectError(
      await admin('GET', undefined, 'wrong-secret-0123456789'),
      401,
      'invalid_app_secret',
    );
    await expectError(await admin('PUT', { icloud: { container: 'nope' } }), 400, 'invalid_data');

    const session = await frame.login(id);
    const flow = await (async () => {
      const { challenge, state } = await frameSecrets();
      return init(
        session,
        { redirect_to: ORIGIN, code_challenge: challenge, state_code: state },
        id,
      );
    })();
    expect(new URL(recoveryOAuthInitResponse.parse(await flow.json()).url).origin).toBe(idp.issuer);

    // null clears a half; the other stays.
    expect(
      adminRecoveryCloudResponse.parse(await (await admin('PUT', { google_drive: null })).json()),
    ).toMatchObject({
      google_drive: null,
      icloud: { container: CONTAINER },
    });
  });
});

describe('latchkey recovery set and show', () => {
  it('stores the settings locally and through the admin API, never printing the secret', async () => {
    const other = await server.createApp({ name: 'CLI recovery' });
    const otherSecret = await issueAppSecret(database.db, other.id);
    let out = '';
    let err = '';
    const io = {
      stdout: (t: string) => (out += t),
      stderr: (t: string) => (err += t),
      env: { LATCHKEY_SECRET: TEST_SECRET },
      database,
      fetch: (url: string, init: RequestInit) => Promise.resolve(server.app.request(url, init)),
    };
    const set = [
      'recovery',
      'set',
      other.id,
      '--google-client-id',
      CLIENT.clientId,
      '--google-client-secret',
      CLIENT.clientSecret,
      '--cloudkit-container',
      CONTAINER,
      '--cloudkit-environment',
      'development',
      '--cloudkit-api-token',
      CK_TOKEN,
    ];
    expect(await runCli(set, io), err).toBe(0);
    expect(out).not.toContain(CLIENT.clientSecret);
    expect(JSON.parse(out)).toMatchObject({
      google_drive: {
        client_id: CLIENT.clientId,
        client_secret_set: true,
        issuer: 'https://accounts.google.com',
      },
      icloud: { container: CONTAINER, environment: 'development' },
    });
    out = '';
    const remote = ['--api-url', TEST_PUBLIC_URL, '--app-secret', otherSecret];
    expect(await runCli(['recovery', 'set', other.id, '--clear-google', ...remote], io), err).toBe(
      0,
    );
    expect(JSON.parse(out)).toMatchObject({ google_drive: null, icloud: { container: CONTAINER } });
    out = '';
    expect(await runCli(['recovery', 'show', other.id], io)).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ google_drive: null });
    expect(await runCli(['recovery', 'set', other.id, '--cloudkit-container', CONTAINER], io)).toBe(
      1,
    );
    expect(err).toMatch(/go together/);
  });
});

describe('POST /api/v1/recovery/oauth/authenticate', () => {
  it("answers the provider's access token, which the Drive stand-in accepts for appDataFolder", async () => {
    const session = await frame.login(appId);
    const flow = await runFlow(session, 'alice');
    expect(flow.returnedState).toBe(flow.state);
    expect(flow.returnedProvider).toBe('google-drive');
    const res = await authenticate(session, {
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = recoveryOAuthAuthenticateResponse.parse(await res.json());
    expect(answer.scopes).toEqual([GOOGLE_DRIVE_APPDATA_SCOPE]);
    expect(answer.api_url).toBe(drive.url);
    expect(answer.access_token_expires_in_seconds).toBeGreaterThan(0);

    const uploaded = await driveUpload(answer.access_token, 'latchkey-recovery-key', 'k');
    expect(uploaded.status).toBe(200);
    const listed = await fetch(
      `${drive.url}/drive/v3/files?${new URLSearchParams({ spaces: 'appDataFolder', q: "name = 'latchkey-recovery-key'" })}`,
      { headers: { authorization: `Bearer ${answer.access_token}` } },
    );
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { files: unknown[] }).files).toHaveLength(1);
    expect(drive.files(CLIENT.clientId, 'alice')).toHaveLength(1);
  });

  it("refuses a state that matches no flow, or another user's, as a phishing attempt", async () => {
    const session = await frame.login(appId);
    const flow = await runFlow(session);
    const wrong = await authenticate(session, {
      authorization_code: flow.code,
      state_code: randomBytes(24).toString('base64url'),
      code_verifier: flow.verifier,
    });
    await expectError(wrong, 400, 'oauth_unexpected', RECOVERY_OAUTH_UNEXPECTED_MESSAGE);

    const other = await frame.login(appId);
    await expectError(
      await authenticate(other, {
        authorization_code: flow.code,
        state_code: flow.state,
        code_verifier: flow.verifier,
      }),
      400,
      'oauth_unexpected',
      RECOVERY_OAUTH_UNEXPECTED_MESSAGE,
    );
  });

  it('refuses an expired flow as a phishing attempt', async () => {
    const session = await frame.login(appId);
    const flow = await runFlow(session);
    server.clock.advance(RECOVERY_OAUTH_STATE_TTL_S * 1000 + 1000);
    await expectError(
      await authenticate(session, {
        authorization_code: flow.code,
        state_code: flow.state,
        code_verifier: flow.verifier,
      }),
      400,
      'oauth_unexpected',
      RECOVERY_OAUTH_UNEXPECTED_MESSAGE,
    );
  });

  it('refuses a reused state and a reused code', async () => {
    const session = await frame.login(appId);
    const flow = await runFlow(session);
    const body = {
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    };
    expect((await authenticate(session, body)).status).toBe(200);
    await expectError(
      await authenticate(session, body),
      400,
      'oauth_unexpected',
      RECOVERY_OAUTH_UNEXPECTED_MESSAGE,
    );
    // The redeemed code under a new flow of the same user.
    const { challenge, state } = await frameSecrets();
    expect(
      (await init(session, { redirect_to: ORIGIN, code_challenge: challenge, state_code: state }))
        .status,
    ).toBe(200);
    await expectError(
      await authenticate(session, { ...body, state_code: state }),
      400,
      'recovery_oauth_invalid_code',
      RECOVERY_OAUTH_INVALID_CODE_MESSAGE,
    );
  });

  it('refuses a wrong verifier: the provider refuses the code', async () => {
    const session = await frame.login(appId);
    const flow = await runFlow(session);
    await expectError(
      await authenticate(session, {
        authorization_code: flow.code,
        state_code: flow.state,
        code_verifier: oauth.generateRandomCodeVerifier(),
      }),
      400,
      'recovery_oauth_invalid_code',
      RECOVERY_OAUTH_INVALID_CODE_MESSAGE,
    );
  });

  it("refuses the denied code 'undefined', which the callback sends when the user denied", async () => {
    const session = await frame.login(appId);
    const { challenge, state, verifier } = await frameSecrets();
    expect(
      (await init(session, { redirect_to: ORIGIN, code_challenge: challenge, state_code: state }))
        .status,
    ).toBe(200);
    const callback = await server.app.request(
      `${ROUTES.recoveryOAuthCallback}?${new URLSearchParams({ error: 'access_denied', state })}`,
    );
    expect(callback.status).toBe(302);
    const returned = new URL(callback.headers.get('location')!);
    expect(returned.searchParams.get(OAUTH_QUERY.code)).toBe('undefined');
    expect(returned.searchParams.get(OAUTH_QUERY.state)).toBe(state);
    await expectError(
      await authenticate(session, {
        authorization_code: 'undefined',
        state_code: state,
        code_verifier: verifier,
      }),
      400,
      'recovery_oauth_denied',
      RECOVERY_OAUTH_DENIED_MESSAGE,
    );
  });

  it("refuses a bearer token without the frame's DPoP proof, and leaves the flow usable", async () => {
    const session = await frame.login(appId);
    const flow = await runFlow(session);
    const body = {
      provider: 'google-drive',
      authorization_code: flow.code,
      state_code: flow.state,
      code_verifier: flow.verifier,
    };
    await expectError(
      await server.post(appId, ROUTES.recoveryOAuthAuthenticate, body, {
        authorization: `Bearer ${session.token}`,
      }),
      401,
      'missing_or_invalid_token',
    );
    await expectError(
      await frame.post(session, ROUTES.recoveryOAuthAuthenticate, body, { proof: null }),
      401,
      'invalid_dpop_proof',
    );
    // Another key's proof (a thief's own key) over the stolen token.
    const thief = await testFrame(server);
    await expectError(
      await frame.post(session, ROUTES.recoveryOAuthAuthenticate, body, {
        proof: await thief.proof('POST', ROUTES.recoveryOAuthAuthenticate, {
          accessToken: session.token,
        }),
      }),
      401,
      'invalid_dpop_proof',
    );
    // A host page origin is refused too.
    await expectError(
      await frame.post(session, ROUTES.recoveryOAuthAuthenticate, body, {
        headers: { origin: ORIGIN },
      }),
      403,
      'invalid_origin',
    );
    expect((await frame.post(session, ROUTES.recoveryOAuthAuthenticate, body)).status).toBe(200);
    expect(DPOP_HEADER).toBe('DPoP');
  });
});

describe('POST /api/v1/recovery/oauth/init_icloud', () => {
  it("answers CloudKit's sign-in URL, whose token reaches the user's private database", async () => {
    const session = await frame.login(appId);
    const res = await server.post(
      appId,
      ROUTES.recoveryOAuthInitICloud,
      { client_type: 'web' },
      { authorization: `Bearer ${session.token}` },
    );
    expect(res.status).toBe(200);
    const answer = recoveryOAuthInitICloudResponse.parse(await res.json());
    expect(answer.url.startsWith(`${ck.url}/signin?`)).toBe(true);
    expect(answer.cloudkit).toEqual({
      api_url: ck.url,
      container: CONTAINER,
      environment: 'development',
      api_token: CK_TOKEN,
    });
    const signedIn = await fetch(answer.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=alice',
    });
    const webToken = (await signedIn.text()).replace('ckWebAuthToken=', '');
    const modify = new URL(`${ck.url}/database/1/${CONTAINER}/development/private/records/modify`);
    modify.searchParams.set('ckAPIToken', CK_TOKEN);
    modify.searchParams.set('ckWebAuthToken', webToken);
    const saved = await fetch(modify, {
      method: 'POST',
      body: JSON.stringify({
        operations: [
          { operationType: 'create', record: { recordType: 'LatchkeyRecoveryKey', fields: {} } },
        ],
      }),
    });
    expect(saved.status).toBe(200);
  });

  it('needs a session and an app that offers icloud', async () => {
    await expectError(
      await server.post(appId, ROUTES.recoveryOAuthInitICloud, { client_type: 'web' }),
      401,
      'missing_or_invalid_token',
    );
    const driveOnly = (
      await server.createApp({
        allowedOrigins: [ORIGIN],
        userOwnedRecoveryOptions: ['google-drive'],
      })
    ).id;
    const session = await frame.login(driveOnly);
    await expectError(
      await server.post(
        driveOnly,
        ROUTES.recoveryOAuthInitICloud,
        { client_type: 'web' },
        {
          authorization: `Bearer ${session.token}`,
        },
      ),
      403,
      'recovery_method_not_allowed',
    );
  });
});

describe('the cloud recovery share on the server', () => {
  it("does not decrypt with anything the server has; only with the key in the user's Drive", async () => {
    const session = await frame.login(appId);
    const wallet = testWalletKey();
    const entropy = new Uint8Array(randomBytes(16));
    const [deviceShare, authShare, recoveryShare] = await split(entropy, 3, 2);
    // The frame: a fresh AES-256-GCM key, the share sealed under it, the key to the user's Drive.
    const key = await webcrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ]);
    const iv = new Uint8Array(randomBytes(12));
    const sealed = new Uint8Array(
      await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, recoveryShare!),
    );
    const blob = Buffer.concat([iv, sealed]).toString('base64');
    const flow = await runFlow(session, 'backup-user');
    const token = recoveryOAuthAuthenticateResponse.parse(
      await (
        await authenticate(session, {
          authorization_code: flow.code,
          state_code: flow.state,
          code_verifier: flow.verifier,
        })
      ).json(),
    ).access_token;
    const rawKey = Buffer.from(await webcrypto.subtle.exportKey('raw', key)).toString('base64');
    expect((await driveUpload(token, 'latchkey-recovery-key', rawKey)).status).toBe(200);

    const created = await frame.post(session, ROUTES.embeddedWallets, {
      address: wallet.address,
      chain_type: 'ethereum',
      auth_share: Buffer.from(authShare!).toString('base64'),
      recovery_method: 'google-drive',
      recovery_share: blob,
      recovery_blob: null,
      ...(await frame.walletProof(session, wallet, 'create')),
    });
    expect(created.status).toBe(200);

    // Everything the server holds: the row, opened with every key it has.
    const [row] = await database.db
      .select()
      .from(embeddedWallets)
      .where(and(eq(embeddedWallets.appId, appId), eq(embeddedWallets.userId, session.userId)));
    expect(row!.recoveryMethod).toBe('google-drive');
    const opened = JSON.parse(
      await decryptString(row!.recoveryShare!, server.context.keys.recoveryKey),
    ) as { value: string };
    const openedAuth = JSON.parse(
      await decryptString(row!.authShare!, server.context.keys.authShareKey),
    ) as { value: string };
    // What the server stores is the frame's ciphertext, never the share.
    expect(opened.value).toBe(blob);
    expect(Buffer.from(opened.value, 'base64').includes(Buffer.from(recoveryShare!))).toBe(false);
    const serverKeys = Object.values(server.context.keys).filter(
      (k): k is Uint8Array => k instanceof Uint8Array && k.length === 32,
    );
    expect(serverKeys.length).toBeGreaterThanOrEqual(3);
    for (const candidate of serverKeys) {
      const aes = await webcrypto.subtle.importKey('raw', candidate, 'AES-GCM', false, ['decrypt']);
      await expect(
        webcrypto.subtle.decrypt({ name: 'AES-GCM', iv }, aes, sealed),
      ).rejects.toThrow();
    }
    // The auth share and the stored ciphertext do not rebuild the entropy.
    const rebuilt = await combine([
      Buffer.from(openedAuth.value, 'base64'),
      Buffer.from(opened.value, 'base64').subarray(12, 12 + recoveryShare!.length),
    ]).catch(() => null);
    expect(rebuilt && Buffer.from(rebuilt).equals(Buffer.from(entropy))).toBeFalsy();

    // The frame's recovery: the blob (DPoP, as the latchkey share) and the key from Drive.
    const released = recoveryShareResponse.parse(
      await (
        await frame.post(session, ROUTES.walletRecoveryShare, { address: wallet.address })
      ).json(),
    );
    expect(released).toMatchObject({ recovery_method: 'google-drive', recovery_share: blob });
    await expectError(
      await server.post(
        appId,
        ROUTES.walletRecoveryShare,
        { address: wallet.address },
        {
          authorization: `Bearer ${session.token}`,
        },
      ),
      401,
      'missing_or_invalid_token',
    );
    const list = await fetch(
      `${drive.url}/drive/v3/files?${new URLSearchParams({ spaces: 'appDataFolder', q: "name = 'latchkey-recovery-key'" })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const [file] = ((await list.json()) as { files: { id: string }[] }).files;
    const cloudKey = await (
      await fetch(`${drive.url}/drive/v3/files/${file!.id}?alt=media`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).text();
    const aes = await webcrypto.subtle.importKey(
      'raw',
      Buffer.from(cloudKey, 'base64'),
      'AES-GCM',
      false,
      ['decrypt'],
    );
    const bytes = Buffer.from(released.recovery_share!, 'base64');
    const share = new Uint8Array(
      await webcrypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.subarray(0, 12) },
        aes,
        bytes.subarray(12),
      ),
    );
    expect(Buffer.from(await combine([share, authShare!])).equals(Buffer.from(entropy))).toBe(true);
    expect(deviceShare).toBeDefined();
  });
});
