/**
 * Small wrappers over node:crypto and jose. Nothing here implements a primitive: HKDF,
 * HMAC-SHA256, SHA-256, the CSPRNG and JWE (`dir` + A256GCM) all come from the platform or jose.
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

/** Minimum length of the server secret, in characters. */
export const MIN_SECRET_LENGTH = 32;

/** Keys derived once from the server secret (HKDF-SHA256, one `info` label per purpose). */
export interface ServerKeys {
  /** 32-byte key of the login-code HMAC ("pepper"). */
  codePepper: Buffer;
  /** 32-byte key that encrypts signing keys at rest (JWE `dir`, A256GCM). */
  keyEncryptionKey: Uint8Array;
  /** 32-byte key that seals embedded-wallet auth shares at rest (JWE `dir`, A256GCM). */
  authShareKey: Uint8Array;
  /**
   * 32-byte recovery key (design.md, Keys): seals recovery shares and password blobs at rest.
   * A different HKDF purpose from {@link authShareKey}: the two shares never share a key.
   */
  recoveryKey: Uint8Array;
  /**
   * 32-byte HMAC key that derives a refresh token's successor from the token itself
   * (`sessions/service.ts`), so a refresh whose answer was lost gets the same successor again.
   */
  refreshSuccessorKey: Buffer;
  /** 32-byte key that seals MFA secrets (TOTP) at rest (JWE `dir`, A256GCM; issue 15). */
  mfaSecretKey: Uint8Array;
}

/**
 * Derives the purpose keys from the server secret.
 * @throws Error when `secret` is shorter than {@link MIN_SECRET_LENGTH}.
 */
export function deriveServerKeys(secret: string): ServerKeys {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The server secret must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'latchkey', info, 32));
  return {
    codePepper: derive('latchkey login-code hmac v1'),
    keyEncryptionKey: new Uint8Array(derive('latchkey signing-key encryption v1')),
    authShareKey: new Uint8Array(derive('latchkey wallet auth-share encryption v1')),
    recoveryKey: new Uint8Array(derive('latchkey wallet recovery-share encryption v1')),
    refreshSuccessorKey: derive('latchkey refresh-token successor v1'),
    mfaSecretKey: new Uint8Array(derive('latchkey mfa secret encryption v1')),
  };
}

/** HMAC-SHA256 of `parts` joined by newlines, hex. */
export function hmacHex(key: Buffer, parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\n')).digest('hex');
}

/** SHA-256 of a string, hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `length` decimal digits from the CSPRNG (crypto.randomInt), e.g. a 6-digit login code. */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random lower-case alphanumeric id of `length` characters (CSPRNG). */
export function randomId(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ID_ALPHABET[randomInt(0, ID_ALPHABET.length)];
  return out;
}

/** `bytes` random bytes as base64url (256-bit refresh tokens use 32). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Encrypts a UTF-8 string as a compact JWE (`dir`, A256GCM) under a 32-byte key. */
export async function encryptString(plaintext: string, key: Uint8Array): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(key);
}

/** Decrypts a compact JWE written by {@link encryptString}. @throws when the key or data is wrong. */
export async function decryptString(jwe: string, key: Uint8Array): Promise<string> {
  const { plaintext } = await compactDecrypt(jwe, key, {
    keyManagementAlgorithms: ['dir'],
    contentEncryptionAlgorithms: ['A256GCM'],
  });
  return new TextDecoder().decode(plaintext);
}
