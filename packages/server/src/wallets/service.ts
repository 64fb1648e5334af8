/**
 * Embedded wallets (design.md, Keys; issue 3): the server half of the key custody. The frame
 * sends the auth share and the recovery share (or the password-encrypted recovery blob); both
 * are sealed before they touch the database, each under its own key derived from the server
 * secret, and bound to (app, user, address, kind) so a sealed value copied into another row
 * does not open. Plaintext shares are never stored or logged (security catalogue 5).
 *
 * Issue 22 (design.md, Keys): one entropy per user, an address per chain family (Ethereum's
 * secp256k1 key, Solana's ed25519 key), one row per user and family. A row holds its own shares
 * (fresh entropy, or an imported key, which has no other family's key), or points at the row of
 * the same user that holds the shares of the entropy it is derived from (`shares_wallet_id`):
 * every share call naming the derived address answers the holding row's shares. A user with a
 * Solana wallet has only automatic (`latchkey`) recovery (spec section 5,
 * `solana_wallet_user_recovery`).
 */
import { createPublicKey, verify as verifySignature } from 'node:crypto';
import {
  base58Decode,
  EMBEDDED_WALLET_CLIENT_TYPE,
  type OpaqueRecoveryWire,
  type PasswordEncryptedShareWire,
  passwordEncryptedShare,
  type RecoveryMethod,
  WALLET_NONCE_TTL_S,
  type WalletNonceResponse,
  type WalletProofAction,
  walletProofMessage,
} from '@latchkey/api';
import { and, eq, gt, isNull, lt, TransactionRollbackError } from 'drizzle-orm';
import { getAddress, isAddress, recoverMessageAddress } from 'viem';
import type { ServerContext } from '../context.ts';
import { decryptString, encryptString, randomId, randomToken } from '../crypto.ts';
import {
  type EmbeddedWalletRow,
  embeddedWallets,
  linkedAccounts,
  opaqueLogins,
  users,
  walletNonces,
} from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { WalletAccountDetails } from '../users/service.ts';

/** The spec's answer to a second wallet (spec section 5, Latchkey-named). */
export const ONE_WALLET_MESSAGE = 'Only one Latchkey wallet per user is currently allowed';

/** Spec section 5: why a Solana wallet is refused (`solana_wallet_user_recovery`). */
export const SOLANA_USER_RECOVERY_MESSAGE =
  'A Solana wallet cannot be created while the Ethereum wallet has user-controlled recovery';

/** Spec section 5: why user-controlled recovery is refused (`solana_wallet_user_recovery`). */
export const USER_RECOVERY_SOLANA_MESSAGE =
  'User-controlled recovery cannot be set for a user with a Solana wallet';

/** A wallet's chain family (issue 22). */
export type WalletChainType = EmbeddedWalletRow['chainType'];

/** What the frame stores: the shares as validated by the @latchkey/api request schemas. */
export interface WalletShares {
  auth_share: string;
  recovery_method: RecoveryMethod;
  recovery_share: string | null;
  /**
   * `user-passcode` (issue 24): the OPAQUE registration record, its KSF id and the sealed share,
   * as uploaded by the frame.
   */
  recovery_opaque?: OpaqueRecoveryWire | null;
  /**
   * Legacy PBKDF2 blob: no route writes one any more (the request schemas accept only null);
   * kept for wallets stored before issue 24 and for tests that seed one.
   */
  recovery_blob?: PasswordEncryptedShareWire | null;
}

/** Who a sealed value belongs to. */
interface Owner {
  appId: string;
  userId: string;
  address: string;
}

type SealKind =
  | 'auth_share'
  | 'recovery_share'
  | 'recovery_blob'
  | 'recovery_opaque_record'
  | 'recovery_sealed_share';

/**
 * The EIP-55 form of `address`.
 * @throws ApiError `invalid_data` when a mixed-case address has a wrong checksum.
 */
