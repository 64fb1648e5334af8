import { combine, split } from 'shamir-secret-sharing';
import { type Address, bytesToHex, type Hex, isAddressEqual } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { ShareIntegrityError } from './errors.ts';
import { deriveEvmPrivateKeyAsync, ENTROPY_BYTES } from './wallet-secret.ts';

/** The three Shamir shares of a wallet's entropy, one per security boundary (design.md, Keys). */
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
/** Bytes in one share: the secret's length plus the x-coordinate byte. */
export const SHARE_BYTES = ENTROPY_BYTES + 1;

/**
 * Splits wallet entropy 2-of-3 with Shamir secret sharing over GF(2^8)
 * (the audited `shamir-secret-sharing`). Any single share reveals nothing.
 * @param entropy 16 bytes from {@link generateEntropy}.
 */
export async function splitEntropy(entropy: Uint8Array): Promise<WalletShares> {
  const [device, auth, recovery] = await split(entropy, SHARE_COUNT, SHARE_THRESHOLD);
  if (!device || !auth || !recovery) throw new Error('shamir split returned fewer than 3 shares');
  return { device, auth, recovery };
}

/**
 * Rebuilds wallet entropy from two shares and checks it: the derived EVM address must equal
 * `expectedAddress`, because the sharing library cannot detect a corrupted share
 * (security catalogue 3). Nothing may be signed with entropy this function did not return.
 * @returns the 16-byte entropy.
 * @throws ShareIntegrityError when the shares are malformed, duplicated, or rebuild another wallet.
 */
export async function reconstructEntropy(
  shares: readonly [Uint8Array, Uint8Array],
  expectedAddress: Address,
): Promise<Uint8Array> {
  return (await reconstructWallet(shares, expectedAddress)).entropy;
}

/**
 * {@link reconstructEntropy} that also returns the EVM private key it derived for the address
 * check, so the caller does not run the BIP-39 seed derivation (PBKDF2, 2048 rounds) again.
 * @returns the 16-byte entropy and the key at `m/44'/60'/0'/0/0` (0x hex).
 * @throws ShareIntegrityError when the shares are malformed, duplicated, or rebuild another wallet.
 */
export async function reconstructWallet(
  shares: readonly [Uint8Array, Uint8Array],
  expectedAddress: Address,
): Promise<{ entropy: Uint8Array; privateKey: Hex }> {
  const [a, b] = shares;
  if (a.length !== SHARE_BYTES || b.length !== SHARE_BYTES || bytesToHex(a) === bytesToHex(b)) {
    throw new ShareIntegrityError();
  }
  let entropy: Uint8Array;
  try {
    entropy = await combine([a, b]);
  } catch (cause) {
    throw new ShareIntegrityError({ cause });
  }
  let privateKey: Hex;
  try {
    privateKey = await deriveEvmPrivateKeyAsync(entropy);
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
