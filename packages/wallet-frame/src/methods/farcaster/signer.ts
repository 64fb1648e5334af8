/**
 * The Farcaster signer key of an embedded wallet (issue 16): an ed25519 key derived from the
 * wallet's secret (its 16-byte entropy, or an imported wallet's 32-byte key, issue 22) with
 * HKDF-SHA-256 (RFC 5869, `@noble/hashes`), so the same wallet has
 * the same signer on every device and after recovery, and the key exists only inside the frame,
 * for as long as one request needs it. Signatures are ed25519 (RFC 8032, `@noble/curves`), as
 * Farcaster signs a message's BLAKE3 hash.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, type Hex } from 'viem';
import { CustodyError } from '../../custody/errors.ts';

/** HKDF `salt` and `info` of the signer key: a distinct key for a distinct purpose and version. */
const SALT = new TextEncoder().encode('latchkey');
const INFO = new TextEncoder().encode('farcaster-signer/v1');

/** Longest hash the frame signs, in bytes (a Farcaster message hash is 20). */
export const FARCASTER_MAX_HASH_BYTES = 64;

/**
 * The signer's 32-byte ed25519 secret key for the wallet whose entropy is `entropy`. The caller
 * zeroes it after use.
 */
export function farcasterSignerSecret(entropy: Uint8Array): Uint8Array {
  return hkdf(sha256, entropy, SALT, INFO, 32);
}

/** The signer's public key (32 bytes) as 0x-prefixed lowercase hex. */
export function farcasterSignerPublicKey(entropy: Uint8Array): Hex {
  const secret = farcasterSignerSecret(entropy);
  try {
    return bytesToHex(ed25519.getPublicKey(secret));
  } finally {
    secret.fill(0);
  }
}

/**
 * Signs `hash` (1 to {@link FARCASTER_MAX_HASH_BYTES} bytes) with the signer of `entropy`.
 * @returns the 64-byte ed25519 signature and the public key, as 0x hex.
 * @throws CustodyError `invalid_request_arguments` for an empty or too long hash.
 */
export function signWithFarcasterSigner(
  entropy: Uint8Array,
  hash: Uint8Array,
): { signature: Hex; publicKey: Hex } {
  if (hash.length === 0 || hash.length > FARCASTER_MAX_HASH_BYTES) {
    throw new CustodyError(
      'invalid_request_arguments',
      `hash must be 1 to ${FARCASTER_MAX_HASH_BYTES} bytes`,
    );
  }
  const secret = farcasterSignerSecret(entropy);
  try {
    return {
      signature: bytesToHex(ed25519.sign(hash, secret)),
      publicKey: bytesToHex(ed25519.getPublicKey(secret)),
    };
  } finally {
    secret.fill(0);
  }
}