export function checksumAddress(address: string): `0x${string}` {
  // isAddress is strict by default: a mixed-case address must carry a valid checksum.
  if (!isAddress(address)) {
    throw new ApiError('invalid_data', 'Invalid request data', {
      issues: [{ path: 'address', message: 'Invalid address checksum' }],
    });
  }
  return getAddress(address);
}

/**
 * An address of either family in its stored form, with its family (issue 22): a 0x address is
 * Ethereum's, in EIP-55; anything else must be a Solana address, base58 of 32 bytes, kept as it
 * is (base58 is case-sensitive and has one spelling per byte string).
 * @throws ApiError `invalid_data` for a wrong EIP-55 checksum or a base58 text that is not 32
 *   bytes.
 */
export function normalizeWalletAddress(address: string): {
  chainType: WalletChainType;
  address: string;
} {
  if (address.startsWith('0x')) return { chainType: 'ethereum', address: checksumAddress(address) };
  if (address.length > 44 || base58Decode(address)?.length !== 32) {
    throw new ApiError('invalid_data', 'Invalid request data', {
      issues: [{ path: 'address', message: 'A Solana address is base58 of 32 bytes' }],
    });
  }
  return { chainType: 'solana', address };
}

/**
 * True when `signature` is by the key of `address` over `message`: for an Ethereum address an
 * EIP-191 `personal_sign` signature (0x hex, 65 bytes) recovering to it; for a Solana address a
 * base64 ed25519 signature (64 bytes, RFC 8032, checked by node:crypto) of the message's UTF-8
 * bytes under the 32-byte public key the address encodes. A signature of the other family's
 * form is false.
 */
export async function isWalletSignature(
  address: string,
  message: string,
  signature: string,
): Promise<boolean> {
  const { chainType, address: stored } = normalizeWalletAddress(address);
  if (chainType === 'ethereum') {
    if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
    try {
      const signer = await recoverMessageAddress({
        message,
        signature: signature as `0x${string}`,
      });
      return signer === stored;
    } catch {
      return false;
    }
  }
  if (!/^[A-Za-z0-9+/]{86}==$/.test(signature)) return false;
  const publicKey = base58Decode(stored)!;
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    });
    return verifySignature(
      null,
      Buffer.from(message, 'utf8'),
      key,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    // Not a point of the curve, or a malformed signature.
    return false;
  }
}

async function seal(key: Uint8Array, owner: Owner, kind: SealKind, value: unknown) {
  const { appId, userId, address } = owner;
  return encryptString(JSON.stringify({ v: 1, appId, userId, address, kind, value }), key);
}

async function unseal(key: Uint8Array, owner: Owner, kind: SealKind, jwe: string) {
  let sealed: Record<string, unknown>;
  try {
    sealed = JSON.parse(await decryptString(jwe, key)) as Record<string, unknown>;
  } catch (cause) {
    throw new ApiError('internal_error', 'A stored wallet share cannot be opened', { cause });
  }
  if (
    sealed.appId !== owner.appId ||
    sealed.userId !== owner.userId ||
    sealed.address !== owner.address ||
    sealed.kind !== kind
  ) {
    throw new ApiError('internal_error', 'A stored wallet share belongs to another wallet');
  }
  return sealed.value;
}

async function sealShares(ctx: ServerContext, owner: Owner, shares: WalletShares) {
  const { authShareKey, recoveryKey } = ctx.keys;
  return {
    recoveryMethod: shares.recovery_method,
    authShare: await seal(authShareKey, owner, 'auth_share', shares.auth_share),
    recoveryShare:
      shares.recovery_share === null
        ? null
        : await seal(recoveryKey, owner, 'recovery_share', shares.recovery_share),
    recoveryBlob: shares.recovery_blob
      ? await seal(recoveryKey, owner, 'recovery_blob', shares.recovery_blob)
      : null,
    // OPAQUE (issue 24): the record with its KSF id, and the frame-sealed share, each sealed.
    recoveryOpaqueRecord: shares.recovery_opaque
      ? await seal(recoveryKey, owner, 'recovery_opaque_record', {
          ksf: shares.recovery_opaque.ksf,
          record: shares.recovery_opaque.registration_record,
        })
      : null,
    recoverySealedShare: shares.recovery_opaque
      ? await seal(recoveryKey, owner, 'recovery_sealed_share', shares.recovery_opaque.sealed_share)
      : null,
  };
}

