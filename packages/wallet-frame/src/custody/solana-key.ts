import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { mnemonicToSeedSync, mnemonicToSeedWebcrypto } from '@scure/bip39';
import { HDKey } from 'micro-key-producer/slip10.js';
import { CustodyError } from './errors.ts';
import { IMPORTED_KEY_BYTES, toMnemonic } from './wallet-secret.ts';

/**
 * SLIP-0010 path of the first Solana account (design.md, Keys; issue 22 item 1): the path
 * Phantom and Solflare derive their first account at. Every level is hardened, as SLIP-0010
 * requires for ed25519.
 */
export const SOLANA_DERIVATION_PATH = "m/44'/501'/0'/0'";

/**
 * A wallet's Solana key, derived inside the frame. `privateKey` is the 32-byte ed25519 private
 * key (RFC 8032's secret seed; Solana's 64-byte "secret key" is it followed by `publicKey`).
 * Keep it inside the wallet frame and zero it (`fill(0)`) once used.
 */
export interface SolanaKey {
  /** The ed25519 private key, 32 bytes. */
  privateKey: Uint8Array;
  /** The ed25519 public key, 32 bytes. */
  publicKey: Uint8Array;
  /** The public key in base58 (Bitcoin alphabet): the Solana address. */
  address: string;
}

/** Stable code of {@link ImportedKeyHasNoSolanaKeyError}. */
export const IMPORTED_KEY_HAS_NO_SOLANA_KEY = 'imported_key_has_no_solana_key';

/**
 * The wallet's secret is an imported Ethereum private key (issue 22 item 4), not entropy: no
 * Solana key derives from it. Reported to the host as `invalid_request_arguments` (spec section
 * 8); `code` tells this refusal apart for callers in the frame.
 */
export class ImportedKeyHasNoSolanaKeyError extends CustodyError {
  override name = 'ImportedKeyHasNoSolanaKeyError';
  readonly code = IMPORTED_KEY_HAS_NO_SOLANA_KEY;
  constructor() {
    super(
      'invalid_request_arguments',
      'This wallet was imported from an Ethereum private key and has no Solana key.',
    );
  }
}

function refuseImportedKey(secret: Uint8Array): void {
  if (secret instanceof Uint8Array && secret.length === IMPORTED_KEY_BYTES) {
    throw new ImportedKeyHasNoSolanaKeyError();
  }
}

/**
 * SLIP-0010 ed25519 derivation (`micro-key-producer`'s `slip10`, audited; public key by
 * `@noble/curves`): the node at `path` of the master key of `seed`.
 * @param seed 16 to 64 bytes (a BIP-39 seed is 64).
 * @param path hardened indices only, as `m/44'/501'/0'/0'` (SLIP-0010 has no non-hardened
 *   ed25519 child).
 * @returns the node's 32-byte private key, 32-byte chain code and 32-byte public key.
 * @throws Error (from the library) for a seed of another length or a non-hardened index.
 */
export function slip10Ed25519(
  seed: Uint8Array,
  path: string,
): { privateKey: Uint8Array; chainCode: Uint8Array; publicKey: Uint8Array } {
  const node = HDKey.fromMasterSeed(seed).derive(path);
  return {
    privateKey: node.privateKey,
    chainCode: node.chainCode,
    publicKey: ed25519.getPublicKey(node.privateKey),
  };
}

function solanaKeyOfSeed(seed: Uint8Array): SolanaKey {
  const { privateKey, chainCode, publicKey } = slip10Ed25519(seed, SOLANA_DERIVATION_PATH);
  chainCode.fill(0);
  return { privateKey, publicKey, address: base58.encode(publicKey) };
}

/**
 * The Solana key of a wallet's secret (issue 22 item 1; design.md, Keys; spec sections 3 and 5:
 * the Solana wallet comes from the same entropy and the same shares as the Ethereum one): the
 * 12-word BIP-39 mnemonic of the 16 bytes of entropy, its seed with an empty passphrase (as for
 * the EVM key, {@link deriveEvmPrivateKey}), then SLIP-0010 ed25519 at
 * {@link SOLANA_DERIVATION_PATH} (`micro-key-producer`'s `slip10`, public key by
 * `@noble/curves`, address by `@scure/base` base58).
 * @param secret what the wallet's shares rebuild: 16 bytes of entropy.
 * @returns the key pair and base58 address. Keep the private key inside the wallet frame.
 * @throws ImportedKeyHasNoSolanaKeyError (`invalid_request_arguments`, `code`
 *   {@link IMPORTED_KEY_HAS_NO_SOLANA_KEY}) when `secret` is a 32-byte imported Ethereum key.
 * @throws CustodyError (`invalid_request_arguments`) for any other secret that is not 16 bytes.
 */
