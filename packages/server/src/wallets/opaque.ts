/**
 * OPAQUE recovery passwords (RFC 9807; issue 24 items 5 and 6), the server side.
 *
 * A `user-passcode` wallet's recovery share is sealed in the frame under a key derived from the
 * OPAQUE export key, which only a client that knows the password and talks to this server gets.
 * The server stores the registration record and the sealed share (both sealed again at rest,
 * `service.ts`) and the app's OPAQUE server setup (its OPRF seed and key pair, sealed in
 * `apps.opaque_server_setup`). Every password guess needs a login start here, so guesses are
 * online and counted ({@link RECOVERY_LIMITS}): per (wallet, device key) with backoff, and per
 * wallet with a 24-hour ceiling. A stranger's guesses from another device key do not slow the
 * owner's device until the wallet ceiling.
 *
 * The OPAQUE user identifier is `opaqueUserIdentifier(appId, address)`, known before the wallet
 * exists (registration happens at create). Registration answers are OPRF evaluations under the
 * wallet's OPRF key, so the register route demands a wallet proof (the wallet key's holder has
 * nothing to gain from guessing its password).
 */
import { hkdfSync } from 'node:crypto';
import {
  type OpaqueKsfId,
  type OpaqueLoginFinishResponse,
  type OpaqueLoginStartResponse,
  type OpaqueSealedShareWire,
  opaqueSealedShare,
  opaqueUserIdentifier,
} from '@latchkey/api';
import * as opaque from '@serenity-kit/opaque';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { openBound, randomToken, SealedValueError, sealBound } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import {
  apps,
  type EmbeddedWalletRow,
  embeddedWallets,
  opaqueLogins,
  recoveryAttempts,
} from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { ownShareWallet, unsealRecoveryOpaque } from './service.ts';

/**
 * Online guessing limits of recovery passwords (issue 24 item 6). Every login start counts as a
 * failure until its finish succeeds.
 *
 * - Per (wallet, device key): `deviceFreeFailures` failures without delay, then each further
 *   failure locks that device key for `deviceBackoffBaseS` seconds doubling per failure (30 s,
 *   1 min, 2 min, ...), capped at `deviceBackoffCapS` (1 h). A success resets the device's count.
 *   Counts are forgotten `windowS` after the window's first failure.
 * - Per wallet: at most `walletCeiling` failures (20) in a `windowS` (24 h) window, whatever the
 *   device key; then every device waits for the window's end. This stops a distributed attack
 *   (many device keys) at 20 guesses a day. A success takes back its own start, nothing older.
 */
export const RECOVERY_LIMITS = {
  deviceFreeFailures: 3,
  deviceBackoffBaseS: 30,
  deviceBackoffCapS: 3600,
  walletCeiling: 20,
  windowS: 24 * 3600,
} as const;

/** Limits as {@link RECOVERY_LIMITS}, overridable in tests. */
export type RecoveryLimits = { [K in keyof typeof RECOVERY_LIMITS]: number };

/** How long a started OPAQUE login may be finished, in seconds. */
export const OPAQUE_LOGIN_TTL_S = 120;

/** The answer to every finish that cannot succeed (unknown, expired, used, foreign, wrong). */
export const OPAQUE_LOGIN_FAILED_MESSAGE = 'Invalid recovery password or expired recovery login';

const readyOnce = opaque.ready;

/** A key for one sealed OPAQUE value, derived (HKDF-SHA256) from the server's recovery key. */
function opaqueKey(ctx: ServerContext, purpose: 'server-setup' | 'login-state'): Uint8Array {
  return new Uint8Array(
    hkdfSync('sha256', ctx.keys.recoveryKey, 'latchkey', `latchkey opaque ${purpose} v1`, 32),
  );
}