/**
 * A `user-passcode` wallet's OPAQUE material, unsealed: the registration record (base64url), the
 * KSF id it was made with, and the frame-sealed share (`OpaqueSealedShareWire`, unchecked).
 * @throws ApiError `not_found` when the wallet has no OPAQUE record; `internal_error` when a
 *   sealed value does not open or belongs to another wallet.
 */
export async function unsealRecoveryOpaque(
  ctx: ServerContext,
  wallet: EmbeddedWalletRow,
): Promise<{ record: string; ksf: string; sealedShare: unknown }> {
  if (!wallet.recoveryOpaqueRecord || !wallet.recoverySealedShare) {
    throw new ApiError('not_found', 'This wallet has no OPAQUE recovery password');
  }
  const owner = { appId: wallet.appId, userId: wallet.userId, address: wallet.address };
  const key = ctx.keys.recoveryKey;
  const stored = (await unseal(
    key,
    owner,
    'recovery_opaque_record',
    wallet.recoveryOpaqueRecord,
  )) as {
    ksf?: unknown;
    record?: unknown;
  } | null;
  if (typeof stored?.record !== 'string' || typeof stored.ksf !== 'string') {
    throw new ApiError('internal_error', 'A stored OPAQUE record is malformed');
  }
  const sealedShare = await unseal(key, owner, 'recovery_sealed_share', wallet.recoverySealedShare);
  return { record: stored.record, ksf: stored.ksf, sealedShare };
}

/** The session a wallet proof is made in. */
export interface ProofSession {
  appId: string;
  userId: string;
  sessionId: string;
}

/**
 * Issues a single-use nonce for a wallet proof ({@link verifyWalletProof}), valid
 * `WALLET_NONCE_TTL_S` seconds, for this session only.
 */
export async function issueWalletNonce(
  ctx: ServerContext,
  session: ProofSession,
): Promise<WalletNonceResponse> {
  const nowMs = ctx.now();
  const nonce = randomToken(24);
  const expiresAt = nowMs + WALLET_NONCE_TTL_S * 1000;
  await ctx.db.insert(walletNonces).values({
    nonce,
    ...session,
    createdAt: new Date(nowMs),
    expiresAt: new Date(expiresAt),
  });
  if (Math.random() < 0.02) {
    await ctx.db.delete(walletNonces).where(lt(walletNonces.expiresAt, new Date(nowMs)));
  }
  return { nonce, expires_at: expiresAt };
}

/**
 * Proof of possession of the wallet key (issue 10): spends `nonce` (issued to this session,
 * unexpired, unused; spent even when the signature then fails) and checks that `signature` is
 * by the key of `address` over {@link walletProofMessage} ({@link isWalletSignature}: EIP-191
 * for an Ethereum address, ed25519 for a Solana one, issue 22).
 *
 * `derive` (issue 22, a derived wallet): also a signature by the key of `derive.signer` (the
 * wallet whose entropy the new one is derived from) over {@link walletProofMessage} with action
 * `derive`, the same nonce and `address` (the new wallet's). One nonce serves both.
 * @throws ApiError `invalid_wallet_signature` (401) otherwise.
 */
