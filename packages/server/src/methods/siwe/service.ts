/**
 * Sign-In With Ethereum, server half (EIP-4361; spec sections 4 and 7; security catalogue
 * 32-35). Built on viem's EIP-4361 support (`parseSiweMessage`, `validateSiweMessage`,
 * `verifyMessage`), with every check that `validateSiweMessage` leaves to its caller done
 * here: the domain must be a host of the app's allowed origins (and of the request's Origin
 * when there is one), the nonce must be one we issued for this app and address, unused and
 * unexpired, `expiration-time` / `not-before` must hold, the chain id must be configured, and
 * the signature must come from the address (EOA locally; EIP-1271 / ERC-6492 smart-contract
 * wallets through the chain's RPC).
 */
import { SIWE_NONCE_MIN_LENGTH, SIWE_NONCE_TTL_S } from '@latchkey/api';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { type Address, createPublicClient, getAddress, type Hex, http, isAddress } from 'viem';
import { parseSiweMessage, type SiweMessage, validateSiweMessage } from 'viem/siwe';
import { verifyMessage } from 'viem/utils';
import type { ServerContext } from '../../context.ts';
import { randomId } from '../../crypto.ts';
import { type AppRow, linkedAccounts, siweNonces } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { assertAllowed } from '../../rate-limit.ts';
import { linkAccount, unlinkAccount } from '../../users/accounts.ts';
import { findOrCreateUserByAccount } from '../../users/service.ts';

/** An EVM chain SIWE messages may name. */
export interface SiweChain {
  /** EIP-155 chain id, e.g. 31337. */
  id: number;
  /** JSON-RPC URL, used to verify smart-contract wallet signatures (EIP-1271, ERC-6492). */
  rpcUrl?: string;
}

/** SIWE settings of `createServer`. */
export interface SiweOptions {
  /** Chains a message may name (catalogue 35). Default: Ethereum mainnet (1) without RPC. */
  chains?: SiweChain[];
}

/** Length of the nonces we issue (alphanumeric; EIP-4361 asks for at least 8). */
export const SIWE_NONCE_LENGTH = 32;
/** Default chains when none are configured. */
export const DEFAULT_SIWE_CHAINS: SiweChain[] = [{ id: 1 }];

/** What a SIWE message proved: the wallet and the chain it signed on. */
export interface VerifiedSiwe {
  /** EIP-55 address. */
  address: Address;
  chainId: number;
  walletClientType: string;
  connectorType: string;
}

/** Refusal with the one status of a failed credential check (422 `invalid_credentials`). */
function refuse(reason: string): never {
  throw new ApiError('invalid_credentials', `Invalid SIWE message: ${reason}`);
}

function assertWalletEnabled(app: AppRow): void {
  if (!app.walletAuth) {
    throw new ApiError('disallowed_login_method', 'Wallet login is not enabled for this app');
  }
}

/**
 * Issues a nonce for `address` (spec section 7, `POST /api/v1/siwe/init`): 32 random
 * alphanumeric characters, valid {@link SIWE_NONCE_TTL_S}, usable once, stored in the database.
 *
 * @throws ApiError `disallowed_login_method` (403) when wallet login is off; `too_many_requests`
 *   (429) for the per-IP limit.
 */
export async function issueSiweNonce(
  ctx: ServerContext,
  app: AppRow,
  address: string,
  ip: string,
): Promise<{ nonce: string; expiresAt: Date }> {
  assertWalletEnabled(app);
  const nowMs = ctx.now();
  assertAllowed(ctx.floodLimits.hit(`siwe-init:ip:${ip}`, ctx.rateLimits.initPerIp, nowMs));
  // Housekeeping: dead nonces of this app go.
  await ctx.db
    .delete(siweNonces)
    .where(and(eq(siweNonces.appId, app.id), lt(siweNonces.expiresAt, new Date(nowMs))));
  const nonce = randomId(SIWE_NONCE_LENGTH);
  const expiresAt = new Date(nowMs + SIWE_NONCE_TTL_S * 1000);
  await ctx.db.insert(siweNonces).values({
    appId: app.id,
    address: address.toLowerCase(),
    nonce,
    createdAt: new Date(nowMs),
    expiresAt,
  });
  return { nonce, expiresAt };
}

