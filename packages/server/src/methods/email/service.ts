/**
 * Email code login, server half (spec sections 4 "Email or SMS login", 5, 9; security
 * catalogue 16-24). Codes are 6 CSPRNG digits, stored only as HMAC-SHA256 bound to app,
 * channel and destination, valid CODE_TTL_S, at most CODE_MAX_ATTEMPTS submissions, single use.
 */
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_RESEND_COOLDOWN_S, CODE_TTL_S } from '@latchkey/api';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import { hexEqual, hmacHex, randomDigits } from '../../crypto.ts';
import { type AppRow, loginCodes } from '../../db/schema.ts';
import { ApiError, INVALID_CODE_MESSAGE } from '../../errors.ts';
import { assertAllowed, hitRateLimit, peekRateLimit } from '../../rate-limit.ts';
import { findOrCreateUserByAccount } from '../../users/service.ts';

const CHANNEL = 'email';

/** The email body of a login code. */
export function loginCodeEmail(appName: string, code: string): { subject: string; text: string } {
  return {
    subject: `Your ${appName} login code`,
    text: `Your ${appName} login code is ${code}. It expires in ${CODE_TTL_S / 60} minutes.`,
  };
}

const sendsKey = (appId: string, email: string) => `sends:${CHANNEL}:${appId}:${email}`;
const failuresKey = (appId: string, email: string) => `failures:${CHANNEL}:${appId}:${email}`;

function codeHash(ctx: ServerContext, appId: string, email: string, code: string): string {
  return hmacHex(ctx.keys.codePepper, [appId, CHANNEL, email, code]);
}

function assertEmailEnabled(app: AppRow): void {
  if (!app.emailAuth) {
    throw new ApiError('disallowed_login_method', 'Email login is not enabled for this app');
  }
}

/**
 * Sends a new login code to `email` (already normalised by `emailAddress`). The new code
 * replaces any earlier one, but not within CODE_RESEND_COOLDOWN_S of it.
 * The outcome is the same whether or not a user owns the address (catalogue 24).
 *
 * @param ip client IP, for the per-IP limit.
 * @throws ApiError `disallowed_login_method` (403) when email login is off;
 *   `too_many_requests` (429, with `retryAfterS`) for the per-IP limit, the per-destination send
 *   cap or the resend cooldown; `internal_error` (500) when delivery fails.
 */
export async function sendEmailCode(
  ctx: ServerContext,
  app: AppRow,
  email: string,
  ip: string,
): Promise<void> {
  assertEmailEnabled(app);
  const nowMs = ctx.now();
  assertAllowed(await hitRateLimit(ctx.db, `init:ip:${ip}`, ctx.rateLimits.initPerIp, nowMs));
  assertAllowed(
    await peekRateLimit(ctx.db, sendsKey(app.id, email), ctx.rateLimits.sendsPerDestination, nowMs),
  );

  const code = randomDigits(CODE_LENGTH);
  const values = {
    codeHash: codeHash(ctx, app.id, email, code),
    attempts: 0,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + CODE_TTL_S * 1000),
    consumedAt: null,
  };
  const cooldownCutoff = new Date(nowMs - CODE_RESEND_COOLDOWN_S * 1000).toISOString();
  // One statement: insert, or replace the old code only when its cooldown has passed.
  const written = await ctx.db
    .insert(loginCodes)
    .values({ appId: app.id, channel: CHANNEL, destination: email, ...values })
    .onConflictDoUpdate({
      target: [loginCodes.appId, loginCodes.channel, loginCodes.destination],
      set: values,
      setWhere: sql`${loginCodes.createdAt} <= ${cooldownCutoff}::timestamptz`,
    })
    .returning({ id: loginCodes.id });
  if (written.length === 0) {
    const [current] = await ctx.db
      .select({ createdAt: loginCodes.createdAt })
      .from(loginCodes)
      .where(codeWhere(app.id, email));
    const waitMs = (current?.createdAt.getTime() ?? nowMs) + CODE_RESEND_COOLDOWN_S * 1000 - nowMs;
    throw new ApiError('too_many_requests', 'Too many attempts.', {
      retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }
  await hitRateLimit(ctx.db, sendsKey(app.id, email), ctx.rateLimits.sendsPerDestination, nowMs);

  const message = loginCodeEmail(app.name, code);
  try {
    await ctx.delivery.send({ to: email, channel: CHANNEL, code, ...message });
  } catch (error) {
    // Let the user ask again at once: the code never reached them.
    await ctx.db.delete(loginCodes).where(eq(loginCodes.id, written[0]!.id));
    throw new ApiError('internal_error', 'Could not send the login code', { cause: error });
  }
}

function codeWhere(appId: string, email: string) {
  return and(
    eq(loginCodes.appId, appId),
    eq(loginCodes.channel, CHANNEL),
    eq(loginCodes.destination, email),
  );
}

/**
 * Checks a submitted code and consumes it. Every submission first reserves one attempt with a
 * single conditional UPDATE (`attempts < CODE_MAX_ATTEMPTS`, not consumed, not expired), so
 * concurrent guesses cannot evaluate more than CODE_MAX_ATTEMPTS times; consuming is a second
 * conditional UPDATE, so a code logs in once. Failures also count per destination across codes.
 *
 * @returns the user id (created on first login) and whether it is new.
 * @throws ApiError `invalid_credentials` (422, 'Invalid or expired verification code') for any
 *   wrong, expired, used, exhausted or unknown code; `too_many_requests` (429) for the per-IP
 *   limit or the per-destination failure cap; `disallowed_login_method` (403).
 */
export async function verifyEmailCode(
  ctx: ServerContext,
  app: AppRow,
  email: string,
  code: string,
  ip: string,
): Promise<{ userId: string; isNewUser: boolean }> {
  assertEmailEnabled(app);
  const nowMs = ctx.now();
  assertAllowed(
    await hitRateLimit(ctx.db, `authenticate:ip:${ip}`, ctx.rateLimits.authenticatePerIp, nowMs),
  );
  const failures = ctx.rateLimits.failuresPerDestination;
  assertAllowed(await peekRateLimit(ctx.db, failuresKey(app.id, email), failures, nowMs));

  const fail = async (): Promise<never> => {
    await hitRateLimit(ctx.db, failuresKey(app.id, email), failures, nowMs);
    throw new ApiError('invalid_credentials', INVALID_CODE_MESSAGE);
  };

  const [reserved] = await ctx.db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(
      and(
        codeWhere(app.id, email),
        isNull(loginCodes.consumedAt),
        lt(loginCodes.attempts, CODE_MAX_ATTEMPTS),
        gte(loginCodes.expiresAt, new Date(nowMs)),
      ),
    )
    .returning({ id: loginCodes.id, codeHash: loginCodes.codeHash });
  if (!reserved || !hexEqual(reserved.codeHash, codeHash(ctx, app.id, email, code))) {
    return fail();
  }
  const consumed = await ctx.db
    .update(loginCodes)
    .set({ consumedAt: new Date(nowMs) })
    .where(and(eq(loginCodes.id, reserved.id), isNull(loginCodes.consumedAt)))
    .returning({ id: loginCodes.id });
  if (consumed.length === 0) return fail();
  return findOrCreateUserByAccount(ctx.db, app.id, CHANNEL, email, nowMs);
}