/** {@link openBound} with the route's errors: every failure is a server fault (500). */
async function openOpaqueValue(key: Uint8Array, binding: Record<string, string>, jwe: string) {
  try {
    return await openBound(key, binding, jwe);
  } catch (cause) {
    if (cause instanceof SealedValueError) {
      throw new ApiError(
        'internal_error',
        cause.reason === 'elsewhere'
          ? 'A stored OPAQUE value belongs elsewhere'
          : 'A stored OPAQUE value is malformed',
      );
    }
    throw new ApiError('internal_error', 'A stored OPAQUE value cannot be opened', { cause });
  }
}

const setups = new WeakMap<ServerContext, Map<string, Promise<string>>>();

/**
 * The app's OPAQUE server setup (`server.createSetup()`), created on first use and stored sealed
 * in `apps.opaque_server_setup`. Race-safe: the first writer wins (`... WHERE IS NULL`), everyone
 * else reads the stored one. Cached per server context.
 * @throws ApiError `app_not_found` when the app does not exist.
 */
export function opaqueServerSetup(ctx: ServerContext, appId: string): Promise<string> {
  let perApp = setups.get(ctx);
  if (!perApp) setups.set(ctx, (perApp = new Map()));
  let setup = perApp.get(appId);
  if (!setup) {
    setup = loadOrCreateSetup(ctx, appId);
    perApp.set(appId, setup);
    setup.catch(() => perApp.delete(appId));
  }
  return setup;
}

async function loadOrCreateSetup(ctx: ServerContext, appId: string): Promise<string> {
  await readyOnce;
  const key = opaqueKey(ctx, 'server-setup');
  const binding = { appId, kind: 'opaque_server_setup' };
  const read = async () => {
    const [row] = await ctx.db
      .select({ setup: apps.opaqueServerSetup })
      .from(apps)
      .where(eq(apps.id, appId));
    if (!row) throw new ApiError('app_not_found', 'App not found');
    return row.setup;
  };
  const stored = await read();
  if (stored) return openOpaqueValue(key, binding, stored);
  const sealed = await sealBound(key, binding, opaque.server.createSetup());
  await ctx.db
    .update(apps)
    .set({ opaqueServerSetup: sealed })
    .where(and(eq(apps.id, appId), isNull(apps.opaqueServerSetup)));
  // Another process may have written first: use whatever is stored now.
  const winner = await read();
  if (!winner) throw new ApiError('internal_error', 'The OPAQUE server setup was not stored');
  return openOpaqueValue(key, binding, winner);
}

/**
 * Registration (RFC 9807 section 5.2, server side): evaluates the OPRF on the frame's blinded
 * password for the wallet at `address` (EIP-55). Stateless; the caller has checked a wallet
 * proof. @returns the base64url `RegistrationResponse`.
 * @throws ApiError `invalid_data` when `registrationRequest` is not a registration request.
 */
export async function opaqueRegister(
  ctx: ServerContext,
  appId: string,
  address: string,
  registrationRequest: string,
): Promise<string> {
  const serverSetup = await opaqueServerSetup(ctx, appId);
  try {
    return opaque.server.createRegistrationResponse({
      serverSetup,
      userIdentifier: opaqueUserIdentifier(appId, address),
      registrationRequest,
    }).registrationResponse;
  } catch (cause) {
    throw new ApiError('invalid_data', 'Invalid OPAQUE registration request', { cause });
  }
}

const deviceKey = (walletId: string, jkt: string) => `opaque:device:${walletId}:${jkt}`;
const walletKey = (walletId: string) => `opaque:wallet:${walletId}`;

/**
 * Counts one guess for (wallet, device key) and for the wallet, in one transaction, unless one
 * of them is locked.
 * @throws ApiError `recovery_attempts_exceeded` (429, `Retry-After` in seconds) while locked.
 */