/** The hosts (`host[:port]`) of the app's allowed origins. */
function allowedHosts(app: AppRow): Set<string> {
  const hosts = new Set<string>();
  for (const origin of app.allowedOrigins) {
    try {
      hosts.add(new URL(origin).host);
    } catch {
      // An unparsable origin allows nothing.
    }
  }
  return hosts;
}

function chainIdOf(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.replace(/^eip155:/, ''));
}

/** Parameters of {@link verifySiwe}. */
export interface VerifySiweParameters {
  message: string;
  signature: string;
  chainId: number | string;
  walletClientType: string;
  connectorType: string;
  /** The request's `Origin` header, if any (already checked against the allowed origins). */
  origin: string | undefined;
  ip: string;
}

/**
 * Checks a signed EIP-4361 message and consumes its nonce (catalogue 32-35). The order is:
 * parse, domain, URI, chain id, times, nonce (consumed atomically: a second use fails), then
 * the signature.
 *
 * @returns the verified address and chain.
 * @throws ApiError `invalid_credentials` (422, 'Invalid SIWE message: <reason>') for a
 *   malformed message, wrong domain or URI, unknown chain id, expired or not-yet-valid
 *   message, unknown / reused / foreign / expired nonce, or a bad signature;
 *   `disallowed_login_method` (403); `too_many_requests` (429).
 */
export async function verifySiwe(
  ctx: ServerContext,
  app: AppRow,
  chains: readonly SiweChain[],
  p: VerifySiweParameters,
): Promise<VerifiedSiwe> {
  assertWalletEnabled(app);
  const nowMs = ctx.now();
  assertAllowed(
    ctx.floodLimits.hit(`siwe-auth:ip:${p.ip}`, ctx.rateLimits.authenticatePerIp, nowMs),
  );
  const now = new Date(nowMs);

  const parsed = parseSiweMessage(p.message) as Partial<SiweMessage>;
  if (
    !parsed.address ||
    !isAddress(parsed.address, { strict: false }) ||
    !parsed.domain ||
    !parsed.uri ||
    !parsed.nonce ||
    parsed.version !== '1' ||
    typeof parsed.chainId !== 'number'
  ) {
    refuse('not an EIP-4361 message');
  }
  const message = parsed as SiweMessage;

  // Domain (catalogue 32): one of the app's hosts, and the caller's own when it says who it is,
  // so a page on another allowed origin (or an iframe inside one) cannot use a message meant
  // for its parent.
  const hosts = allowedHosts(app);
  if (!hosts.has(message.domain)) refuse('domain is not an allowed origin of this app');
  if (p.origin !== undefined) {
    let originHost: string | undefined;
    try {
      originHost = new URL(p.origin).host;
    } catch {
      originHost = undefined;
    }
    if (originHost !== message.domain) refuse('domain does not match the request origin');
  }
  let uriHost: string | undefined;
  try {
    uriHost = new URL(message.uri).host;
  } catch {
    uriHost = undefined;
  }
  if (uriHost !== message.domain) refuse('URI is not on the message domain');

  // Chain id (catalogue 35): configured, and the one the wallet says it is on.
  if (!chains.some((c) => c.id === message.chainId)) refuse('unexpected chain id');
  if (chainIdOf(p.chainId) !== message.chainId) refuse('chain id does not match the message');

  // Times (catalogue 34).
  if (message.expirationTime && message.expirationTime.getTime() <= nowMs) refuse('expired');
  if (message.notBefore && message.notBefore.getTime() > nowMs) refuse('not valid yet');
  if (message.issuedAt && message.issuedAt.getTime() > nowMs + 5 * 60_000) {
    refuse('issued in the future');
  }
  if (message.nonce.length < SIWE_NONCE_MIN_LENGTH) refuse('nonce too short');
  // viem's own check of the fields it knows (domain, nonce, address, times) as a second guard.
  if (
    !validateSiweMessage({
      message,
      domain: message.domain,
      nonce: message.nonce,
      address: message.address,
      time: now,
    })
  ) {
    refuse('invalid fields');
  }

  // Nonce (catalogue 33): ours, for this app and address, alive, and consumed now.
  const consumed = await ctx.db
    .update(siweNonces)
    .set({ consumedAt: now })
    .where(
      and(
        eq(siweNonces.appId, app.id),
        eq(siweNonces.nonce, message.nonce),
        eq(siweNonces.address, message.address.toLowerCase()),
        isNull(siweNonces.consumedAt),
        gte(siweNonces.expiresAt, now),
      ),
    )
    .returning({ id: siweNonces.id });
  if (consumed.length === 0) refuse('unknown, used or expired nonce');

  // Signature: an EOA is checked locally; anything else through the chain (EIP-1271, ERC-6492).
  const address = getAddress(message.address);
  const signature = p.signature as Hex;
  let valid = await verifyMessage({ address, message: p.message, signature }).catch(() => false);
  if (!valid) {
    const rpcUrl = chains.find((c) => c.id === message.chainId)?.rpcUrl;
    if (rpcUrl) {
      try {
        const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000 }) });
        valid = await client.verifyMessage({ address, message: p.message, signature });
      } catch {
        valid = false;
      }
    }
  }
  if (!valid) refuse('bad signature');
  return {
    address,
    chainId: message.chainId,
    walletClientType: p.walletClientType,
    connectorType: p.connectorType,
  };
}

