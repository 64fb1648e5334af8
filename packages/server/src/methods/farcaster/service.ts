/**
 * The Farcaster method's logic: Sign In With Farcaster (FIP-11) through a relay channel (spec
 * sections 1, 4, 5 and 7; issue 16).
 *
 * 1. `openFarcasterChannel`: the server opens a channel at the relay with a nonce it generated
 *    and the calling page's domain (a host of the app's allowed origins), and keeps both
 *    (`farcaster_channels`, keyed by the channel token's SHA-256).
 * 2. `farcasterChannelStatus`: the relay's state of the channel. The relay answers a completed
 *    channel once and then closes it, so the answer (the signed message and the profile) is kept
 *    in the row.
 * 3. `spendFarcasterChannel`: verifies the kept message with `@farcaster/auth-client`
 *    (`verifySignInMessage`: the statement, chain id 10 and the fid resource; our nonce and domain;
 *    `expiration-time` and `not-before`; the signature; and that the signer is the fid's custody
 *    address on the Id Registry or one of its auth addresses on the Key Registry, read through
 *    the configured OP Mainnet RPC), then deletes the row, so a channel and its nonce serve one
 *    login or link. An auth address's account is owned by the fid's custody address, read from
 *    the Id Registry.
 *
 * The profile (username, display name, bio, picture) is the relay's, for the verified fid only.
 */
import { createHash } from 'node:crypto';
import {
  type AppClient,
  createAppClient,
  generateNonce,
  viemConnector,
} from '@farcaster/auth-client';
import {
  FARCASTER_CHANNEL_TTL_S,
  type FarcasterInitResponse,
  type FarcasterStatusResponse,
} from '@latchkey/api';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { ServerContext } from '../../context.ts';
import {
  type AppRow,
  type FarcasterChannelAnswer,
  farcasterChannels,
  linkedAccounts,
} from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { linkAccount, unlinkAccount } from '../../users/accounts.ts';
import { findOrCreateUserByAccount, type LoginAccount } from '../../users/service.ts';
import { readCustodyAddress } from './registries.ts';

/** `linked_accounts.type` of a Farcaster account (the contract's `accountTypes`). */
export const FARCASTER_ACCOUNT_TYPE = 'farcaster';

/** The public OP Mainnet RPC, used when `LATCHKEY_FARCASTER_RPC_URL` is not set. */
export const DEFAULT_FARCASTER_RPC_URL = 'https://mainnet.optimism.io';

/** Message of `invalid_credentials` for an unknown, expired or spent channel. */
export const FARCASTER_CHANNEL_GONE_MESSAGE =
  'This Farcaster sign-in has expired or was already used. Start again.';
/** Message of `invalid_data` when `authenticate` comes before the Farcaster app answered. */
export const FARCASTER_PENDING_MESSAGE = 'The Farcaster app has not answered this sign-in yet';
/** Message of `service_unavailable` when the relay cannot be reached. */
export const FARCASTER_RELAY_DOWN_MESSAGE = 'The Farcaster relay is unavailable. Try again.';

/** Where this server reaches Farcaster (`createServer`'s `farcaster`; `LATCHKEY_FARCASTER_*`). */
export interface FarcasterOptions {
  /** The Connect relay's base URL (FIP-11), e.g. `https://relay.farcaster.xyz`. */
  relayUrl: string;
  /** OP Mainnet JSON-RPC, where the Id Registry says which address holds an fid. */
  rpcUrl: string;
}

/** A Farcaster account, verified: its fid, the custody address that signed, and its profile. */
export interface FarcasterIdentity {
  fid: number;
  /**
   * Checksummed custody address of the fid: the address that signed the sign-in message, or,
   * when an auth address of the fid signed it, the custody address read from the Id Registry.
   */
  custody: string;
  username: string | null;
  displayName: string | null;
  bio: string | null;
  pfpUrl: string | null;
}

/** The relay client of `options` (`@farcaster/auth-client`'s app client). */
export function farcasterClient(options: FarcasterOptions): AppClient {
  return createAppClient({
    relay: options.relayUrl,
    ethereum: viemConnector({ rpcUrl: options.rpcUrl }),
  });
}

