import { CloudRecoveryMismatchError, type CloudRecoveryKey } from '../custody/cloud-recovery.ts';
import { CustodyError } from '../custody/errors.ts';

/**
 * Where the user's own cloud keeps a wallet's cloud-recovery key (issue 23 items 1 and 2): one
 * JSON document ({@link CloudRecoveryKey}) per wallet, named by {@link cloudKeyName}. The frame
 * calls the cloud with the access token the API answered to its DPoP key
 * (`/api/v1/recovery/oauth/authenticate`); the host page never sees the token or the key.
 */
export interface CloudKeyStore {
  /** Saves `key` under `name`, replacing an older key of the same name. */
  put(name: string, key: CloudRecoveryKey): Promise<void>;
  /**
   * The key saved under `name`, or null when there is none (the account holds no backup of
   * this wallet).
   * @throws CloudRecoveryMismatchError when the document is not a recovery key.
   */
  get(name: string): Promise<CloudRecoveryKey | null>;
}

/** A cloud call failed (network, token refused, quota): `status` is the HTTP status, 0 offline. */
export class CloudStorageError extends CustodyError {
  override name = 'CloudStorageError';
  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('error', message, options);
  }
}

/** The document's name for a wallet: `latchkey-{appId}-{address}.json` (one per wallet). */
export function cloudKeyName(appId: string, address: string): string {
  const id = address.startsWith('0x') ? address.toLowerCase() : address;
  return `latchkey-${appId}-${id}.json`;
}

/** Reads a fetched document as a recovery key; anything else is a mismatch. */
function recoveryKeyOf(value: unknown): CloudRecoveryKey {
  const key = value as Partial<CloudRecoveryKey> | null;
  if (!key || key.version !== 1 || typeof key.address !== 'string' || typeof key.key !== 'string') {
    throw new CloudRecoveryMismatchError();
  }
  return { version: 1, address: key.address, key: key.key };
}

async function call(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url, init);
  } catch (cause) {
    throw new CloudStorageError(0, `${what}: the cloud could not be reached`, { cause });
  }
  if (!response.ok) {
    throw new CloudStorageError(response.status, `${what}: the cloud answered ${response.status}`);
  }
  return response;
}

/** Options of {@link createDriveKeyStore}. */
export interface DriveKeyStoreOptions {
  /** Drive's API base: `https://www.googleapis.com` (the app's `drive_api_url` setting). */
  apiUrl: string;
  /** An access token with the `drive.appdata` scope. */
  accessToken: string;
  fetch?: typeof fetch;
}

/**
 * The key store in the user's Google Drive `appDataFolder` (a folder only this app's OAuth
 * client can see; scope `https://www.googleapis.com/auth/drive.appdata`), through Drive v3's
 * documented REST calls: `files.list` with `spaces=appDataFolder` and a `name = '...'` query,
 * `files.get?alt=media`, a `multipart/related` upload into `appDataFolder`, and `files.delete`
 * of the older copies once the new one is saved.
 * @throws CloudStorageError from either method when Drive refuses or cannot be reached.
 */
export function createDriveKeyStore(options: DriveKeyStoreOptions): CloudKeyStore {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const base = options.apiUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${options.accessToken}` };

  /** Ids of the files named `name`, newest first. */
  async function find(name: string): Promise<string[]> {
    const url = new URL(`${base}/drive/v3/files`);
    url.searchParams.set('spaces', 'appDataFolder');
    url.searchParams.set('q', `name = '${name.replace(/['\\]/g, '\\$&')}' and trashed = false`);
    url.searchParams.set('fields', 'files(id,name,createdTime)');
    url.searchParams.set('orderBy', 'createdTime desc');
    const response = await call(doFetch, url.href, { headers: auth }, 'Drive files.list');
    const { files } = (await response.json()) as {
      files?: { id: string; createdTime?: string }[];
    };
    return [...(files ?? [])]
      .sort((a, b) => (b.createdTime ?? '').localeCompare(a.createdTime ?? ''))
      .map((file) => file.id);
  }

  return {
    async put(name, key) {
      const older = await find(name);
      const boundary = `latchkey-${crypto.randomUUID()}`;
      const body = [
        `--${boundary}`,
        'Content-Type: application/json; charset=UTF-8',
        '',
        JSON.stringify({ name, parents: ['appDataFolder'], mimeType: 'application/json' }),
        `--${boundary}`,
        'Content-Type: application/json',
        '',
        JSON.stringify(key),
        `--${boundary}--`,
        '',
      ].join('\r\n');
      await call(
        doFetch,
        `${base}/upload/drive/v3/files?uploadType=multipart`,
        {
          method: 'POST',
          headers: { ...auth, 'content-type': `multipart/related; boundary=${boundary}` },
          body,
        },
        'Drive upload',
      );
      for (const id of older) {
        await call(
          doFetch,
          `${base}/drive/v3/files/${encodeURIComponent(id)}`,
          { method: 'DELETE', headers: auth },
          'Drive files.delete',
        );
      }
    },
    async get(name) {
      const [newest] = await find(name);
      if (newest === undefined) return null;
      const response = await call(
        doFetch,
        `${base}/drive/v3/files/${encodeURIComponent(newest)}?alt=media`,
        { headers: auth },
        'Drive files.get',
      );
      let document: unknown;
      try {
        document = await response.json();
      } catch (cause) {
        throw new CloudRecoveryMismatchError({ cause });
      }
      return recoveryKeyOf(document);
    },
  };
}