function walletDetails(v: VerifiedSiwe): Record<string, unknown> {
  return {
    chain_type: 'ethereum',
    chain_id: `eip155:${v.chainId}`,
    wallet_client_type: v.walletClientType,
    connector_type: v.connectorType,
    recovery_method: null,
    imported: false,
  };
}

/**
 * The `details` to write when a SIWE signature re-verifies an existing wallet account: the new
 * client and connector types, except on the embedded wallet, whose details (connector
 * 'embedded', recovery method) belong to the wallet service and must survive the embedded
 * wallet signing a SIWE message for some dapp.
 */
function keepEmbeddedDetails(details: Record<string, unknown>) {
  return sql`CASE WHEN ${linkedAccounts.details}->>'connector_type' = 'embedded' THEN ${linkedAccounts.details} ELSE ${JSON.stringify(details)}::jsonb END`;
}

/** The `wallet` account a verified message proves. */
function walletAccount(verified: VerifiedSiwe) {
  const details = walletDetails(verified);
  return {
    type: 'wallet',
    subject: verified.address,
    details,
    refreshDetails: keepEmbeddedDetails(details),
  };
}

/**
 * Logs in with a verified wallet: the user owning the `wallet` account of this address, or a
 * new user with it (connector and client type as sent; updated on every login), through the
 * login gates of `findOrCreateUserByAccount` (allowlist by wallet address, sign-ups, user limit).
 *
 * @returns the user id and whether it was created.
 * @throws ApiError `allowlist_rejected` (403), `user_does_not_exist` (404),
 *   `max_accounts_reached` (403).
 */
export function findOrCreateWalletUser(
  ctx: ServerContext,
  app: AppRow,
  verified: VerifiedSiwe,
): Promise<{ userId: string; isNewUser: boolean }> {
  return findOrCreateUserByAccount(ctx.db, app, walletAccount(verified), ctx.now());
}

/**
 * Links a verified wallet to `userId` (the account policy of `users/accounts.ts`: one external
 * wallet per user besides the embedded one).
 *
 * @throws ApiError `linked_to_another_user` (409) when another user of the app owns it;
 *   `cannot_link_more_of_type` (409) when the user has an external wallet already.
 */
export async function linkWallet(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  verified: VerifiedSiwe,
): Promise<void> {
  await linkAccount(ctx.db, app.id, userId, walletAccount(verified), ctx.now());
}

/**
 * Removes an external wallet from `userId` (`POST /api/v1/siwe/unlink`). The embedded wallet
 * cannot be unlinked, nor the user's last login method (spec section 5).
 *
 * @throws ApiError `account_not_linked` (404) when the user has no such wallet;
 *   `cannot_unlink_embedded_wallet` (409); `cannot_unlink_last_account` (409).
 */
export async function unlinkWallet(
  ctx: ServerContext,
  app: AppRow,
  userId: string,
  address: string,
): Promise<void> {
  await unlinkAccount(ctx.db, app.id, userId, 'wallet', getAddress(address));
}