export async function verifyWalletProof(
  ctx: ServerContext,
  session: ProofSession,
  proof: {
    action: WalletProofAction;
    address: string;
    nonce: string;
    signature: string;
    derive?: { signer: string; signature: string };
  },
): Promise<void> {
  const nowMs = ctx.now();
  const spent = await ctx.db
    .update(walletNonces)
    .set({ consumedAt: new Date(nowMs) })
    .where(
      and(
        eq(walletNonces.nonce, proof.nonce),
        eq(walletNonces.appId, session.appId),
        eq(walletNonces.userId, session.userId),
        eq(walletNonces.sessionId, session.sessionId),
        isNull(walletNonces.consumedAt),
        gt(walletNonces.expiresAt, new Date(nowMs)),
      ),
    )
    .returning({ nonce: walletNonces.nonce });
  if (spent.length === 0) {
    throw new ApiError('invalid_wallet_signature', 'Invalid or expired wallet nonce');
  }
  const message = (action: WalletProofAction) =>
    walletProofMessage({
      action,
      appId: session.appId,
      userId: session.userId,
      address: proof.address,
      nonce: proof.nonce,
    });
  if (!(await isWalletSignature(proof.address, message(proof.action), proof.signature))) {
    throw new ApiError('invalid_wallet_signature', 'The signature is not by the wallet key');
  }
  if (
    proof.derive &&
    !(await isWalletSignature(proof.derive.signer, message('derive'), proof.derive.signature))
  ) {
    throw new ApiError(
      'invalid_wallet_signature',
      'The derive signature is not by the key of the wallet it is derived from',
    );
  }
}

/**
 * The `details` of the embedded wallet's `wallet` linked account. `imported`: the wallet's key
 * was imported (issue 22 item 4), not made in the frame.
 */
function accountDetails(
  chainType: WalletChainType,
  method: RecoveryMethod,
  imported: boolean,
): WalletAccountDetails {
  return {
    chain_type: chainType,
    chain_id: null,
    wallet_client_type: EMBEDDED_WALLET_CLIENT_TYPE,
    connector_type: 'embedded',
    recovery_method: method,
    imported,
  };
}

/** The user's embedded wallet of `chainType` (Ethereum unless told) in `appId`, if any. */
export async function findUserWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  chainType: WalletChainType = 'ethereum',
): Promise<EmbeddedWalletRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(embeddedWallets)
    .where(
      and(
        eq(embeddedWallets.appId, appId),
        eq(embeddedWallets.userId, userId),
        eq(embeddedWallets.chainType, chainType),
      ),
    );
  return row;
}

/**
 * The caller's wallet at `address` (either family), as stored: a derived row has no shares
 * (see {@link ownShareWallet}).
 * @throws ApiError `not_found` (404) when the user has no wallet at that address; the same
 *   answer whether the address is unknown or another user's (no enumeration); `invalid_data`
 *   for a malformed address ({@link normalizeWalletAddress}).
 */
export async function ownWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  address: string,
): Promise<EmbeddedWalletRow> {
  const [row] = await ctx.db
    .select()
    .from(embeddedWallets)
    .where(
      and(
        eq(embeddedWallets.appId, appId),
        eq(embeddedWallets.userId, userId),
        eq(embeddedWallets.address, normalizeWalletAddress(address).address),
      ),
    );
  if (!row) throw new ApiError('not_found', 'Embedded wallet not found');
  return row;
}

/**
 * The row holding the shares of `row`'s secret (issue 22): `row` itself, or for a derived row
 * the row its `shares_wallet_id` names (one level; that row holds its own shares).
 * @throws ApiError `internal_error` when the holding row is missing, another user's, or itself
 *   derived (the CHECK and the create rules keep this from happening).
 */
export async function shareHolder(
  ctx: ServerContext,
  row: EmbeddedWalletRow,
): Promise<EmbeddedWalletRow> {
  if (row.sharesWalletId === null) return row;
  const [holder] = await ctx.db
    .select()
    .from(embeddedWallets)
    .where(eq(embeddedWallets.id, row.sharesWalletId));
  if (
    !holder ||
    holder.appId !== row.appId ||
    holder.userId !== row.userId ||
    holder.sharesWalletId !== null ||
    holder.authShare === null
  ) {
    throw new ApiError('internal_error', "A derived wallet's shares cannot be found");
  }
  return holder;
}