/** @throws ApiError `disallowed_login_method` (403) when the app's `farcaster_auth` is off. */
export function assertFarcasterEnabled(app: AppRow): void {
  if (!app.farcasterAuth) {
    throw new ApiError('disallowed_login_method', 'Farcaster login is not enabled for this app');
  }
}

const tokenHashOf = (channelToken: string) =>
  createHash('sha256').update(channelToken).digest('hex');

/**
 * The domain and URI a sign-in message names: the request's Origin when it is one of the app's
 * allowed origins, else the app's first allowed origin.
 * @throws ApiError `invalid_origin` (403) when the app has no usable allowed origin.
 */
function signInOrigin(app: AppRow, origin: string | undefined): URL {
  const allowed: URL[] = [];
  for (const value of app.allowedOrigins) {
    try {
      allowed.push(new URL(value));
    } catch {
      // An unparsable origin allows nothing.
    }
  }
  const chosen = allowed.find((u) => u.origin === origin) ?? allowed[0];
  if (!chosen) {
    throw new ApiError('invalid_origin', 'Farcaster login needs an allowed origin for this app');
  }
  return chosen;
}

/**
 * Opens a Sign In With Farcaster channel at the relay for `app` (spec section 7, Farcaster login
 * init), valid {@link FARCASTER_CHANNEL_TTL_S} seconds.
 *
 * @param origin - the request's `Origin` header, if any.
 * @returns the channel token, the URI the Farcaster app opens, and the expiry (Unix seconds).
 * @throws ApiError `disallowed_login_method` (403), `invalid_origin` (403),
 *   `service_unavailable` (503) when the relay cannot be reached.
 */
export async function openFarcasterChannel(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  client: AppClient,
  app: AppRow,
  origin: string | undefined,
): Promise<FarcasterInitResponse> {
  assertFarcasterEnabled(app);
  const site = signInOrigin(app, origin);
  const nowMs = ctx.now();
  const expiresAt = new Date(nowMs + FARCASTER_CHANNEL_TTL_S * 1000);
  const nonce = generateNonce();
  let channel: Awaited<ReturnType<AppClient['createChannel']>>;
  try {
    channel = await client.createChannel({
      siweUri: `${site.origin}/`,
      domain: site.host,
      nonce,
      expirationTime: expiresAt.toISOString(),
    });
  } catch {
    throw new ApiError('service_unavailable', FARCASTER_RELAY_DOWN_MESSAGE);
  }
  if (channel.isError || channel.response.status !== 201 || !channel.data.channelToken) {
    throw new ApiError('service_unavailable', FARCASTER_RELAY_DOWN_MESSAGE);
  }
  const { channelToken, url } = channel.data;
  await ctx.db.delete(farcasterChannels).where(lt(farcasterChannels.expiresAt, new Date(nowMs)));
  await ctx.db.insert(farcasterChannels).values({
    tokenHash: tokenHashOf(channelToken),
    appId: app.id,
    nonce,
    domain: site.host,
    expiresAt,
  });
  return {
    channel_token: channelToken,
    connect_uri: url,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
  };
}

/** The app's live row of `channelToken`. @throws ApiError `invalid_credentials` when none. */
async function liveChannel(ctx: Pick<ServerContext, 'db' | 'now'>, app: AppRow, token: string) {
  const [row] = await ctx.db
    .select()
    .from(farcasterChannels)
    .where(
      and(eq(farcasterChannels.tokenHash, tokenHashOf(token)), eq(farcasterChannels.appId, app.id)),
    );
  if (!row || row.expiresAt.getTime() <= ctx.now()) {
    throw new ApiError('invalid_credentials', FARCASTER_CHANNEL_GONE_MESSAGE);
  }
  return row;
}

const textOrNull = (value: unknown) =>
  typeof value === 'string' && value.length > 0 ? value : null;

