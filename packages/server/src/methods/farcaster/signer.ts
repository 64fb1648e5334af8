/**
 * Farcaster signers (spec sections 3, 4 and 7; issue 16): an ed25519 key the wallet frame holds,
 * which the user's Farcaster account approves so the app may sign Farcaster messages for it.
 *
 * 1. The app's own Farcaster account requests it (`setFarcasterSignerApp`: its fid and custody
 *    key, sealed at rest; admin API and `latchkey farcaster set`).
 * 2. `initFarcasterSigner` (called by the wallet frame, DPoP): a signed key request at Farcaster's
 *    API (https://docs.farcaster.xyz/reference/warpcast/signers): `POST /v2/signed-key-requests`
 *    `{key, requestFid, signature, deadline}`, the signature an EIP-712 `SignedKeyRequest`
 *    (`requestFid`, `key`, `deadline`) by the app's custody key for the SignedKeyRequestValidator.
 *    The answer's `deeplinkUrl` is where the user approves (the modal's QR code).
 * 3. `farcasterSignerStatus`: the request's state (`GET /v2/signed-key-request?token=`), and once
 *    the user approved, the key's state on the Key Registry (OP Mainnet, through the RPC): added
 *    -> `approved` (the account's `signer_public_key` is set), removed -> `revoked` (cleared).
 */
import {
  FARCASTER_API_URL,
  type AdminFarcasterRequest,
  type AdminFarcasterResponse,
  type FarcasterSigner,
} from '@latchkey/api';
import { and, eq, sql } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import type { ServerContext } from '../../context.ts';
import { decryptString, encryptString } from '../../crypto.ts';
import {
  type AppRow,
  farcasterSignerApps,
  farcasterSigners,
  linkedAccounts,
} from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { readKeyState } from './registries.ts';
import { FARCASTER_ACCOUNT_TYPE } from './service.ts';

/** The EIP-712 domain of Farcaster's SignedKeyRequestValidator on OP Mainnet. */
export const SIGNED_KEY_REQUEST_VALIDATOR_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const;

/** The EIP-712 types of a signed key request. */
export const SIGNED_KEY_REQUEST_TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** Seconds a signed key request stays valid (its `deadline`). */
export const SIGNER_REQUEST_TTL_S = 86_400;

/** Message of `not_supported` when the app has no Farcaster account to request signers. */
export const FARCASTER_NO_SIGNER_APP_MESSAGE =
  'Farcaster signers are not configured for this app: set its account with `latchkey farcaster set`';
/** Message of `account_not_linked` when the user has no Farcaster account. */
export const FARCASTER_NOT_LINKED_MESSAGE = 'Log in with or link a Farcaster account first';

/** Where the server reaches Farcaster's signed key request API and the Key Registry. */
export interface FarcasterSignerOptions {
  /** Base URL of Farcaster's API (`/v2/signed-key-requests`). Default {@link FARCASTER_API_URL}. */
  apiUrl?: string | undefined;
  /** OP Mainnet JSON-RPC (the Key Registry). */
  rpcUrl: string;
}

/**
 * Stores the app's Farcaster account that requests signers (admin route, CLI, dev seed): the fid
 * and the custody key, sealed.
 * @returns the fid and the key's address, never the key.
 */
export async function setFarcasterSignerApp(
  ctx: Pick<ServerContext, 'db' | 'keys'>,
  app: AppRow,
  request: AdminFarcasterRequest,
): Promise<AdminFarcasterResponse> {
  const address = privateKeyToAccount(request.signer_request_key as `0x${string}`).address;
  const values = {
    requestFid: request.signer_request_fid,
    requestKeySealed: await encryptString(request.signer_request_key, ctx.keys.keyEncryptionKey),
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(farcasterSignerApps)
    .values({ appId: app.id, ...values })
    .onConflictDoUpdate({ target: farcasterSignerApps.appId, set: values });
  return { signer_request_fid: request.signer_request_fid, signer_request_address: address };
}

/** The user's Farcaster fid. @throws ApiError `account_not_linked` (404) when none. */
async function fidOf(ctx: Pick<ServerContext, 'db'>, app: AppRow, userId: string) {
  const [row] = await ctx.db
    .select({ subject: linkedAccounts.subject })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, app.id),
        eq(linkedAccounts.userId, userId),
        eq(linkedAccounts.type, FARCASTER_ACCOUNT_TYPE),
      ),
    );
  if (!row) throw new ApiError('account_not_linked', FARCASTER_NOT_LINKED_MESSAGE);
  return Number(row.subject);
}