/**
 * The caller's wallet holding the shares for `address` (either family; issue 22): the wallet at
 * `address`, or the one whose entropy it is derived from ({@link shareHolder}). 404 as
 * {@link ownWallet}.
 */
export async function ownShareWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  address: string,
): Promise<EmbeddedWalletRow> {
  return shareHolder(ctx, await ownWallet(ctx, appId, userId, address));
}

/**
 * Spec section 5: a user with a Solana wallet has only automatic (`latchkey`) recovery, so a
 * Solana wallet is refused beside user-controlled recovery and the other way round. `wallets`:
 * the user's wallets as they would be after the change.
 * @throws ApiError `solana_wallet_user_recovery` (409) with `message`.
 */
function assertSolanaRecoveryRule(
  wallets: { chainType: WalletChainType; recoveryMethod: RecoveryMethod }[],
  message: string,
): void {
  if (
    wallets.some((w) => w.chainType === 'solana') &&
    wallets.some((w) => w.recoveryMethod !== 'latchkey')
  ) {
    throw new ApiError('solana_wallet_user_recovery', message);
  }
}

/**
 * Refuses user-controlled recovery (an OPAQUE password registration) for a user with a Solana
 * wallet in `appId` (spec section 5).
 * @throws ApiError `solana_wallet_user_recovery` (409).
 */
export async function assertNoSolanaWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
): Promise<void> {
  if (await findUserWallet(ctx, appId, userId, 'solana')) {
    throw new ApiError('solana_wallet_user_recovery', USER_RECOVERY_SOLANA_MESSAGE);
  }
}

/** True when the wallet account of `row` says its key was imported (issue 22 item 4). */
async function isImported(ctx: ServerContext, row: EmbeddedWalletRow): Promise<boolean> {
  const [account] = await ctx.db
    .select({ details: linkedAccounts.details })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, row.appId),
        eq(linkedAccounts.userId, row.userId),
        eq(linkedAccounts.type, 'wallet'),
        eq(linkedAccounts.subject, row.address),
      ),
    );
  return (account?.details as { imported?: unknown } | undefined)?.imported === true;
}

/**
 * What {@link createEmbeddedWallet} stores: the new wallet's own shares (`imported` for a key
 * the user brought in), or `derivedFrom`, the caller's wallet whose entropy the new key is
 * derived from (issue 22; no shares of its own).
 */
export type NewEmbeddedWallet =
  | (WalletShares & { address: string; imported?: boolean | undefined; derivedFrom?: undefined })
  | { address: string; derivedFrom: EmbeddedWalletRow };

/**
 * Stores a new embedded wallet and its `wallet` linked account in one transaction (the user's
 * row locked, so the rules below hold against concurrent calls). The family comes from the
 * address (0x: Ethereum, EIP-55; base58: Solana). With `input.imported` (issue 22 item 4) the
 * account is marked `imported: true`. With `input.derivedFrom` (issue 22) the row holds no
 * shares and points at that wallet's row (`shares_wallet_id`); its recovery method mirrors
 * it. The caller has checked the wallet proof(s).
 *
 * @returns the stored address (EIP-55 or base58).
 * @throws ApiError `embedded_wallet_exists` (409) when the user already has a wallet of this
 *   family; `linked_to_another_user` (409) when the address is already taken in this app;
 *   `solana_wallet_user_recovery` (409, spec section 5) for a Solana wallet beside
 *   user-controlled recovery (the Ethereum wallet's, or the new one's own), or a wallet with
 *   user-controlled recovery beside a Solana wallet; `wallet_not_derivable` (409) when
 *   `derivedFrom` is imported, derived itself, of the same family, or not the caller's.
 */
