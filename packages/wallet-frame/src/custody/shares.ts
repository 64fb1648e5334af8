import { combine, split } from 'shamir-secret-sharing';
import { type Address, bytesToHex, type Hex, isAddressEqual } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { CustodyError, ShareIntegrityError } from './errors.ts';
import { ENTROPY_BYTES, evmPrivateKeyOfSecretAsync, IMPORTED_KEY_BYTES } from './wallet-secret.ts';

/**
 * The three Shamir shares of a wallet's secret (its entropy, or an imported key), one per
 * security boundary (design.md, Keys).
 */
export interface WalletShares {
  /** Kept in the wallet frame's own origin storage. */
  device: Uint8Array;
  /** Encrypted at rest on the server; released only to the same user's valid session. */
  auth: Uint8Array;
  /** Encrypted with the server recovery key, the user's password, or a cloud-kept secret. */
  recovery: Uint8Array;
}

/** Shares made, and shares needed to rebuild the entropy. */
export const SHARE_COUNT = 3;
export const SHARE_THRESHOLD = 2;
/** Bytes in one share of a wallet made in the frame: the secret's length plus the x-coordinate byte. */
export const SHARE_BYTES = ENTROPY_BYTES + 1;
/** Bytes in one share of an imported key (issue 22 item 4). */
export const IMPORTED_SHARE_BYTES = IMPORTED_KEY_BYTES + 1;

/**
 * Splits a wallet's secret 2-of-3 with Shamir secret sharing over GF(2^8)
 * (the audited `shamir-secret-sharing`). Any single share reveals nothing.
 * @param entropy 16 bytes from `generateEntropy`, or an imported 32-byte private key.
 * @throws CustodyError (`invalid_request_arguments`) for a secret of another length.
 */
export async function splitEntropy(entropy: Uint8Array): Promise<WalletShares> {
  if (entropy.length !== ENTROPY_BYTES && entropy.length !== IMPORTED_KEY_BYTES) {
    throw new CustodyError(
      'invalid_request_arguments',
      `A wallet secret is ${ENTROPY_BYTES} or ${IMPORTED_KEY_BYTES} bytes.`,
    );
  }
  const [device, auth, recovery] = await split(entropy, SHARE_COUNT, SHARE_THRESHOLD);
  if (!device || !auth || !recovery) throw new Error('shamir split returned fewer than 3 shares');
  return { device, auth, recovery };
}

/**
 * Rebuilds a wallet's secret from two shares and checks it: the EVM address of its key must equal
 * `expectedAddress`, because the sharing library cannot detect a corrupted share
 * (security catalogue 3). Nothing may be signed with a secret this function did not return.
 * @returns the 16-byte entropy, or an imported wallet's 32-byte key.
 * @throws ShareIntegrityError when the shares are malformed, duplicated, or rebuild another wallet.
 */
export async function reconstructEntropy(
  shares: readonly [Uint8Array, Uint8Array],
  expectedAddress: Address,
): Promise<Uint8Array> {
  return (await reconstructWallet(shares, expectedAddress)).entropy;
}

/**
 * The secret two shares rebuild, after the checks the sharing library does not make: both of
 * one of the `lengths` (bytes), and not the same share twice. The caller checks the secret
 * against the wallet's address (a corrupted share rebuilds another secret) and zeroes it.
 * @throws ShareIntegrityError when a check fails or the library cannot combine them.
 */
export async function combineShares(
  shares: readonly [Uint8Array, Uint8Array],
  lengths: readonly number[],
): Promise<Uint8Array> {
  const [a, b] = shares;
  if (!lengths.includes(a.length) || a.length !== b.length || bytesToHex(a) === bytesToHex(b)) {
    throw new ShareIntegrityError();
  }
  try {
    return await combine([a, b]);
  } catch (cause) {
    throw new ShareIntegrityError({ cause });
  }
}

/**
 * {@link reconstructEntropy} that also returns the EVM private key it derived for the address
 * check, so the caller does not run the BIP-39 seed derivation (PBKDF2, 2048 rounds) again.
 * @returns the secret (16-byte entropy, or an imported 32-byte key) and the EVM key (0x hex):
 *   the one at `m/44'/60'/0'/0/0` of the entropy, or the imported key itself.
 * @throws ShareIntegrityError when the shares are malformed, duplicated, or rebuild another wallet.
 */
export async function reconstructWallet(
  shares: readonly [Uint8Array, Uint8Array],
  expectedAddress: Address,
): Promise<{ entropy: Uint8Array; privateKey: Hex }> {
  const entropy = await combineShares(shares, [SHARE_BYTES, IMPORTED_SHARE_BYTES]);
  let privateKey: Hex;
  try {
    privateKey = await evmPrivateKeyOfSecretAsync(entropy);
  } catch (cause) {
    entropy.fill(0);
    throw new ShareIntegrityError({ cause });
  }
  if (!isAddressEqual(privateKeyToAddress(privateKey), expectedAddress)) {
    entropy.fill(0);
    throw new ShareIntegrityError();
  }
  return { entropy, privateKey };
}
