import { InvalidRecoveryPasswordError } from './errors.ts';

/**
 * LEGACY password-encrypted recovery share (`user-passcode` recovery before issue 24).
 * The key is derived in the frame with PBKDF2-HMAC-SHA256 (600,000 iterations) and the share
 * sealed with AES-256-GCM; anyone holding the blob can test passwords offline, which is why new
 * passwords use OPAQUE (`opaque-recovery.ts`). The frame only opens such blobs now, once, at the
 * wallet's next password recovery, whose reshare reseals the share with OPAQUE and makes the
 * server drop the blob. `encryptWithPassword` stays for tests and `bench/opaque.ts`.
 */
export interface PasswordEncryptedShare {
  version: 1;
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  /** base64, 16 bytes. */
  salt: string;
  /** base64, 12 bytes. */
  iv: string;
  /** base64, AES-GCM ciphertext with its 16-byte tag. */
  ciphertext: string;
}

/** PBKDF2 iterations for new blobs. */
export const PASSWORD_KDF_ITERATIONS = 600_000;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function deriveKey(
  password: string,
  salt: Uint8Array,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFKC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/**
 * Seals `share` under `password`.
 * @param iterations PBKDF2 iterations; lower only in tests.
 */
export async function encryptWithPassword(
  share: Uint8Array,
  password: string,
  iterations = PASSWORD_KDF_ITERATIONS,
): Promise<PasswordEncryptedShare> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(password, salt, iterations);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, share as BufferSource),
  );
  return {
    version: 1,
    kdf: 'PBKDF2-SHA256',
    iterations,
    salt: toBase64(salt),
    iv: toBase64(iv),
    ciphertext: toBase64(sealed),
  };
}

/**
 * Opens a blob from {@link encryptWithPassword}.
 * @throws InvalidRecoveryPasswordError ('Invalid recovery password, please try again.') on a wrong
 *   password or a tampered blob.
 */
export async function decryptWithPassword(
  blob: PasswordEncryptedShare,
  password: string,
): Promise<Uint8Array> {
  try {
    const key = await deriveKey(password, fromBase64(blob.salt), blob.iterations);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(blob.iv) as BufferSource },
      key,
      fromBase64(blob.ciphertext) as BufferSource,
    );
    return new Uint8Array(plain);
  } catch (cause) {
    throw new InvalidRecoveryPasswordError({ cause });
  }
}