export async function createEmbeddedWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  input: NewEmbeddedWallet,
): Promise<string> {
  const { chainType, address } = normalizeWalletAddress(input.address);
  const source = input.derivedFrom;
  if (source) {
    if (
      source.appId !== appId ||
      source.userId !== userId ||
      source.sharesWalletId !== null ||
      source.chainType === chainType
    ) {
      throw new ApiError(
        'wallet_not_derivable',
        "A wallet can only be derived from the user's wallet of the other chain family that holds its own shares",
      );
    }
    if (await isImported(ctx, source)) {
      throw new ApiError(
        'wallet_not_derivable',
        'An imported key has no key of another chain family to derive',
      );
    }
  }
  const recoveryMethod = source ? source.recoveryMethod : input.recovery_method;
  const imported = !source && input.imported === true;
  const sealed = source
    ? {
        recoveryMethod,
        authShare: null,
        recoveryShare: null,
        recoveryBlob: null,
        recoveryOpaqueRecord: null,
        recoverySealedShare: null,
      }
    : await sealShares(ctx, { appId, userId, address }, input);
  const now = new Date(ctx.now());
  let conflict: 'wallet' | 'account' | undefined;
  await ctx.db
    .transaction(async (tx) => {
      // One creation or reshare per user at a time: the rules read the user's other wallets.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const others = await tx
        .select()
        .from(embeddedWallets)
        .where(and(eq(embeddedWallets.appId, appId), eq(embeddedWallets.userId, userId)));
      if (others.some((w) => w.chainType === chainType)) {
        throw new ApiError('embedded_wallet_exists', ONE_WALLET_MESSAGE);
      }
      if (source && !others.some((w) => w.id === source.id && w.sharesWalletId === null)) {
        throw new ApiError('not_found', 'Embedded wallet not found');
      }
      assertSolanaRecoveryRule(
        [...others, { chainType, recoveryMethod }],
        chainType === 'solana' ? SOLANA_USER_RECOVERY_MESSAGE : USER_RECOVERY_SOLANA_MESSAGE,
      );
      const inserted = await tx
        .insert(embeddedWallets)
        .values({
          id: `wlt_${randomId(24)}`,
          appId,
          userId,
          address,
          chainType,
          sharesWalletId: source?.id ?? null,
          ...sealed,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: embeddedWallets.id });
      if (inserted.length === 0) {
        conflict = 'wallet';
        tx.rollback();
      }
      const linked = await tx
        .insert(linkedAccounts)
        .values({
          appId,
          userId,
          type: 'wallet',
          subject: address,
          details: { ...accountDetails(chainType, recoveryMethod, imported) },
          firstVerifiedAt: now,
          latestVerifiedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: linkedAccounts.id });
      if (linked.length === 0) {
        conflict = 'account';
        tx.rollback();
      }
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  if (conflict) {
    // Concurrent creation by the same user, or an address already used in this app.
    if (await findUserWallet(ctx, appId, userId, chainType)) {
      throw new ApiError('embedded_wallet_exists', ONE_WALLET_MESSAGE);
    }
    throw new ApiError('linked_to_another_user', 'This wallet address is already in use');
  }
  return address;
}

/**
 * The caller's auth share, unsealed (404 as {@link ownWallet}); for a derived wallet the share
 * of the wallet holding its entropy ({@link ownShareWallet}).
 */
export async function releaseAuthShare(
  ctx: ServerContext,
  appId: string,
  userId: string,
  address: string,
): Promise<string> {
  const row = await ownShareWallet(ctx, appId, userId, address);
  if (row.authShare === null) throw new ApiError('internal_error', 'The wallet has no auth share');
  const owner = { appId, userId, address: row.address };
  return String(await unseal(ctx.keys.authShareKey, owner, 'auth_share', row.authShare));
}

/**
 * The caller's recovery material, unsealed (404 as {@link ownWallet}; a derived wallet answers
 * its entropy's wallet's, {@link ownShareWallet}): the plain recovery share,
 * or for `user-passcode` only a legacy PBKDF2 blob (an OPAQUE wallet answers both null: its
 * sealed share is released by the OPAQUE login only, `opaque.ts`).
 */
export async function releaseRecovery(
  ctx: ServerContext,
  appId: string,
  userId: string,
  address: string,
): Promise<{
  recovery_method: RecoveryMethod;
  recovery_share: string | null;
  recovery_blob: PasswordEncryptedShareWire | null;
}> {
  const row = await ownShareWallet(ctx, appId, userId, address);
  const owner = { appId, userId, address: row.address };
  const key = ctx.keys.recoveryKey;
  const share = row.recoveryShare
    ? String(await unseal(key, owner, 'recovery_share', row.recoveryShare))
    : null;
  const blob = row.recoveryBlob
    ? passwordEncryptedShare.parse(await unseal(key, owner, 'recovery_blob', row.recoveryBlob))
    : null;
  return { recovery_method: row.recoveryMethod, recovery_share: share, recovery_blob: blob };
}

/**
 * Replaces both server-held shares and the recovery method in one transaction, and keeps the
 * linked account's `recovery_method` in step (404 as {@link ownWallet}); its `imported` flag
 * stays as it was. A legacy PBKDF2 blob is dropped (issue 24: the frame reseals with OPAQUE at
 * the first password recovery), and OPAQUE logins in progress are forgotten.
 *
 * Issue 22: `input.address` may name a derived wallet; the reshare then replaces the shares of
 * the wallet holding its entropy (the same secret, so the frame's new split fits both), and the
 * derived rows' recovery method and accounts follow the holding row's.
 * @throws ApiError `solana_wallet_user_recovery` (409, spec section 5) for a method other than
 *   `latchkey` when the user has a Solana wallet.
 */
export async function reshareEmbeddedWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  input: WalletShares & { address: string },
): Promise<void> {
  const row = await ownShareWallet(ctx, appId, userId, input.address);
  const sealed = await sealShares(ctx, { appId, userId, address: row.address }, input);
  const now = new Date(ctx.now());
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const wallets = await tx
      .select()
      .from(embeddedWallets)
      .where(and(eq(embeddedWallets.appId, appId), eq(embeddedWallets.userId, userId)));
    const family = wallets.filter((w) => w.id === row.id || w.sharesWalletId === row.id);
    assertSolanaRecoveryRule(
      wallets.map((w) =>
        family.includes(w) ? { ...w, recoveryMethod: input.recovery_method } : w,
      ),
      USER_RECOVERY_SOLANA_MESSAGE,
    );
    await tx
      .update(embeddedWallets)
      .set({ ...sealed, updatedAt: now })
      .where(eq(embeddedWallets.id, row.id));
    await tx
      .update(embeddedWallets)
      .set({ recoveryMethod: input.recovery_method, updatedAt: now })
      .where(eq(embeddedWallets.sharesWalletId, row.id));
    // Logins started against the old OPAQUE record must not release the new sealed share.
    await tx.delete(opaqueLogins).where(eq(opaqueLogins.walletId, row.id));
    for (const wallet of family) {
      const account = and(
        eq(linkedAccounts.appId, appId),
        eq(linkedAccounts.userId, userId),
        eq(linkedAccounts.type, 'wallet'),
        eq(linkedAccounts.subject, wallet.address),
      );
      // An imported wallet stays imported (issue 22 item 4) whatever its shares become.
      const [previous] = await tx
        .select({ details: linkedAccounts.details })
        .from(linkedAccounts)
        .where(account);
      const imported = (previous?.details as { imported?: unknown } | undefined)?.imported === true;
      await tx
        .update(linkedAccounts)
        .set({ details: { ...accountDetails(wallet.chainType, input.recovery_method, imported) } })
        .where(account);
    }
  });
}
