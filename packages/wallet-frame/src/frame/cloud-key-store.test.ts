/**
 * The frame's cloud key stores against the local stand-ins of Google Drive v3 and CloudKit Web
 * Services (test-support; issue 23 item 4), with a real access token of the local OpenID
 * provider for Drive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DevOidcProvider,
  startDevOidcProvider,
} from '../../../server/src/methods/oauth/dev/oidc.ts';
import { type CloudKit, startCloudKit } from '../../../../test-support/cloudkit.ts';
import {
  DRIVE_APPDATA_SCOPE,
  type GoogleDrive,
  startGoogleDrive,
} from '../../../../test-support/google-drive.ts';
import { devAccessToken } from '../../../../test-support/oidc-login.ts';
import type { CloudRecoveryKey } from '../custody/cloud-recovery.ts';
import {
  CLOUDKIT_RECORD_TYPE,
  cloudKeyName,
  CloudStorageError,
  createCloudKitKeyStore,
  createDriveKeyStore,
} from './cloud-key-store.ts';

const REDIRECT = 'http://127.0.0.1:1/callback';
const CLIENT = { clientId: 'frame-test-app', clientSecret: 'frame-test-app-secret-0123456789' };
const DRIVE_RS = { clientId: 'drive-rs', clientSecret: 'drive-rs-secret-0123456789' };
const CONTAINER = {
  container: 'iCloud.com.example.latchkey',
  environment: 'development' as const,
  apiToken: 'ck-api-token-0123456789',
};

const NAME = cloudKeyName('app-1', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
const KEY: CloudRecoveryKey = {
  version: 1,
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  key: btoa('k'.repeat(32)),
};

let idp: DevOidcProvider;
let drive: GoogleDrive;
let cloudKit: CloudKit;

beforeAll(async () => {
  idp = await startDevOidcProvider({
    port: 0,
    clients: [{ ...CLIENT, redirectUris: [REDIRECT] }],
    resourceServers: [DRIVE_RS],
  });
  drive = await startGoogleDrive({ issuer: idp.issuer, introspection: DRIVE_RS });
  cloudKit = await startCloudKit({ containers: [CONTAINER] });
});
afterAll(async () => {
  await drive?.close();
  await cloudKit?.close();
  await idp?.close();
});

/** A real access token of `username` for `scope`: the code flow with PKCE (oauth4webapi). */
const accessToken = (username: string, scope = DRIVE_APPDATA_SCOPE) =>
  devAccessToken({ issuer: idp.issuer, client: CLIENT, redirectUri: REDIRECT, username, scope });

describe('Google Drive key store (issue 23)', () => {
  it("saves one key per wallet in the user's appDataFolder, replaces it, and reads it back", async () => {
    const store = createDriveKeyStore({
      apiUrl: drive.url,
      accessToken: await accessToken('alice'),
    });
    expect(await store.get(NAME)).toBeNull();
    await store.put(NAME, KEY);
    expect(await store.get(NAME)).toEqual(KEY);
    const newer = { ...KEY, key: btoa('n'.repeat(32)) };
    await store.put(NAME, newer);
    expect(await store.get(NAME)).toEqual(newer);
    // One document: the older copy was deleted once the new one was saved.
    const sub = drive.files(CLIENT.clientId, 'alice');
    expect(sub.map((f) => [f.name, f.parents])).toEqual([[NAME, ['appDataFolder']]]);
    // Another Drive account holds no backup of it.
    const bob = createDriveKeyStore({ apiUrl: drive.url, accessToken: await accessToken('bob') });
    expect(await bob.get(NAME)).toBeNull();
  });

  it('a refused token is a CloudStorageError with the status', async () => {
    const store = createDriveKeyStore({ apiUrl: drive.url, accessToken: 'not-a-token' });
    await expect(store.get(NAME)).rejects.toBeInstanceOf(CloudStorageError);
    await expect(store.put(NAME, KEY)).rejects.toMatchObject({ status: 401 });
    const wrongScope = createDriveKeyStore({
      apiUrl: drive.url,
      accessToken: await accessToken('alice', 'openid'),
    });
    await expect(wrongScope.get(NAME)).rejects.toMatchObject({ status: 403 });
  });
});

describe('CloudKit key store (issue 23)', () => {
  const storeOf = (username: string) =>
    createCloudKitKeyStore({
      apiUrl: cloudKit.url,
      container: CONTAINER.container,
      environment: CONTAINER.environment,
      apiToken: CONTAINER.apiToken,
      webAuthToken: cloudKit.signIn(CONTAINER.container, username),
    });

  it("saves the key as a record in the user's private database, replaces it, and reads it back", async () => {
    const store = storeOf('alice');
    expect(await store.get(NAME)).toBeNull();
    await store.put(NAME, KEY);
    expect(await store.get(NAME)).toEqual(KEY);
    const newer = { ...KEY, key: btoa('n'.repeat(32)) };
    await store.put(NAME, newer);
    expect(await store.get(NAME)).toEqual(newer);
    // Another iCloud account's private database holds no backup of it.
    expect(await storeOf('bob').get(NAME)).toBeNull();
    expect(CLOUDKIT_RECORD_TYPE).toBe('LatchkeyRecoveryKey');
  });

  it('an unknown web auth token asks for sign-in (421); a wrong API token is refused (401)', async () => {
    const base = {
      apiUrl: cloudKit.url,
      container: CONTAINER.container,
      environment: CONTAINER.environment,
    };
    await expect(
      createCloudKitKeyStore({ ...base, apiToken: CONTAINER.apiToken, webAuthToken: 'stale' }).get(
        NAME,
      ),
    ).rejects.toMatchObject({ status: 421 });
    await expect(
      createCloudKitKeyStore({
        ...base,
        apiToken: 'wrong',
        webAuthToken: cloudKit.signIn(CONTAINER.container, 'alice'),
      }).put(NAME, KEY),
    ).rejects.toMatchObject({ status: 401 });
  });
});