async function countGuess(
  db: Db,
  walletId: string,
  jkt: string,
  nowMs: number,
  limits: RecoveryLimits,
): Promise<void> {
  const now = new Date(nowMs);
  const windowMs = limits.windowS * 1000;
  const locked = await db.transaction(async (tx) => {
    const keys = [walletKey(walletId), deviceKey(walletId, jkt)];
    await tx
      .insert(recoveryAttempts)
      .values(keys.map((key) => ({ key, failures: 0, windowStart: now })))
      .onConflictDoNothing();
    const rows = new Map<string, typeof recoveryAttempts.$inferSelect>();
    for (const key of keys) {
      const [row] = await tx
        .select()
        .from(recoveryAttempts)
        .where(eq(recoveryAttempts.key, key))
        .for('update');
      // A fresh window when the old one is over.
      rows.set(
        key,
        row!.windowStart.getTime() + windowMs <= nowMs
          ? { ...row!, failures: 0, windowStart: now, lockedUntil: null }
          : row!,
      );
    }
    const wallet = rows.get(keys[0]!)!;
    const device = rows.get(keys[1]!)!;
    const until = Math.max(
      wallet.lockedUntil?.getTime() ?? 0,
      device.lockedUntil?.getTime() ?? 0,
      wallet.failures >= limits.walletCeiling ? wallet.windowStart.getTime() + windowMs : 0,
    );
    if (until > nowMs) return until;
    const walletFailures = wallet.failures + 1;
    const deviceFailures = device.failures + 1;
    const backoffS =
      deviceFailures >= limits.deviceFreeFailures
        ? Math.min(
            limits.deviceBackoffBaseS * 2 ** (deviceFailures - limits.deviceFreeFailures),
            limits.deviceBackoffCapS,
          )
        : 0;
    await tx
      .update(recoveryAttempts)
      .set({ failures: walletFailures, windowStart: wallet.windowStart, lockedUntil: null })
      .where(eq(recoveryAttempts.key, wallet.key));
    await tx
      .update(recoveryAttempts)
      .set({
        failures: deviceFailures,
        windowStart: device.windowStart,
        lockedUntil: backoffS > 0 ? new Date(nowMs + backoffS * 1000) : null,
      })
      .where(eq(recoveryAttempts.key, device.key));
    return 0;
  });
  if (locked > nowMs) {
    throw new ApiError(
      'recovery_attempts_exceeded',
      'Too many recovery password attempts. Please try again later.',
      { retryAfterS: Math.ceil((locked - nowMs) / 1000) },
    );
  }
}

/** After a finished login: the device's count is reset and the wallet's takes back this start. */
async function forgiveGuess(db: Db, walletId: string, jkt: string): Promise<void> {
  await db.delete(recoveryAttempts).where(eq(recoveryAttempts.key, deviceKey(walletId, jkt)));
  await db
    .update(recoveryAttempts)
    .set({ failures: sql`greatest(${recoveryAttempts.failures} - 1, 0)` })
    .where(eq(recoveryAttempts.key, walletKey(walletId)));
}

/** Who asks for an OPAQUE login: the session's app and user, and its DPoP key thumbprint. */
export interface OpaqueCaller {
  appId: string;
  userId: string;
  /** RFC 7638 thumbprint of the frame key the session is bound to (`requireDpop`). */
  jkt: string;
}

/**
 * Login start (RFC 9807 section 6, server `KE2`): one counted password guess for the caller's
 * wallet at `address` from this device key. Stores the server login state sealed, single use,
 * {@link OPAQUE_LOGIN_TTL_S} seconds, bound to the wallet and the device key.
 * @throws ApiError `not_found` (404) when the caller has no wallet at `address` (either family;
 *   a derived wallet resolves to the wallet holding its shares, issue 22) or it has no
 *   OPAQUE record (a legacy or non-password wallet); `recovery_attempts_exceeded` (429) while
 *   the device key or the wallet is locked; `invalid_data` for a malformed `KE1`.
 */