/** Options of {@link createCloudKitKeyStore}. */
export interface CloudKitKeyStoreOptions {
  /** CloudKit Web Services' base: `https://api.apple-cloudkit.com` (the app's setting). */
  apiUrl: string;
  /** The app's CloudKit container id, e.g. `iCloud.com.example.app`. */
  container: string;
  environment: 'development' | 'production';
  /** The container's web API token (`ckAPIToken`; public, scoped to the container). */
  apiToken: string;
  /** The user's web auth token (`ckWebAuthToken`) from CloudKit's sign-in. */
  webAuthToken: string;
  fetch?: typeof fetch;
}

/** The record type of a recovery key in the user's private database. */
export const CLOUDKIT_RECORD_TYPE = 'LatchkeyRecoveryKey';

/**
 * The key store in the user's private CloudKit database (iCloud), through CloudKit Web
 * Services: `records/modify` with a `forceReplace` (a `create` where that answers `NOT_FOUND`)
 * of the record named {@link cloudKeyName} (type {@link CLOUDKIT_RECORD_TYPE}, the key's JSON
 * in its `key` string field) and
 * `records/lookup` of that name (`NOT_FOUND` is no backup).
 * @throws CloudStorageError from either method when CloudKit refuses (e.g. 421: the user must
 *   sign in again) or cannot be reached.
 */
export function createCloudKitKeyStore(options: CloudKitKeyStoreOptions): CloudKeyStore {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const base = options.apiUrl.replace(/\/+$/, '');

  async function post(operation: string, body: unknown): Promise<{ records?: unknown[] }> {
    const url = new URL(
      `${base}/database/1/${encodeURIComponent(options.container)}/${options.environment}/private/${operation}`,
    );
    url.searchParams.set('ckAPIToken', options.apiToken);
    url.searchParams.set('ckWebAuthToken', options.webAuthToken);
    const response = await call(
      doFetch,
      url.href,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      `CloudKit ${operation}`,
    );
    return (await response.json()) as { records?: unknown[] };
  }

  return {
    async put(name, key) {
      const record = {
        recordName: name,
        recordType: CLOUDKIT_RECORD_TYPE,
        fields: { key: { value: JSON.stringify(key), type: 'STRING' } },
      };
      const modify = async (operationType: 'forceReplace' | 'create') => {
        const { records } = await post('records/modify', {
          operations: [{ operationType, record }],
        });
        return ((records ?? []) as { serverErrorCode?: string }[])[0];
      };
      // forceReplace overwrites the record whatever its change tag; where it is refused as
      // NOT_FOUND (no record of that name yet), the record is created.
      let answer = await modify('forceReplace');
      if (answer?.serverErrorCode === 'NOT_FOUND') answer = await modify('create');
      if (!answer || answer.serverErrorCode) {
        throw new CloudStorageError(
          200,
          `CloudKit records/modify: ${answer?.serverErrorCode ?? 'no answer'}`,
        );
      }
    },
    async get(name) {
      const { records } = await post('records/lookup', { records: [{ recordName: name }] });
      const [record] = (records ?? []) as {
        serverErrorCode?: string;
        fields?: { key?: { value?: unknown } };
      }[];
      if (!record || record.serverErrorCode === 'NOT_FOUND') return null;
      if (record.serverErrorCode) {
        throw new CloudStorageError(200, `CloudKit records/lookup: ${record.serverErrorCode}`);
      }
      const value = record.fields?.key?.value;
      let document: unknown;
      try {
        document = typeof value === 'string' ? JSON.parse(value) : null;
      } catch (cause) {
        throw new CloudRecoveryMismatchError({ cause });
      }
      return recoveryKeyOf(document);
    },
  };
}
