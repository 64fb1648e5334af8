/**
 * Embedded wallets (design.md, Keys; issue 3): the server half of the key custody. The frame
 * sends the auth share and the recovery share (or the password-encrypted recovery blob); both
 * are sealed before they touch the database, each under its own key derived from the server
 * secret, and bound to (app, user, address, kind) so a sealed value copied into another row
 * does not open. Plaintext shares are never stored or logged (security catalogue 5).
 */
import {
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
  walletNonces,
} from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { WalletAccountDetails } from '../users/service.ts';

/** The spec's answer to a second wallet (spec section 5, Latchkey-named). */
export const ONE_WALLET_MESSAGE = 'Only one Latchkey wallet per user is currently allowed';

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
 * unexpired, unused; spent even when the signature then fails) and checks that `signature`, an
 * EIP-191 signature over {@link walletProofMessage}, recovers to `address`.
 * @throws ApiError `invalid_wallet_signature` (401) otherwise.
 */
export async function verifyWalletProof(
  ctx: ServerContext,
  session: ProofSession,
  proof: { action: WalletProofAction; address: `0x${string}`; nonce: string; signature: string },
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
  const message = walletProofMessage({
    action: proof.action,
    appId: session.appId,
    userId: session.userId,
    address: proof.address,
    nonce: proof.nonce,
  });
  let signer: string;
  try {
    signer = await recoverMessageAddress({
      message,
      signature: proof.signature as `0x${string}`,
    });
  } catch {
    throw new ApiError('invalid_wallet_signature', 'Invalid wallet signature');
  }
  if (signer !== proof.address) {
    throw new ApiError('invalid_wallet_signature', 'The signature is not by the wallet key');
  }
}

/**
 * The `details` of the embedded wallet's `wallet` linked account. `imported`: the wallet's key
 * was imported (issue 22 item 4), not made in the frame.
 */
function accountDetails(method: RecoveryMethod, imported: boolean): WalletAccountDetails {
  return {
    chain_type: 'ethereum',
    chain_id: null,
    wallet_client_type: EMBEDDED_WALLET_CLIENT_TYPE,
    connector_type: 'embedded',
    recovery_method: method,
    imported,
  };
}

/** The user's embedded wallet in `appId`, if any. */
export async function findUserWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
): Promise<EmbeddedWalletRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(embeddedWallets)
    .where(and(eq(embeddedWallets.appId, appId), eq(embeddedWallets.userId, userId)));
  return row;
}

/**
 * The caller's wallet at `address`.
 * @throws ApiError `not_found` (404) when the user has no wallet at that address; the same
 *   answer whether the address is unknown or another user's (no enumeration).
 */
export async function ownWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  address: string,
): Promise<EmbeddedWalletRow> {
  const row = await findUserWallet(ctx, appId, userId);
  if (!row || row.address !== checksumAddress(address)) {
    throw new ApiError('not_found', 'Embedded wallet not found');
  }
  return row;
}

/**
 * Stores a new embedded wallet and its `wallet` linked account in one transaction. With
 * `input.imported` (issue 22 item 4) the account is marked `imported: true`; the caller has
 * checked the wallet proof (action `import`).
 *
 * @returns the EIP-55 address.
 * @throws ApiError `embedded_wallet_exists` (409) when the user already has a wallet;
 *   `linked_to_another_user` (409) when the address is already taken in this app.
 */
export async function createEmbeddedWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  input: WalletShares & { address: string; imported?: boolean | undefined },
): Promise<`0x${string}`> {
  const address = checksumAddress(input.address);
  if (await findUserWallet(ctx, appId, userId)) {
    throw new ApiError('embedded_wallet_exists', ONE_WALLET_MESSAGE);
  }
  const owner = { appId, userId, address };
  const sealed = await sealShares(ctx, owner, input);
  const now = new Date(ctx.now());
  let conflict: 'wallet' | 'account' | undefined;
  await ctx.db
    .transaction(async (tx) => {
      const inserted = await tx
        .insert(embeddedWallets)
        .values({
          id: `wlt_${randomId(24)}`,
          appId,
          userId,
          address,
          chainType: 'ethereum',
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
          details: { ...accountDetails(input.recovery_method, input.imported === true) },
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
    if (await findUserWallet(ctx, appId, userId)) {
      throw new ApiError('embedded_wallet_exists', ONE_WALLET_MESSAGE);
    }
    throw new ApiError('linked_to_another_user', 'This wallet address is already in use');
  }
  return address;
}

/** The caller's auth share, unsealed (404 as {@link ownWallet}). */
export async function releaseAuthShare(
  ctx: ServerContext,
  appId: string,
  userId: string,
  address: string,
): Promise<string> {
  const row = await ownWallet(ctx, appId, userId, address);
  const owner = { appId, userId, address: row.address };
  return String(await unseal(ctx.keys.authShareKey, owner, 'auth_share', row.authShare));
}

/**
 * The caller's recovery material, unsealed (404 as {@link ownWallet}): the plain recovery share,
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
  const row = await ownWallet(ctx, appId, userId, address);
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
 */
export async function reshareEmbeddedWallet(
  ctx: ServerContext,
  appId: string,
  userId: string,
  input: WalletShares & { address: string },
): Promise<void> {
  const row = await ownWallet(ctx, appId, userId, input.address);
  const sealed = await sealShares(ctx, { appId, userId, address: row.address }, input);
  const now = new Date(ctx.now());
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(embeddedWallets)
      .set({ ...sealed, updatedAt: now })
      .where(eq(embeddedWallets.id, row.id));
    // Logins started against the old OPAQUE record must not release the new sealed share.
    await tx.delete(opaqueLogins).where(eq(opaqueLogins.walletId, row.id));
    const account = and(
      eq(linkedAccounts.appId, appId),
      eq(linkedAccounts.userId, userId),
      eq(linkedAccounts.type, 'wallet'),
      eq(linkedAccounts.subject, row.address),
    );
    // An imported wallet stays imported (issue 22 item 4) whatever its shares become.
    const [previous] = await tx
      .select({ details: linkedAccounts.details })
      .from(linkedAccounts)
      .where(account);
    const imported = (previous?.details as { imported?: unknown } | undefined)?.imported === true;
    await tx
      .update(linkedAccounts)
      .set({ details: { ...accountDetails(input.recovery_method, imported) } })
      .where(account);
  });
}