/**
 * The relay's answer for a channel, asked once it is not kept yet (and then kept).
 * @returns the answer, or undefined while the channel is pending.
 * @throws ApiError `invalid_credentials` when the relay no longer knows the channel,
 *   `service_unavailable` when it cannot be reached.
 */
async function answerOf(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  client: AppClient,
  row: { tokenHash: string; answer: FarcasterChannelAnswer | null },
  channelToken: string,
): Promise<FarcasterChannelAnswer | undefined> {
  if (row.answer) return row.answer;
  let status: Awaited<ReturnType<AppClient['status']>>;
  try {
    status = await client.status({ channelToken });
  } catch {
    throw new ApiError('service_unavailable', FARCASTER_RELAY_DOWN_MESSAGE);
  }
  if (status.isError) throw new ApiError('service_unavailable', FARCASTER_RELAY_DOWN_MESSAGE);
  const code = status.response.status;
  if (code === 401 || code === 404) {
    throw new ApiError('invalid_credentials', FARCASTER_CHANNEL_GONE_MESSAGE);
  }
  if (code === 202) return undefined;
  const data = status.data;
  if (
    code !== 200 ||
    data.state !== 'completed' ||
    typeof data.message !== 'string' ||
    typeof data.signature !== 'string' ||
    !Number.isSafeInteger(data.fid)
  ) {
    throw new ApiError('service_unavailable', FARCASTER_RELAY_DOWN_MESSAGE);
  }
  const answer: FarcasterChannelAnswer = {
    message: data.message,
    signature: data.signature,
    fid: data.fid as number,
    username: textOrNull(data.username),
    display_name: textOrNull(data.displayName),
    bio: textOrNull(data.bio),
    pfp_url: textOrNull(data.pfpUrl),
  };
  await ctx.db
    .update(farcasterChannels)
    .set({ answer })
    .where(and(eq(farcasterChannels.tokenHash, row.tokenHash), isNull(farcasterChannels.answer)));
  return answer;
}

/**
 * The state of a channel (spec section 4: the modal polls it every 2 s): `pending`, or
 * `completed` with the fid and profile the relay reported (verified only by `authenticate`).
 * @throws ApiError `invalid_credentials` (422) for an unknown, expired or spent channel;
 *   `service_unavailable` (503) when the relay cannot be reached.
 */
export async function farcasterChannelStatus(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  client: AppClient,
  app: AppRow,
  channelToken: string,
): Promise<FarcasterStatusResponse> {
  const row = await liveChannel(ctx, app, channelToken);
  const answer = await answerOf(ctx, client, row, channelToken);
  if (!answer) return { state: 'pending' };
  return {
    state: 'completed',
    fid: answer.fid,
    username: answer.username,
    display_name: answer.display_name,
    profile_picture_url: answer.pfp_url,
  };
}

/**
 * Verifies the channel's signed message and spends the channel (security catalogue 32-34 as for
 * SIWE): the message must name this channel's nonce and domain, be within its times, carry the
 * fid the relay reported, and be signed by that fid's custody address on the Id Registry or by
 * one of its auth addresses on the Key Registry (keyType 2, added). Only the first of concurrent
 * calls spends it.
 *
 * @param origin - the request's `Origin`, if any: its host must be the channel's domain.
 * @returns the verified Farcaster account.
 * @throws ApiError `invalid_credentials` (422) for an unknown, expired or spent channel or a
 *   message that does not verify; `invalid_data` (400) while the Farcaster app has not answered;
 *   `service_unavailable` (503) when the relay or the RPC cannot be reached.
 */
