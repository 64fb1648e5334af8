import { CustodyError } from './errors.ts';

/**
 * Cloud recovery (issue 23 item 1; spec sections 1 and 5, recovery methods `google-drive` and
 * `icloud`): the recovery share is sealed in the frame with AES-256-GCM (WebCrypto) under a
 * fresh random key. The server keeps the sealed share ({@link CloudSealedShare}); the user's own
 * cloud keeps the key ({@link CloudRecoveryKey}: Google Drive's `appDataFolder`, iCloud's private
 * CloudKit database). Neither alone rebuilds the wallet, and the host page sees neither. The
 * sealed share is bound to its wallet by GCM's additional data ({@link cloudRecoveryContext}), so
 * a key from another wallet's backup, or a sealed share moved to another wallet, does not open.
 */
export interface CloudSealedShare {
  version: 1;
  alg: 'A256GCM';
  /** base64, 12 bytes. */
  iv: string;
  /** base64, the AES-GCM ciphertext with its 16-byte tag. */
  ciphertext: string;
}

/** What the user's cloud keeps: the key of one wallet's sealed recovery share. */
export interface CloudRecoveryKey {
  version: 1;
  /** The wallet it opens (the address as the server names it: EIP-55 or base58). */
  address: string;
  /** base64, the 32-byte AES-256 key. */
  key: string;
}

/** Stable code of a cloud backup that does not open this wallet's sealed share. */
export const CLOUD_RECOVERY_MISMATCH = 'cloud_recovery_mismatch';

/**
 * The key in the user's cloud does not open this wallet's sealed share: a backup of another
 * wallet or account, or damaged data (spec section 8: '{Recovery} with {provider} unsuccessful',
 * with the hint to pick the account that holds the backup).
 */
export class CloudRecoveryMismatchError extends CustodyError {
  override name = 'CloudRecoveryMismatchError';
  readonly code = CLOUD_RECOVERY_MISMATCH;
  constructor(options?: { cause?: unknown }) {
    super('error', "The cloud backup does not open this wallet's recovery share.", options);
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * GCM's additional data for a wallet's sealed share: the app, the user and the wallet's
 * address (0x addresses lower-cased; base58 is case-sensitive and kept).
 */
export function cloudRecoveryContext(wallet: {
  appId: string;
  userId: string;
  address: string;
}): Uint8Array {
  const address = wallet.address.startsWith('0x') ? wallet.address.toLowerCase() : wallet.address;
  return new TextEncoder().encode(
    `latchkey:cloud-recovery:v1:${wallet.appId}:${wallet.userId}:${address}`,
  );
}

/**
 * Seals `share` (the recovery share's bytes) under a fresh random 256-bit AES-GCM key, or under
 * `reuse`, a key already in the user's cloud for this wallet (a reshare keeps the cloud's key,
 * so the backup in the cloud never names a key the server's share does not use), with a fresh
 * random 12-byte IV either way.
 * @returns the sealed share for the server and the key for the user's cloud (the same
 *   key when given); the caller puts each in its place and forgets the key.
 * @throws CloudRecoveryMismatchError when `reuse` is not a 32-byte key of version 1.
 */
export async function sealForCloud(
  share: Uint8Array,
  wallet: { appId: string; userId: string; address: string },
  reuse?: CloudRecoveryKey,
): Promise<{ sealed: CloudSealedShare; key: CloudRecoveryKey }> {
  let raw: Uint8Array;
  if (reuse) {
    try {
      raw = fromBase64(reuse.key);
    } catch (cause) {
      throw new CloudRecoveryMismatchError({ cause });
    }
    if (reuse.version !== 1 || raw.length !== 32) {
      raw.fill(0);
      throw new CloudRecoveryMismatchError();
    }
  } else raw = crypto.getRandomValues(new Uint8Array(32));
  try {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const cryptoKey = await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, [
      'encrypt',
    ]);
    const ciphertext = new Uint8Array(
      await crypto.subtle.encrypt(
        {
          name: 'AES-GCM',
          iv: iv as BufferSource,
          additionalData: cloudRecoveryContext(wallet) as BufferSource,
        },
        cryptoKey,
        share as BufferSource,
      ),
    );
    return {
      sealed: { version: 1, alg: 'A256GCM', iv: toBase64(iv), ciphertext: toBase64(ciphertext) },
      key: { version: 1, address: wallet.address, key: toBase64(raw) },
    };
  } finally {
    raw.fill(0);
  }
}

/**
 * Opens a sealed recovery share with the key from the user's cloud.
 * @returns the recovery share's bytes (the caller zeroes them).
 * @throws CloudRecoveryMismatchError when the key is of another wallet, the shapes are wrong, or
 *   the sealed share was altered (GCM's tag does not verify).
 */
export async function openFromCloud(
  sealed: CloudSealedShare,
  key: CloudRecoveryKey,
  wallet: { appId: string; userId: string; address: string },
): Promise<Uint8Array> {
  let raw: Uint8Array | undefined;
  try {
    if (sealed.version !== 1 || sealed.alg !== 'A256GCM' || key.version !== 1) {
      throw new Error('unknown version');
    }
    raw = fromBase64(key.key);
    if (raw.length !== 32) throw new Error('the key is not 32 bytes');
    const cryptoKey = await crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, [
      'decrypt',
    ]);
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: fromBase64(sealed.iv) as BufferSource,
          additionalData: cloudRecoveryContext(wallet) as BufferSource,
        },
        cryptoKey,
        fromBase64(sealed.ciphertext) as BufferSource,
      ),
    );
  } catch (cause) {
    throw new CloudRecoveryMismatchError({ cause });
  } finally {
    raw?.fill(0);
  }
}

/** The first byte of {@link encodeCloudSealedShare}'s form (the sealed share's version). */
const COMPACT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The sealed share as the server keeps it (the create and reshare calls' `recovery_share` is
 * its base64): one version byte (1), the 12-byte IV, then the AES-GCM ciphertext with its 16-byte
 * tag. A recovery share of n bytes takes 29 + n bytes (4/3 of that in base64), against about
 * twice as many as the JSON form, so any share up to 355 bytes fits the API's 512 base64
 * characters.
 */
export function encodeCloudSealedShare(sealed: CloudSealedShare): Uint8Array {
  const iv = fromBase64(sealed.iv);
  const ciphertext = fromBase64(sealed.ciphertext);
  if (sealed.version !== 1 || sealed.alg !== 'A256GCM' || iv.length !== IV_BYTES) {
    throw new CustodyError('error', 'Not a sealed share of version 1');
  }
  const bytes = new Uint8Array(1 + IV_BYTES + ciphertext.length);
  bytes[0] = COMPACT_VERSION;
  bytes.set(iv, 1);
  bytes.set(ciphertext, 1 + IV_BYTES);
  return bytes;
}

/**
 * Reads {@link encodeCloudSealedShare}'s form back.
 * @throws CloudRecoveryMismatchError when it is not that form (another version, too short).
 */
export function decodeCloudSealedShare(bytes: Uint8Array): CloudSealedShare {
  if (bytes.length <= 1 + IV_BYTES + TAG_BYTES || bytes[0] !== COMPACT_VERSION) {
    throw new CloudRecoveryMismatchError();
  }
  return {
    version: 1,
    alg: 'A256GCM',
    iv: toBase64(bytes.subarray(1, 1 + IV_BYTES)),
    ciphertext: toBase64(bytes.subarray(1 + IV_BYTES)),
  };
}
