import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  FARCASTER_MAX_HASH_BYTES,
  farcasterSignerPublicKey,
  farcasterSignerSecret,
  signWithFarcasterSigner,
} from './signer.ts';

const entropy = (byte: number) => new Uint8Array(16).fill(byte);

describe('the Farcaster signer key of a wallet (issue 16)', () => {
  it('is the same for the same wallet, another for another wallet, and not the entropy', () => {
    const key = farcasterSignerPublicKey(entropy(1));
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    expect(farcasterSignerPublicKey(entropy(1))).toBe(key);
    expect(farcasterSignerPublicKey(entropy(2))).not.toBe(key);
    const secret = farcasterSignerSecret(entropy(1));
    expect(secret).toHaveLength(32);
    expect(Buffer.from(secret).includes(Buffer.from(entropy(1)))).toBe(false);
  });

  it('signs a message hash with ed25519, and refuses an empty or too long one', () => {
    const hash = new Uint8Array(20).fill(7);
    const { signature, publicKey } = signWithFarcasterSigner(entropy(3), hash);
    expect(publicKey).toBe(farcasterSignerPublicKey(entropy(3)));
    expect(ed25519.verify(hexToBytes(signature), hash, hexToBytes(publicKey))).toBe(true);
    expect(ed25519.verify(hexToBytes(signature), new Uint8Array(20), hexToBytes(publicKey))).toBe(
      false,
    );
    expect(() => signWithFarcasterSigner(entropy(3), new Uint8Array(0))).toThrow(/1 to 64 bytes/);
    expect(() =>
      signWithFarcasterSigner(entropy(3), new Uint8Array(FARCASTER_MAX_HASH_BYTES + 1)),
    ).toThrow(/1 to 64 bytes/);
  });
});