export async function opaqueLoginStart(
  ctx: ServerContext,
  caller: OpaqueCaller,
  input: { address: string; start_login_request: string },
  limits: RecoveryLimits = RECOVERY_LIMITS,
): Promise<OpaqueLoginStartResponse> {
  // Issue 22: a derived wallet's address names the wallet holding its entropy's shares.
  const wallet = await ownShareWallet(ctx, caller.appId, caller.userId, input.address);
  if (wallet.recoveryMethod !== 'user-passcode' || !wallet.recoveryOpaqueRecord) {
    throw new ApiError('not_found', 'This wallet has no OPAQUE recovery password');
  }
  const { record, ksf } = await unsealRecoveryOpaque(ctx, wallet);
  const serverSetup = await opaqueServerSetup(ctx, caller.appId);
  let started: { serverLoginState: string; loginResponse: string };
  try {
    started = opaque.server.startLogin({
      serverSetup,
      userIdentifier: opaqueUserIdentifier(caller.appId, wallet.address),
      registrationRecord: record,
      startLoginRequest: input.start_login_request,
    });
  } catch (cause) {
    throw new ApiError('invalid_data', 'Invalid OPAQUE login request', { cause });
  }
  const nowMs = ctx.now();
  await countGuess(ctx.db, wallet.id, caller.jkt, nowMs, limits);
  const loginId = `opl_${randomToken(24)}`;
  await ctx.db.insert(opaqueLogins).values({
    id: loginId,
    walletId: wallet.id,
    deviceJkt: caller.jkt,
    state: await sealBound(
      opaqueKey(ctx, 'login-state'),
      { loginId, walletId: wallet.id, jkt: caller.jkt },
      started.serverLoginState,
    ),
    expiresAt: new Date(nowMs + OPAQUE_LOGIN_TTL_S * 1000),
  });
  if (Math.random() < 0.05) {
    await ctx.db.delete(opaqueLogins).where(lt(opaqueLogins.expiresAt, new Date(nowMs)));
  }
  return { login_id: loginId, login_response: started.loginResponse, ksf: ksf as OpaqueKsfId };
}

/**
 * Login finish (RFC 9807 section 6, server check of `KE3`): spends the login (whatever the
 * outcome), checks the caller's wallet and device key, runs `server.finishLogin`, and on success
 * resets the device's failures and releases the sealed share.
 * @throws ApiError `invalid_credentials` (422, {@link OPAQUE_LOGIN_FAILED_MESSAGE}) for an unknown,
 *   expired, used or another device's or user's login id, or a failed finish (the start already
 *   counted it as a failure).
 */
export async function opaqueLoginFinish(
  ctx: ServerContext,
  caller: OpaqueCaller,
  input: { login_id: string; finish_login_request: string },
): Promise<OpaqueLoginFinishResponse> {
  const failed = () => new ApiError('invalid_credentials', OPAQUE_LOGIN_FAILED_MESSAGE);
  const nowMs = ctx.now();
  // Only the device that started it can spend it: a stranger's finish neither burns nor opens it.
  const [login] = await ctx.db
    .delete(opaqueLogins)
    .where(
      and(
        eq(opaqueLogins.id, input.login_id),
        eq(opaqueLogins.deviceJkt, caller.jkt),
        gt(opaqueLogins.expiresAt, new Date(nowMs)),
      ),
    )
    .returning();
  if (!login) throw failed();
  const [wallet] = await ctx.db
    .select()
    .from(embeddedWallets)
    .where(eq(embeddedWallets.id, login.walletId));
  if (!wallet || wallet.appId !== caller.appId || wallet.userId !== caller.userId) throw failed();
  const serverLoginState = await openOpaqueValue(
    opaqueKey(ctx, 'login-state'),
    { loginId: login.id, walletId: wallet.id, jkt: caller.jkt },
    login.state,
  );
  try {
    opaque.server.finishLogin({
      serverLoginState,
      finishLoginRequest: input.finish_login_request,
    });
  } catch {
    throw failed();
  }
  const sealedShare = await releaseSealedShare(ctx, wallet);
  await forgiveGuess(ctx.db, wallet.id, caller.jkt);
  return { sealed_share: sealedShare };
}

async function releaseSealedShare(
  ctx: ServerContext,
  wallet: EmbeddedWalletRow,
): Promise<OpaqueSealedShareWire> {
  const { sealedShare } = await unsealRecoveryOpaque(ctx, wallet);
  return opaqueSealedShare.parse(sealedShare);
}
