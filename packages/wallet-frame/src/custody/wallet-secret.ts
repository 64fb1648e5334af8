import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, mnemonicToSeedSync, mnemonicToSeedWebcrypto } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { type Address, bytesToHex, type Hex, hexToBytes } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { CustodyError } from './errors.ts';

/** Bytes of entropy behind every wallet made in the frame: 128 bits (design.md, Keys). */
export const ENTROPY_BYTES = 16;
/**
 * Bytes of an imported wallet's secret (issue 22 item 4): the secp256k1 private key itself, as
 * the user brought it. A wallet's secret (what its shares rebuild) is either 16 bytes of entropy
 * or such a key; {@link evmPrivateKeyOfSecret} tells them apart by length.
 */
export const IMPORTED_KEY_BYTES = 32;
/** BIP-44 path of the first EVM account. */
export const EVM_DERIVATION_PATH = "m/44'/60'/0'/0/0";

/**
 * Draws fresh wallet entropy from the platform CSPRNG (`crypto.getRandomValues`).
 * @returns 16 random bytes.
 */
export function generateEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES));
}

function assertEntropy(entropy: Uint8Array): void {
  if (!(entropy instanceof Uint8Array) || entropy.length !== ENTROPY_BYTES) {
    throw new CustodyError(
      'invalid_request_arguments',
      `Wallet entropy must be ${ENTROPY_BYTES} bytes.`,
    );
  }
}

/**
 * The 12-word BIP-39 mnemonic (English) for 128-bit `entropy`.
 * @throws CustodyError (`invalid_request_arguments`) when `entropy` is not 16 bytes.
 */
export function toMnemonic(entropy: Uint8Array): string {
  assertEntropy(entropy);
  return entropyToMnemonic(entropy, wordlist);
}

/**
 * The EVM private key at `m/44'/60'/0'/0/0` of the wallet whose entropy is `entropy`
 * (BIP-39 seed with an empty passphrase, then BIP-32).
 * @returns the key as 0x-prefixed hex (32 bytes). Keep it inside the wallet frame.
 * @throws CustodyError (`invalid_request_arguments`) when `entropy` is not 16 bytes.
 */
export function deriveEvmPrivateKey(entropy: Uint8Array): Hex {
  const seed = mnemonicToSeedSync(toMnemonic(entropy));
  const key = HDKey.fromMasterSeed(seed).derive(EVM_DERIVATION_PATH).privateKey;
  if (!key) throw new CustodyError('error', 'BIP-32 derivation gave no private key.');
  return bytesToHex(key);
}

/**
 * {@link deriveEvmPrivateKey} with the BIP-39 seed's PBKDF2 (2048 rounds of HMAC-SHA512) run by
 * the platform's WebCrypto (`@scure/bip39` `mnemonicToSeedWebcrypto`): the same key, in about
 * 1-2 ms in Chromium instead of about 100 ms of JavaScript (issue 13), without blocking the
 * frame's event loop.
 * @returns the key as 0x-prefixed hex (32 bytes). Keep it inside the wallet frame.
 * @throws CustodyError (`invalid_request_arguments`) when `entropy` is not 16 bytes.
 */
export async function deriveEvmPrivateKeyAsync(entropy: Uint8Array): Promise<Hex> {
  const seed = await mnemonicToSeedWebcrypto(toMnemonic(entropy));
  try {
    const key = HDKey.fromMasterSeed(seed).derive(EVM_DERIVATION_PATH).privateKey;
    if (!key) throw new CustodyError('error', 'BIP-32 derivation gave no private key.');
    return bytesToHex(key);
  } finally {
    seed.fill(0);
  }
}

/** The checksummed EVM address of the wallet whose entropy is `entropy`. */
export function deriveEvmAddress(entropy: Uint8Array): Address {
  return privateKeyToAddress(deriveEvmPrivateKey(entropy));
}

/**
 * Reads an Ethereum private key as a user types or pastes it (issue 22 item 4): 64 hex digits,
 * with or without `0x`, surrounding white space ignored; it must be a valid secp256k1 scalar
 * (1 to n-1, checked by `@noble/curves`).
 * @returns the key (0x hex, lower case, 32 bytes) and its EIP-55 address, or null when `text`
 *   is not such a key. Keep the key inside the wallet frame.
 */
export function parseEvmPrivateKey(text: string): { privateKey: Hex; address: Address } | null {
  const trimmed = text.trim();
  const hex = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? trimmed.slice(2) : trimmed;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const privateKey = `0x${hex.toLowerCase()}` as Hex;
  const bytes = hexToBytes(privateKey);
  try {
    if (!secp256k1.utils.isValidSecretKey(bytes)) return null;
  } finally {
    bytes.fill(0);
  }
  return { privateKey, address: privateKeyToAddress(privateKey) };
}

/**
 * The EVM private key of a wallet's secret: derived at `m/44'/60'/0'/0/0` from 16 bytes of
 * entropy (a wallet made in the frame), or the secret itself when it is a 32-byte imported key
 * (checked to be a valid secp256k1 scalar).
 * @returns the key as 0x-prefixed hex (32 bytes). Keep it inside the wallet frame.
 * @throws CustodyError (`invalid_request_arguments`) for any other secret.
 */
export function evmPrivateKeyOfSecret(secret: Uint8Array): Hex {
  if (secret instanceof Uint8Array && secret.length === IMPORTED_KEY_BYTES) {
    return importedKeyOf(secret);
  }
  return deriveEvmPrivateKey(secret);
}

/** {@link evmPrivateKeyOfSecret} with the BIP-39 seed derivation on WebCrypto. */
export async function evmPrivateKeyOfSecretAsync(secret: Uint8Array): Promise<Hex> {
  if (secret instanceof Uint8Array && secret.length === IMPORTED_KEY_BYTES) {
    return importedKeyOf(secret);
  }
  return deriveEvmPrivateKeyAsync(secret);
}

function importedKeyOf(secret: Uint8Array): Hex {
  if (!secp256k1.utils.isValidSecretKey(secret)) {
    throw new CustodyError('invalid_request_arguments', 'The imported key is not a valid key.');
  }
  return bytesToHex(secret);
}
