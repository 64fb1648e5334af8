/**
 * The wallet handlers with a cloud recovery method (issue 23 item 1): the recovery share sealed
 * for the user's cloud, the key in the Google Drive and CloudKit stand-ins (test-support, a real
 * access token of the local OpenID provider for Drive), the fake share server for the rest.
 */
import { FRAME_EVENTS, ROUTES } from '@latchkey/api';
import type { Address } from 'viem';
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
import { CLOUD_RECOVERY_MISMATCH, decodeCloudSealedShare } from '../custody/cloud-recovery.ts';
import { reconstructEntropy } from '../custody/shares.ts';
import {
  cloudKeyName,
  type CloudKeyStore,
  createCloudKitKeyStore,
  createDriveKeyStore,
} from './cloud-key-store.ts';
import { openDeviceShareStore } from './device-store.ts';
import { fromBase64 } from './encoding.ts';
import { CLOUD_GESTURE_REQUIRED_MESSAGE, guardHostHandlers } from './host-guard.ts';
import { API_URL, APP_ID, fakeShareServer, memoryStorage, token } from './test/fakes.ts';
import {
  CLOUD_PAGE_ONLY_MESSAGE,
  CLOUD_RECOVERY_ACCESS,
  type CloudRecoveryAccess,
  createWalletHandlers,
} from './wallet-handlers.ts';

const REDIRECT = 'http://127.0.0.1:1/callback';
const CLIENT = { clientId: 'frame-cloud-app', clientSecret: 'frame-cloud-app-secret-0123456789' };
const DRIVE_RS = { clientId: 'drive-rs', clientSecret: 'drive-rs-secret-0123456789' };
const CONTAINER = {
  container: 'iCloud.com.example.latchkey',
  environment: 'development' as const,
  apiToken: 'ck-api-token-0123456789',
};
const ORIGIN = { origin: 'https://app.example' };
const T = token('user_1');

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

/** The Drive key store of `username`'s Drive, with a real `drive.appdata` token. */
async function driveOf(username: string): Promise<CloudKeyStore> {
  const accessToken = await devAccessToken({
    issuer: idp.issuer,
    client: CLIENT,
    redirectUri: REDIRECT,
    username,
    scope: DRIVE_APPDATA_SCOPE,
  });
  return createDriveKeyStore({ apiUrl: drive.url, accessToken });
}

const cloudKitOf = (username: string): CloudKeyStore =>
  createCloudKitKeyStore({
    apiUrl: cloudKit.url,
    ...CONTAINER,
    webAuthToken: cloudKit.signIn(CONTAINER.container, username),
  });

/** A store that logs its calls into `log` (to check the order of put and upload). */
function logged(store: CloudKeyStore, log: string[]): CloudKeyStore {
  return {
    put: async (name, key) => {
      log.push('cloud.put');
      await store.put(name, key);
    },
    get: async (name) => {
      log.push('cloud.get');
      return store.get(name);
    },
  };
}

/** One device (a frame with its own storage) on the shared fake server. */
function device(server: ReturnType<typeof fakeShareServer>, log: string[] = []) {
  const store = openDeviceShareStore(APP_ID, () => memoryStorage());
  const handlers = createWalletHandlers({
    appId: APP_ID,
    apiUrl: API_URL,
    store,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      log.push(new URL(String(input)).pathname);
      return server.fetch(input, init);
    }) as typeof fetch,
  });
  const call = async (event: keyof typeof handlers, data: Record<PropertyKey, unknown>) =>
    (await handlers[event]!(data, ORIGIN)) as Record<string, unknown>;
  return { store, handlers, call };
}

