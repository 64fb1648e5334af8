/**
 * The wallet frame's own key (issue 10; design.md, Keys): a non-extractable P-256 WebCrypto key
 * pair kept in the frame origin's IndexedDB. It never leaves the frame: the private key cannot be
 * exported, and only proofs (RFC 9449 DPoP JWTs, made by the `dpop` library) and the public key's
 * thumbprint go out. The login call carries a proof, which binds the session to this key; every
 * share request then needs a fresh proof by it, which the host page cannot make.
 */
import { calculateThumbprint, generateKeyPair, generateProof, type KeyPair } from 'dpop';

/** The frame key as the handlers use it. */
export interface FrameKey {
  /**
   * A DPoP proof JWT (`typ` dpop+jwt, ES256, fresh `jti` and `iat`) for one request.
   * @param htm HTTP method, e.g. `POST`.
   * @param htu the request URL without query or fragment.
   * @param accessToken the access token the request carries (sets `ath`); omit for a login call.
   * @param nowMs the time for `iat` (the server's clock when known; default this device's).
   */
  proof(htm: string, htu: string, accessToken?: string, nowMs?: number): Promise<string>;
  /** RFC 7638 thumbprint (base64url SHA-256) of the public key: the session binding. */
  thumbprint(): Promise<string>;
  /** `indexeddb` when the key survives a reload; `memory` when IndexedDB is unusable. */
  readonly storage: Promise<'indexeddb' | 'memory'>;
}

const DB_NAME = 'latchkey-wallet-frame';
const STORE = 'keys';
const DB_VERSION = 1;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(idb: IDBFactory): Promise<IDBDatabase> {
  const open = idb.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  return request(open);
}

function isKeyPair(value: unknown): value is KeyPair {
  const pair = value as Partial<KeyPair> | undefined;
  return (
    typeof pair === 'object' &&
    pair !== null &&
    pair.privateKey?.type === 'private' &&
    pair.publicKey?.type === 'public' &&
    pair.privateKey.extractable === false
  );
}

/**
 * Loads this app's frame key from IndexedDB, or makes one (non-extractable) and stores it. Two
 * frames of the same origin starting together agree on one key: the store uses `add`, and the
 * loser re-reads the winner's key.
 */
async function loadOrCreate(idb: IDBFactory, id: string): Promise<KeyPair> {
  const db = await openDb(idb);
  try {
    const existing: unknown = await request(db.transaction(STORE).objectStore(STORE).get(id));
    if (isKeyPair(existing)) return existing;
    const fresh = await generateKeyPair('ES256', { extractable: false });
    try {
      const tx = db.transaction(STORE, 'readwrite');
      await request(tx.objectStore(STORE).add(fresh, id));
      return fresh;
    } catch {
      const winner: unknown = await request(db.transaction(STORE).objectStore(STORE).get(id));
      if (isKeyPair(winner)) return winner;
      throw new Error('The wallet frame key cannot be stored');
    }
  } finally {
    db.close();
  }
}

/**
 * Runs `make` with `Date.now()` reading `nowMs`: `generateProof` of `dpop` takes `iat` from
 * `Date.now()` synchronously when called (before its first await) and has no parameter for it,
 * so the clock is swapped for that synchronous part only. Without `nowMs`, nothing is swapped.
 */
function proofAt(nowMs: number | undefined, make: () => Promise<string>): Promise<string> {
  if (nowMs === undefined || !Number.isFinite(nowMs)) return make();
  const realNow = Date.now;
  Date.now = () => nowMs;
  try {
    return make();
  } finally {
    Date.now = realNow;
  }
}

/**
 * Opens the frame key of `appId`.
 * @param idb the frame's `indexedDB` (undefined, or one that fails, keeps the key in memory for
 *   the frame's lifetime: the wallet works now, and after a reload the user logs in again).
 */
export function openFrameKey(appId: string, idb: IDBFactory | undefined): FrameKey {
  const id = `dpop:v1:${appId}`;
  const keyPair: Promise<{ pair: KeyPair; storage: 'indexeddb' | 'memory' }> = (async () => {
    if (idb) {
      try {
        return { pair: await loadOrCreate(idb, id), storage: 'indexeddb' as const };
      } catch {
        // Blocked or partitioned-away storage: fall through to a key in memory.
      }
    }
    return {
      pair: await generateKeyPair('ES256', { extractable: false }),
      storage: 'memory' as const,
    };
  })();
  let thumbprint: Promise<string> | undefined;
  return {
    async proof(htm, htu, accessToken, nowMs) {
      const { pair } = await keyPair;
      return proofAt(nowMs, () => generateProof(pair, htu, htm, undefined, accessToken));
    },
    thumbprint() {
      thumbprint ??= keyPair.then(({ pair }) => calculateThumbprint(pair.publicKey));
      return thumbprint;
    },
    storage: keyPair.then(({ storage }) => storage),
  };
}