/**
 * Sets `signer_public_key` of the user's Farcaster account `fid` to an approved key, or clears it
 * when it is the revoked key (a newer signer stays).
 */
async function setAccountSigner(
  ctx: Pick<ServerContext, 'db'>,
  app: AppRow,
  userId: string,
  fid: number,
  publicKey: string,
  approved: boolean,
) {
  const value = JSON.stringify({ signer_public_key: approved ? publicKey : null });
  await ctx.db
    .update(linkedAccounts)
    .set({ details: sql`${linkedAccounts.details} || ${value}::jsonb` })
    .where(
      and(
        eq(linkedAccounts.appId, app.id),
        eq(linkedAccounts.userId, userId),
        eq(linkedAccounts.type, FARCASTER_ACCOUNT_TYPE),
        eq(linkedAccounts.subject, String(fid)),
        approved ? undefined : sql`${linkedAccounts.details}->>'signer_public_key' = ${publicKey}`,
      ),
    );
}

const apiBase = (options: FarcasterSignerOptions) =>
  (options.apiUrl ?? FARCASTER_API_URL).replace(/\/$/, '');

/** The row of `publicKey` in the app's signers (a `where` condition). */
const signerRow = (app: AppRow, publicKey: string) =>
  and(eq(farcasterSigners.appId, app.id), eq(farcasterSigners.publicKey, publicKey));

const unavailable = () =>
  new ApiError('service_unavailable', 'Farcaster cannot be reached now. Try again.');

/** A signed key request as Farcaster's API answers it. */
interface SignedKeyRequest {
  token: string;
  deeplinkUrl: string;
  key: string;
  state: 'pending' | 'approved' | 'completed' | string;
  userFid?: number;
}

async function callApi(url: string, init?: RequestInit): Promise<SignedKeyRequest> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw unavailable();
  }
  const body = (await res.json().catch(() => undefined)) as
    { result?: { signedKeyRequest?: SignedKeyRequest } } | undefined;
  const request = body?.result?.signedKeyRequest;
  if (!res.ok || !request || typeof request.token !== 'string') throw unavailable();
  return request;
}

/**
 * Asks the user's Farcaster account to approve the frame's signer key `publicKey` (spec
 * section 7, the frame's `farcaster init-signer`). A key already requested for this user answers
 * its current state instead of a second request.
 *
 * @returns the signer: `pending_approval` with `signer_approval_url`, or its known state.
 * @throws ApiError `account_not_linked` (404) without a Farcaster account; `not_supported` (400)
 *   when the app has no requesting account; `invalid_data` (400) for a key another user holds;
 *   `service_unavailable` (503) when Farcaster's API cannot be reached.
 */