/** Request data as the cloud page hands it in-process: the access under the symbol. */
const withCloud = (data: Record<string, unknown>, access: CloudRecoveryAccess) => ({
  ...data,
  [CLOUD_RECOVERY_ACCESS]: access,
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('wallet handlers with cloud recovery (issue 23 item 1)', () => {
  it('create with google-drive puts the key in Drive first, and the server alone cannot rebuild', async () => {
    const server = fakeShareServer();
    const log: string[] = [];
    const phone = device(server, log);
    const alice = await driveOf('alice');
    const out = await phone.call(
      FRAME_EVENTS.walletCreate,
      withCloud(
        { accessToken: T, recoveryMethod: 'google-drive' },
        { provider: 'google-drive', store: logged(alice, log) },
      ),
    );
    const address = out.address as Address;
    const wallet = server.wallets.get(address.toLowerCase())!;
    expect(wallet.recovery_method).toBe('google-drive');
    // The key went to the cloud BEFORE the sealed share went to the server.
    expect(log.indexOf('cloud.put')).toBeGreaterThan(-1);
    expect(log.indexOf('cloud.put')).toBeLessThan(log.indexOf(ROUTES.embeddedWallets));
    const key = await alice.get(cloudKeyName(APP_ID, address));
    expect(key).toMatchObject({ version: 1, address });
    // The server's recovery share is the compact sealed form, well under the API's 512 chars.
    const sealed = fromBase64(wallet.recovery_share!);
    expect(wallet.recovery_share!.length).toBeLessThanOrEqual(512);
    expect(decodeCloudSealedShare(sealed)).toMatchObject({ version: 1, alg: 'A256GCM' });
    // What the server holds (auth share + sealed recovery share) does not rebuild the wallet.
    await expect(
      reconstructEntropy([sealed, fromBase64(wallet.auth_share)], address),
    ).rejects.toThrow();
    await expect(
      reconstructEntropy([sealed.subarray(13), fromBase64(wallet.auth_share)], address),
    ).rejects.toThrow();
    // The cloud wallet connects and signs on its device as any other (device share).
    expect(await phone.call(FRAME_EVENTS.walletConnect, { accessToken: T, address })).toEqual({
      address,
      deviceStorage: 'local',
    });
  });

  it('recover from the same Drive rebuilds the same address on a new device, resealed under the same key', async () => {
    const server = fakeShareServer();
    const alice = await driveOf('alice-2');
    const access = { provider: 'google-drive' as const, store: alice };
    const { address } = (await device(server).call(
      FRAME_EVENTS.walletCreate,
      withCloud({ accessToken: T, recoveryMethod: 'google-drive' }, access),
    )) as { address: Address };
    const name = cloudKeyName(APP_ID, address);
    const keyBefore = await alice.get(name);
    const shareBefore = server.wallets.get(address.toLowerCase())!.recovery_share;

    const laptop = device(server);
    expect(
      await laptop.call(FRAME_EVENTS.walletRecover, withCloud({ accessToken: T, address }, access)),
    ).toEqual({ address, deviceStorage: 'local' });
    const wallet = server.wallets.get(address.toLowerCase())!;
    expect(wallet.recovery_method).toBe('google-drive');
    expect(wallet.recovery_share).not.toBe(shareBefore);
    expect(await alice.get(name)).toEqual(keyBefore);
    expect(drive.files(CLIENT.clientId, 'alice-2')).toHaveLength(1);
    expect(await laptop.call(FRAME_EVENTS.walletConnect, { accessToken: T, address })).toEqual({
      address,
      deviceStorage: 'local',
    });
    // And again from a third device: the resealed share still opens with the cloud's key.
    await device(server).call(
      FRAME_EVENTS.walletRecover,
      withCloud({ accessToken: T, address }, access),
    );
  });

  it("recover with an empty Drive or another wallet's key is cloud_recovery_mismatch", async () => {
    const server = fakeShareServer();
    const alice = await driveOf('alice-3');
    const { address } = (await device(server).call(
      FRAME_EVENTS.walletCreate,
      withCloud(
        { accessToken: T, recoveryMethod: 'google-drive' },
        { provider: 'google-drive', store: alice },
      ),
    )) as { address: Address };
    const empty = await driveOf('bob-3');
    const error = await rejection(
      device(server).call(
        FRAME_EVENTS.walletRecover,
        withCloud({ accessToken: T, address }, { provider: 'google-drive', store: empty }),
      ),
    );
    expect(error).toMatchObject({ code: CLOUD_RECOVERY_MISMATCH });
    // Another wallet's key (user_2's backup) put under this wallet's name does not open it.
    const other = await device(server).call(
      FRAME_EVENTS.walletCreate,
      withCloud(
        { accessToken: token('user_2'), recoveryMethod: 'google-drive' },
        { provider: 'google-drive', store: empty },
      ),
    );
    const otherKey = await empty.get(cloudKeyName(APP_ID, other.address as string));
    await empty.put(cloudKeyName(APP_ID, address), { ...otherKey!, address });
    const mismatch = await rejection(
      device(server).call(
        FRAME_EVENTS.walletRecover,
        withCloud({ accessToken: T, address }, { provider: 'google-drive', store: empty }),
      ),
    );
    expect(mismatch).toMatchObject({ code: CLOUD_RECOVERY_MISMATCH });
    // Nothing was reshared: alice's backup still recovers.
    expect(server.count(ROUTES.walletReshare)).toBe(0);
  });

  it('set-recovery moves an automatic wallet to iCloud; a new device recovers from the same account only', async () => {
    const server = fakeShareServer();
    const phone = device(server);
    const { address } = (await phone.call(FRAME_EVENTS.walletCreate, { accessToken: T })) as {
      address: Address;
    };
    const alice = cloudKitOf('alice');
    const access = { provider: 'icloud' as const, store: alice };
    await phone.call(
      FRAME_EVENTS.walletSetRecovery,
      withCloud({ accessToken: T, address, recoveryMethod: 'icloud' }, access),
    );
    expect(server.wallets.get(address.toLowerCase())!.recovery_method).toBe('icloud');
    expect(await alice.get(cloudKeyName(APP_ID, address))).toMatchObject({ address });
    expect(
      await device(server).call(
        FRAME_EVENTS.walletRecover,
        withCloud({ accessToken: T, address }, access),
      ),
    ).toEqual({ address, deviceStorage: 'local' });
    // Drive access for an iCloud wallet is refused; so is recovering it without any access.
    await expect(
      device(server).call(
        FRAME_EVENTS.walletRecover,
        withCloud(
          { accessToken: T, address },
          { provider: 'google-drive', store: await driveOf('alice') },
        ),
      ),
    ).rejects.toMatchObject({ type: 'invalid_request_arguments' });
    await expect(
      device(server).call(FRAME_EVENTS.walletRecover, { accessToken: T, address }),
    ).rejects.toMatchObject({ type: 'user_gesture_required', message: CLOUD_PAGE_ONLY_MESSAGE });
  });

  it('a cloud method without the cloud page access is refused, and the host-guarded frame refuses it first', async () => {
    const server = fakeShareServer();
    const dev = device(server);
    for (const recoveryMethod of ['google-drive', 'icloud']) {
      await expect(
        dev.call(FRAME_EVENTS.walletCreate, { accessToken: T, recoveryMethod }),
      ).rejects.toMatchObject({ type: 'user_gesture_required' });
      // Access of the other provider does not count either.
      await expect(
        dev.call(
          FRAME_EVENTS.walletCreate,
          withCloud(
            { accessToken: T, recoveryMethod },
            {
              provider: recoveryMethod === 'icloud' ? 'google-drive' : 'icloud',
              store: cloudKitOf('x'),
            },
          ),
        ),
      ).rejects.toMatchObject({ type: 'user_gesture_required' });
    }
    expect(server.count(ROUTES.embeddedWallets)).toBe(0);
    // What a message can carry: the symbol key does not survive structured cloning.
    const cloned = structuredClone({ accessToken: T, [CLOUD_RECOVERY_ACCESS]: { provider: 'x' } });
    expect(Object.getOwnPropertySymbols(cloned)).toHaveLength(0);

    const guarded = guardHostHandlers(dev.handlers);
    const refused = { type: 'user_gesture_required', message: CLOUD_GESTURE_REQUIRED_MESSAGE };
    const address = '0x1111111111111111111111111111111111111111';
    for (const [event, data] of [
      [FRAME_EVENTS.walletCreate, { accessToken: T, recoveryMethod: 'google-drive' }],
      [FRAME_EVENTS.walletCreate, { accessToken: T, recoveryMethod: 'icloud' }],
      [FRAME_EVENTS.walletRecover, { accessToken: T, address, recoveryMethod: 'icloud' }],
      [FRAME_EVENTS.walletRecover, { accessToken: T, address, provider: 'google-drive' }],
      [FRAME_EVENTS.walletCloud, { accessToken: T, action: 'create', provider: 'google-drive' }],
    ] as const) {
      expect(() => guarded[event]!(data, ORIGIN)).toThrow(expect.objectContaining(refused));
    }
    expect(() =>
      guarded[FRAME_EVENTS.walletSetRecovery]!(
        { accessToken: T, address, recoveryMethod: 'google-drive' },
        ORIGIN,
      ),
    ).toThrow(expect.objectContaining({ type: 'user_gesture_required' }));
    expect(server.calls).toHaveLength(0);
  });
});