export async function spendFarcasterChannel(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  client: AppClient,
  app: AppRow,
  channelToken: string,
  origin: string | undefined,
): Promise<FarcasterIdentity> {
  assertFarcasterEnabled(app);
  const row = await liveChannel(ctx, app, channelToken);
  if (origin !== undefined) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== row.domain) {
      throw new ApiError('invalid_credentials', 'The request origin is not the sign-in domain');
    }
  }
  const answer = await answerOf(ctx, client, row, channelToken);
  if (!answer) throw new ApiError('invalid_data', FARCASTER_PENDING_MESSAGE);
  const verified = await client.verifySignInMessage({
    nonce: row.nonce,
    domain: row.domain,
    message: answer.message,
    signature: answer.signature as `0x${string}`,
    // An auth address (a key the fid's custody added to the Key Registry, type 2) may sign in
    // its place, as Farcaster clients do; auth-client then checks `keyDataOf` (issue 16).
    acceptAuthAddress: true,
  });
  if (verified.isError || !verified.success) {
    const error = verified.error;
    if (error?.errCode === 'unavailable' || error?.errCode === 'unknown') {
      throw new ApiError('service_unavailable', 'The Farcaster Id Registry cannot be read now');
    }
    throw new ApiError(
      'invalid_credentials',
      `The Farcaster sign-in could not be verified: ${error?.message ?? 'invalid'}`,
    );
  }
  if (verified.fid !== answer.fid) {
    throw new ApiError('invalid_credentials', 'The Farcaster sign-in names another fid');
  }
  // The account's owner: the signer itself, or the custody behind an auth address.
  let custody: `0x${string}`;
  try {
    custody =
      verified.authMethod === 'authAddress'
        ? await readCustodyAddress(client.ethereum.publicClient, BigInt(verified.fid))
        : verified.data.address;
  } catch (error) {
    throw new ApiError('service_unavailable', 'The Farcaster Id Registry cannot be read now', {
      cause: error,
    });
  }
  const spent = await ctx.db
    .delete(farcasterChannels)
    .where(eq(farcasterChannels.tokenHash, row.tokenHash))
    .returning({ tokenHash: farcasterChannels.tokenHash });
  if (spent.length !== 1) {
    throw new ApiError('invalid_credentials', FARCASTER_CHANNEL_GONE_MESSAGE);
  }
  return {
    fid: verified.fid,
    custody: getAddress(custody),
    username: answer.username,
    displayName: answer.display_name,
    bio: answer.bio,
    pfpUrl: answer.pfp_url,
  };
}

/**
 * The `linked_accounts` row of a verified Farcaster account. A later login refreshes the custody
 * address and profile and keeps the rest (the signer's public key).
 */
function farcasterAccount(identity: FarcasterIdentity): LoginAccount {
  const profile = {
    owner_address: identity.custody,
    username: identity.username,
    display_name: identity.displayName,
    bio: identity.bio,
    profile_picture_url: identity.pfpUrl,
  };
  return {
    type: FARCASTER_ACCOUNT_TYPE,
    subject: String(identity.fid),
    details: { ...profile, signer_public_key: null },
    refreshDetails: sql`${linkedAccounts.details} || ${JSON.stringify(profile)}::jsonb`,
  };
}

/**
 * Logs in (or signs up) the owner of a verified Farcaster account, through the login gates
 * (allowlist, sign-ups, user limit) of `findOrCreateUserByAccount`.
 * @throws ApiError `allowlist_rejected`, `user_does_not_exist`, `max_accounts_reached`.
 */
export function findOrCreateFarcasterUser(
  ctx: ServerContext,
  app: AppRow,
  identity: FarcasterIdentity,
): Promise<{ userId: string; isNewUser: boolean }> {
  return findOrCreateUserByAccount(ctx.db, app, farcasterAccount(identity), ctx.now());
}

/**
 * Links a verified Farcaster account to the user (account policy: one Farcaster account each).
 * @throws ApiError `linked_to_another_user` (409), `cannot_link_more_of_type` (409).
 */
export async function linkFarcaster(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  identity: FarcasterIdentity,
): Promise<void> {
  await linkAccount(ctx.db, app.id, userId, farcasterAccount(identity), ctx.now());
}

/**
 * Unlinks the user's Farcaster account `fid` (spec section 7).
 * @throws ApiError `account_not_linked`, `cannot_unlink_last_account` (the account policy).
 */
export async function unlinkFarcaster(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  fid: number,
): Promise<void> {
  await unlinkAccount(ctx.db, app.id, userId, FARCASTER_ACCOUNT_TYPE, String(fid));
}