export function solanaKeyOfSecret(secret: Uint8Array): SolanaKey {
  refuseImportedKey(secret);
  const seed = mnemonicToSeedSync(toMnemonic(secret));
  try {
    return solanaKeyOfSeed(seed);
  } finally {
    seed.fill(0);
  }
}

/**
 * {@link solanaKeyOfSecret} with the BIP-39 seed's PBKDF2 run by the platform's WebCrypto
 * (`@scure/bip39` `mnemonicToSeedWebcrypto`, as {@link deriveEvmPrivateKeyAsync}): the same key
 * without blocking the frame's event loop. Same shapes and errors (as a rejection).
 */
export async function solanaKeyOfSecretAsync(secret: Uint8Array): Promise<SolanaKey> {
  refuseImportedKey(secret);
  const seed = await mnemonicToSeedWebcrypto(toMnemonic(secret));
  try {
    return solanaKeyOfSeed(seed);
  } finally {
    seed.fill(0);
  }
}

/**
 * Signs `message` (raw bytes: an off-chain message or a serialized transaction message) with a
 * Solana key: a pure ed25519 signature (RFC 8032), as Solana verifies it.
 * @returns the 64-byte signature.
 * @throws CustodyError (`invalid_request_arguments`) when `privateKey` is not 32 bytes.
 */
export function signWithSolanaKey(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== 32) {
    throw new CustodyError('invalid_request_arguments', 'A Solana private key must be 32 bytes.');
  }
  return ed25519.sign(message, privateKey);
}

/**
 * The Solana key of an imported ed25519 private key (issue 22 item 4): its public key by
 * `@noble/curves` and the base58 address. The wallet's shared secret is then these 32 bytes (a
 * Solana wallet row's 32-byte secret is such a key; a created wallet's secret is 16 bytes of
 * entropy, so no tag tells them apart).
 * @param privateKey the 32-byte ed25519 private key (RFC 8032's secret seed); copied, so the
 *   caller zeroes its own.
 * @throws CustodyError (`invalid_request_arguments`) when `privateKey` is not 32 bytes.
 */
export function solanaKeyOfPrivateKey(privateKey: Uint8Array): SolanaKey {
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== IMPORTED_KEY_BYTES) {
    throw new CustodyError('invalid_request_arguments', 'A Solana private key must be 32 bytes.');
  }
  const publicKey = ed25519.getPublicKey(privateKey);
  return { privateKey: privateKey.slice(), publicKey, address: base58.encode(publicKey) };
}

/** Solana's "secret key": the 32-byte private key followed by its 32-byte public key. */
const SOLANA_SECRET_KEY_BYTES = 64;

/**
 * Reads a Solana secret key as a user pastes it (issue 22 item 4), in the two forms wallets
 * export it: base58 of the 64-byte secret key (Phantom, Solflare, Backpack) or the JSON array
 * of its 64 bytes (`solana-keygen`'s keypair file). The last 32 bytes must be the public key of
 * the first 32 (checked with `@noble/curves`), so a mistyped key is refused, not imported as
 * another wallet. A bare 32-byte base58 string is refused: it is what an address looks like,
 * and importing a public address as a private key would make a wallet anyone can sign for.
 * @returns the 32-byte private key and its address, or null. Keep the key inside the frame.
 */
export function parseSolanaSecretKey(
  text: string,
): { privateKey: Uint8Array; address: string } | null {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  try {
    if (trimmed.startsWith('[')) {
      const parsed: unknown = JSON.parse(trimmed);
      if (
        !Array.isArray(parsed) ||
        !parsed.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255)
      ) {
        return null;
      }
      bytes = Uint8Array.from(parsed as number[]);
    } else {
      if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(trimmed)) return null;
      bytes = base58.decode(trimmed);
    }
  } catch {
    return null;
  }
  try {
    if (bytes.length !== SOLANA_SECRET_KEY_BYTES) return null;
    const privateKey = bytes.slice(0, 32);
    const key = solanaKeyOfPrivateKey(privateKey);
    const publicKey = bytes.subarray(32);
    if (!key.publicKey.every((b, i) => b === publicKey[i])) {
      privateKey.fill(0);
      key.privateKey.fill(0);
      return null;
    }
    key.privateKey.fill(0);
    return { privateKey, address: key.address };
  } finally {
    bytes.fill(0);
  }
}