export async function initFarcasterSigner(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  options: FarcasterSignerOptions,
  app: AppRow,
  userId: string,
  publicKey: `0x${string}`,
): Promise<FarcasterSigner> {
  const fid = await fidOf(ctx, app, userId);
  const [existing] = await ctx.db.select().from(farcasterSigners).where(signerRow(app, publicKey));
  if (existing) {
    if (existing.userId !== userId) {
      throw new ApiError('invalid_data', 'This signer key belongs to another user');
    }
    if (existing.fid === fid) return farcasterSignerStatus(ctx, options, app, userId, publicKey);
  }
  const [requester] = await ctx.db
    .select()
    .from(farcasterSignerApps)
    .where(eq(farcasterSignerApps.appId, app.id));
  if (!requester) throw new ApiError('not_supported', FARCASTER_NO_SIGNER_APP_MESSAGE);
  const custody = privateKeyToAccount(
    (await decryptString(requester.requestKeySealed, ctx.keys.keyEncryptionKey)) as `0x${string}`,
  );
  const deadline = Math.floor(ctx.now() / 1000) + SIGNER_REQUEST_TTL_S;
  const signature = await custody.signTypedData({
    domain: SIGNED_KEY_REQUEST_VALIDATOR_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPES,
    primaryType: 'SignedKeyRequest',
    message: {
      requestFid: BigInt(requester.requestFid),
      key: publicKey,
      deadline: BigInt(deadline),
    },
  });
  const request = await callApi(`${apiBase(options)}/v2/signed-key-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: publicKey, requestFid: requester.requestFid, signature, deadline }),
  });
  const row = {
    userId,
    fid,
    requestToken: request.token,
    approvalUrl: request.deeplinkUrl,
    status: 'pending_approval',
  };
  await ctx.db
    .insert(farcasterSigners)
    .values({ appId: app.id, publicKey, ...row })
    .onConflictDoUpdate({ target: [farcasterSigners.appId, farcasterSigners.publicKey], set: row });
  return {
    public_key: publicKey,
    status: 'pending_approval',
    signer_approval_url: request.deeplinkUrl,
  };
}

/**
 * The state of the user's signer `publicKey` (spec section 4: the modal polls it every 2 s): the
 * request's state at Farcaster's API until the user approved it, then the key's state on the Key
 * Registry for the user's fid. `approved` sets the account's `signer_public_key`; `revoked` (the
 * key removed from the Key Registry, or approved by another fid) clears it.
 *
 * @throws ApiError `not_found` (404) for a key never requested for this user; `account_not_linked`
 *   (404) without a Farcaster account; `service_unavailable` (503) when Farcaster's API or the
 *   RPC cannot be reached.
 */
export async function farcasterSignerStatus(
  ctx: Pick<ServerContext, 'db' | 'keys' | 'now'>,
  options: FarcasterSignerOptions,
  app: AppRow,
  userId: string,
  publicKey: `0x${string}`,
): Promise<FarcasterSigner> {
  const [row] = await ctx.db
    .select()
    .from(farcasterSigners)
    .where(and(signerRow(app, publicKey), eq(farcasterSigners.userId, userId)));
  if (!row) throw new ApiError('not_found', 'No Farcaster signer with this key was requested');
  const answer = (status: FarcasterSigner['status']): FarcasterSigner => ({
    public_key: publicKey,
    status,
    signer_approval_url: status === 'pending_approval' ? row.approvalUrl : null,
  });
  if (row.status === 'revoked') return answer('revoked');
  let approvedFid = row.fid;
  if (row.status === 'pending_approval') {
    const request = await callApi(
      `${apiBase(options)}/v2/signed-key-request?token=${encodeURIComponent(row.requestToken)}`,
    );
    if (request.state !== 'approved' && request.state !== 'completed') {
      return answer('pending_approval');
    }
    approvedFid = request.userFid ?? row.fid;
  }
  let state: Awaited<ReturnType<typeof readKeyState>>;
  try {
    state = await readKeyState(options.rpcUrl, BigInt(row.fid), publicKey);
  } catch {
    throw unavailable();
  }
  // Approved by another Farcaster account than the user's: not a signer of theirs.
  const status =
    approvedFid !== row.fid || state === 'removed'
      ? 'revoked'
      : state === 'added'
        ? 'approved'
        : 'pending_approval';
  if (status !== row.status) {
    await ctx.db.update(farcasterSigners).set({ status }).where(signerRow(app, publicKey));
    if (status !== 'pending_approval') {
      await setAccountSigner(ctx, app, userId, row.fid, publicKey, status === 'approved');
    }
  }
  return answer(status);
}
