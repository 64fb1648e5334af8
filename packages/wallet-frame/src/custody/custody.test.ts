import { combine, split } from 'shamir-secret-sharing';
import { hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { InvalidRecoveryPasswordError, ShareIntegrityError } from './errors.ts';
import { decryptWithPassword, encryptWithPassword } from './password.ts';
import { reconstructEntropy, splitEntropy } from './shares.ts';
import { privateKeyToAddress } from 'viem/accounts';
import {
  deriveEvmAddress,
  deriveEvmPrivateKey,
  deriveEvmPrivateKeyAsync,
  generateEntropy,
  toMnemonic,
} from './wallet-secret.ts';

describe('wallet secret (BIP-39 / BIP-44)', () => {
  it('matches the standard test vector', () => {
    const zero = new Uint8Array(16);
    expect(toMnemonic(zero)).toBe(
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    );
    // Well-known first account of the all-"abandon" mnemonic at m/44'/60'/0'/0/0.
    expect(deriveEvmAddress(zero)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('the WebCrypto derivation gives the same key as the JavaScript one (issue 13)', async () => {
    const zero = new Uint8Array(16);
    expect(privateKeyToAddress(await deriveEvmPrivateKeyAsync(zero))).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    for (let i = 0; i < 5; i++) {
      const entropy = generateEntropy();
      expect(await deriveEvmPrivateKeyAsync(entropy)).toBe(deriveEvmPrivateKey(entropy));
    }
    await expect(deriveEvmPrivateKeyAsync(new Uint8Array(15))).rejects.toThrow(/16 bytes/);
  });

  it('refuses entropy that is not 128 bits', () => {
    expect(() => toMnemonic(new Uint8Array(15))).toThrow(/16 bytes/);
  });

  it('draws fresh entropy every time (no repeats over 2,000 draws)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(Buffer.from(generateEntropy()).toString('hex'));
    expect(seen.size).toBe(2000);
  });
});

describe('Shamir 2-of-3 shares (security catalogue 1-3)', () => {
  it('rebuilds the wallet from each of the 3 pairs, in either order', async () => {
    const entropy = generateEntropy();
    const address = deriveEvmAddress(entropy);
    const { device, auth, recovery } = await splitEntropy(entropy);
    const pairs: [Uint8Array, Uint8Array][] = [
      [device, auth],
      [auth, device],
      [device, recovery],
      [recovery, device],
      [auth, recovery],
      [recovery, auth],
    ];
    for (const pair of pairs) {
      expect(await reconstructEntropy(pair, address)).toEqual(entropy);
    }
  });

  it('never yields the key from a single share', async () => {
    const entropy = generateEntropy();
    const shares = Object.values(await splitEntropy(entropy));
    for (const share of shares) {
      await expect(combine([share])).rejects.toThrow();
      expect(Buffer.from(share.subarray(0, 16)).equals(Buffer.from(entropy))).toBe(false);
    }
  });

  it('the library rejects bad arguments', async () => {
    const secret = generateEntropy();
    await expect(split(secret, 3, 1)).rejects.toThrow();
    await expect(split(secret, 256, 2)).rejects.toThrow();
    const [a, b] = await split(secret, 3, 2);
    await expect(combine([a!, b!.subarray(0, 10)])).rejects.toThrow();
  });

  it('catches a corrupted share by the address check', async () => {
    const entropy = generateEntropy();
    const address = deriveEvmAddress(entropy);
    const { device, auth } = await splitEntropy(entropy);
    const corrupted = Uint8Array.from(auth);
    corrupted[3] = corrupted[3]! ^ 0x01;
    await expect(reconstructEntropy([device, corrupted], address)).rejects.toBeInstanceOf(
      ShareIntegrityError,
    );
  });

  it('refuses a share of another wallet, a duplicated share and a short share', async () => {
    const entropy = generateEntropy();
    const address = deriveEvmAddress(entropy);
    const mine = await splitEntropy(entropy);
    const theirs = await splitEntropy(generateEntropy());
    await expect(reconstructEntropy([mine.device, theirs.auth], address)).rejects.toBeInstanceOf(
      ShareIntegrityError,
    );
    await expect(reconstructEntropy([mine.device, mine.device], address)).rejects.toBeInstanceOf(
      ShareIntegrityError,
    );
    await expect(
      reconstructEntropy([mine.device, hexToBytes('0x0102')], address),
    ).rejects.toBeInstanceOf(ShareIntegrityError);
  });
});

describe('password-encrypted recovery share', () => {
  const iterations = 1_000; // production uses 600,000; the cipher is the same

  it('round-trips with the right password', async () => {
    const { recovery } = await splitEntropy(generateEntropy());
    const blob = await encryptWithPassword(recovery, 'correct horse battery staple', iterations);
    expect(blob.ciphertext).not.toContain(Buffer.from(recovery).toString('base64'));
    expect(await decryptWithPassword(blob, 'correct horse battery staple')).toEqual(recovery);
  });

  it('refuses a wrong password and a tampered blob with the spec text', async () => {
    const blob = await encryptWithPassword(generateEntropy(), 'hunter2-hunter2', iterations);
    await expect(decryptWithPassword(blob, 'hunter2-hunter3')).rejects.toThrow(
      'Invalid recovery password, please try again.',
    );
    const bytes = Uint8Array.from(atob(blob.ciphertext), (c) => c.charCodeAt(0));
    bytes[0] = bytes[0]! ^ 0xff;
    const tampered = { ...blob, ciphertext: btoa(String.fromCharCode(...bytes)) };
    await expect(decryptWithPassword(tampered, 'hunter2-hunter2')).rejects.toBeInstanceOf(
      InvalidRecoveryPasswordError,
    );
  });
});
