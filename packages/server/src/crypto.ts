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
  /**
   * 32-byte key that signs the cookies of the provider apps' OpenID Connect providers (issue
   * 21; `oidc-provider`'s `cookies.keys`), the same in every process sharing the secret.
   */
  oidcCookieKey: Buffer;
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
    oidcCookieKey: derive('latchkey cross-app oidc cookies v1'),
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

/** Why {@link openBound} refused a sealed value that decrypted. */
export class SealedValueError extends Error {
  constructor(
    /** `elsewhere`: a binding entry differs (copied from another row); `malformed`: no value. */
    readonly reason: 'elsewhere' | 'malformed',
  ) {
    super(
      reason === 'elsewhere'
        ? 'The sealed value belongs elsewhere'
        : 'The sealed value is malformed',
    );
  }
}

/**
 * Seals `value` ({@link encryptString}) together with `binding`, what it belongs to (app, user,
 * kind...), as the JSON `{v: 1, ...binding, [field]: value}`: a sealed value copied into another
 * row does not open there ({@link openBound}).
 */
export function sealBound(
  key: Uint8Array,
  binding: Record<string, string>,
  value: string,
  field = 'value',
): Promise<string> {
  return encryptString(JSON.stringify({ v: 1, ...binding, [field]: value }), key);
}

/**
 * Opens a value sealed by {@link sealBound} with the same `binding` and `field`.
 * @throws SealedValueError when a binding entry differs or the value is missing; what
 *   {@link decryptString} throws when the key or the data is wrong.
 */
export async function openBound(
  key: Uint8Array,
  binding: Record<string, string>,
  jwe: string,
  field = 'value',
): Promise<string> {
  const sealed = JSON.parse(await decryptString(jwe, key)) as Record<string, unknown>;
  for (const [name, expected] of Object.entries(binding)) {
    if (sealed[name] !== expected) throw new SealedValueError('elsewhere');
  }
  const value = sealed[field];
  if (typeof value !== 'string') throw new SealedValueError('malformed');
  return value;
}
