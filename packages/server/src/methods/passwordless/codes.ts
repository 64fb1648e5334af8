/**
 * The login-code engine shared by every code channel (email, SMS): spec sections 4
 * "Email or SMS login", 5 and 9; security catalogue 16-24. Codes are 6 CSPRNG digits, stored
 * only as HMAC-SHA256 bound to app, channel and destination, valid CODE_TTL_S, at most
 * CODE_MAX_ATTEMPTS submissions (reserved atomically), single use, CODE_RESEND_COOLDOWN_S
 * between sends, per-destination send and failure caps (each per destination and IP, under a
 * larger global cap per destination) and per-IP flood limits (see `RateLimitConfig`).
 *
 * A channel is a {@link CodeChannel}: the `login_codes.channel` value, the linked-account type
 * it logs in, the app flag that enables it, how a raw destination is normalised and the message.
 */
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_RESEND_COOLDOWN_S, CODE_TTL_S } from '@latchkey/api';
import { and, eq, gte, isNull, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { ServerContext } from '../../context.ts';
import { hmacHex, randomDigits } from '../../crypto.ts';
import { executePrepared } from '../../db/prepared.ts';
import { type AppRow, loginCodes } from '../../db/schema.ts';
import { ApiError, INVALID_CODE_MESSAGE } from '../../errors.ts';
import {
  assertAllAllowed,
  assertAllowed,
  hitRateLimits,
  hitRateLimitsWithin,
  limitsNotReached,
  peekRateLimits,
} from '../../rate-limit.ts';
import { assertLoginAllowlisted } from '../../users/gates.ts';
import type { ProvenLogin } from '../../sessions/answer.ts';
import {
  type CreateSessionOptions,
  issueStartedSession,
  newSessionStart,
  sessionInsertAfterLogin,
} from '../../sessions/service.ts';
import { findOrCreateUserByAccountAfter, type LoginProof } from '../../users/service.ts';

/** What a stored code is for (`login_codes.channel`): a login or link code, or an MFA code. */
export type CodeKind = 'email' | 'sms' | 'sms-mfa';

/** One way of delivering login codes. */
export interface CodeChannel {
  /** The delivery channel, and `login_codes.channel` unless {@link CodeChannel.kind} is set. */
  channel: 'email' | 'sms';
  /**
   * `login_codes.channel` and the rate-limit key prefix when it differs from the delivery
   * channel: `sms-mfa` for second-factor codes (issue 15), so an MFA code can never log in and a
   * login code never passes MFA. Default: `channel`.
   */
  kind?: CodeKind;
  /** `linked_accounts.type` of the account a code logs in (`email`, `phone`). */
  accountType: string;
  /** Whether the app allows this channel; otherwise `disallowed_login_method` with `disabledMessage`. */
  enabled(app: AppRow): boolean;
  disabledMessage: string;
  /**
   * The canonical destination (the account subject) of a raw one, e.g. E.164 for a phone number.
   * @throws ApiError `invalid_data` when it is not a destination of this channel.
   */
  normalize(raw: string): string;
  /** The message carrying `code`: a subject (null for SMS) and a plain-text body. */
  message(appName: string, code: string): { subject: string | null; text: string };
}

const kindOf = (ch: CodeChannel): CodeKind => ch.kind ?? ch.channel;

const sendsKey = (ch: CodeChannel, appId: string, to: string) =>
  `sends:${kindOf(ch)}:${appId}:${to}`;
const sendsIpKey = (ch: CodeChannel, appId: string, to: string, ip: string) =>
  `sends-ip:${kindOf(ch)}:${appId}:${to}:${ip}`;
const failuresKey = (ch: CodeChannel, appId: string, to: string) =>
  `failures:${kindOf(ch)}:${appId}:${to}`;
const failuresIpKey = (ch: CodeChannel, appId: string, to: string, ip: string) =>
  `failures-ip:${kindOf(ch)}:${appId}:${to}:${ip}`;

function codeHash(ctx: ServerContext, ch: CodeChannel, appId: string, to: string, code: string) {
  return hmacHex(ctx.keys.codePepper, [appId, kindOf(ch), to, code]);
}

function assertEnabled(ch: CodeChannel, app: AppRow): void {
  if (!ch.enabled(app)) throw new ApiError('disallowed_login_method', ch.disabledMessage);
}

function codeWhere(ch: CodeChannel, appId: string, to: string) {
  return and(
    eq(loginCodes.appId, appId),
    eq(loginCodes.channel, kindOf(ch)),
    eq(loginCodes.destination, to),
  );
}

/**
 * Sends a new login code to `rawDestination` over `ch`. The new code replaces any earlier one,
 * but not within CODE_RESEND_COOLDOWN_S of it. The outcome is the same whether or not a user
 * owns the destination (catalogue 24). The send caps hold under concurrent sends (on
 * PostgreSQL too): a send is counted under each cap atomically before its code is stored.
 *
 * A login (`purpose: 'login'`) passes the allowlist first (spec section 2; issue 6): an address
 * the allowlist rejects never receives a code. A link or update (`'link'`, bearer token) skips it.
 *
 * @param ip client IP, for the per-IP limit and the per-destination-and-IP send cap.
 * @param purpose `'login'` (default) or `'link'` (a logged-in user adding or changing it).
 * @returns the normalised destination the code went to.
 * @throws ApiError `allowlist_rejected` (403) for a login the allowlist refuses;
 *   `disallowed_login_method` (403) when the channel is off; `invalid_data` (400)
 *   for a destination the channel cannot parse; `too_many_requests` (429, with `retryAfterS`)
 *   for the per-IP limit, a per-destination send cap (global or for this IP) or the resend
 *   cooldown; an `ApiError`
 *   thrown by the delivery (e.g. `not_supported`, `twilio_verification_failed`) as is;
 *   `internal_error` (500) for any other delivery failure.
 */
export async function sendLoginCode(
  ctx: ServerContext,
  ch: CodeChannel,
  app: AppRow,
  rawDestination: string,
  ip: string,
  purpose: 'login' | 'link' = 'login',
): Promise<string> {
  assertEnabled(ch, app);
  const to = ch.normalize(rawDestination);
  const nowMs = ctx.now();
  assertAllowed(ctx.floodLimits.hit(`init:ip:${ip}`, ctx.rateLimits.initPerIp, nowMs));
  if (purpose === 'login') {
    await assertLoginAllowlisted(ctx.db, app, { type: ch.accountType, subject: to });
  }
  const { sendsPerDestination, sendsPerDestinationIp } = ctx.rateLimits;
  // Both send caps, checked and counted by the code's write (issue 13), the narrower first: a
  // client refused by its own cap (per destination and IP) does not spend the destination's.
  const sendLimits = [
    { key: sendsIpKey(ch, app.id, to, ip), rule: sendsPerDestinationIp },
    { key: sendsKey(ch, app.id, to), rule: sendsPerDestination },
  ];
  const code = randomDigits(CODE_LENGTH);
  const codeHashHex = codeHash(ctx, ch, app.id, to, code);
  const now = new Date(nowMs).toISOString();
  const expires = new Date(nowMs + CODE_TTL_S * 1000).toISOString();
  const cooldownCutoff = new Date(nowMs - CODE_RESEND_COOLDOWN_S * 1000).toISOString();
  // A code blocks a new one while its cooldown runs, unless it was used (a consumed code blocks
  // nothing: the next login or link may ask for a new one at once; the send caps still bound
  // sends).
  const cooling = (codes: SQLWrapper) =>
    sql`${codes}.created_at > ${cooldownCutoff}::timestamptz AND ${codes}.consumed_at IS NULL`;
  // The send is counted first, then the code stored (issue 13: one statement; it was a peek of
  // the send caps, the write, then the count). The counting upserts check each cap on the
  // counter's latest row under its row lock (`hitRateLimitsWithin`), so concurrent sends
  // cannot pass a cap together, as they could when the caps were peeked under the statement's
  // snapshot before the write (on PostgreSQL; PGlite runs one statement at a time). The code
  // is written only when both caps counted it. Nothing is counted while a cap is reached
  // (`limitsNotReached`, under the snapshot, before any counter is touched) or the
  // destination's code is in its cooldown: `locked` reads that code's latest version under
  // its row lock, so a concurrent resend waits for the send before it and sees its code. What
  // a race can still count without a send (never past a cap): two concurrent first sends to a
  // new destination (no row to lock yet) both count and only one stores its code (the
  // cooldown of the write's ON CONFLICT refuses the other); a send refused by the
  // destination's cap reached concurrently has counted under its per-IP cap.
  // Prepared (issue 13): its text is the same on every send.
  const counting = hitRateLimitsWithin(
    sendLimits,
    nowMs,
    sql`NOT EXISTS (SELECT 1 FROM locked WHERE ${cooling(sql.identifier('locked'))})
      AND ${limitsNotReached(sendLimits, nowMs)}`,
    'counted',
  );
  const { rows: written } = await executePrepared<{ id: number | string }>(
    ctx.db,
    sql`
    WITH locked AS (
      SELECT created_at, consumed_at FROM ${loginCodes} WHERE ${codeWhere(ch, app.id, to)}
      FOR UPDATE
    ), ${counting.ctes}, written AS (
      INSERT INTO ${loginCodes} (app_id, channel, destination, code_hash, attempts, created_at,
        expires_at, consumed_at)
      SELECT ${app.id}, ${kindOf(ch)}, ${to}, ${codeHashHex}, 0, ${now}::timestamptz,
        ${expires}::timestamptz, NULL
      FROM ${counting.last}
      ON CONFLICT (app_id, channel, destination) DO UPDATE SET code_hash = EXCLUDED.code_hash,
        attempts = 0, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at,
        consumed_at = NULL
      WHERE NOT (${cooling(loginCodes)})
      RETURNING id
    )
    SELECT id FROM written`,
  );
  if (written.length === 0) {
    // Nothing stored: a reached send cap (429 with its window), else the resend cooldown.
    assertAllAllowed(await peekRateLimits(ctx.db, sendLimits, nowMs));
    const [current] = await ctx.db
      .select({ createdAt: loginCodes.createdAt })
      .from(loginCodes)
      .where(codeWhere(ch, app.id, to));
    const waitMs = (current?.createdAt.getTime() ?? nowMs) + CODE_RESEND_COOLDOWN_S * 1000 - nowMs;
    throw new ApiError('too_many_requests', 'Too many attempts.', {
      retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }

  const message = ch.message(app.name, code);
  try {
    await ctx.delivery.send({ to, channel: ch.channel, code, ...message });
  } catch (error) {
    // Let the user ask again at once: the code never reached them.
    await ctx.db.delete(loginCodes).where(eq(loginCodes.id, Number(written[0]!.id)));
    if (error instanceof ApiError) throw error;
    throw new ApiError('internal_error', 'Could not send the login code', { cause: error });
  }
  return to;
}

/**
 * Checks a submitted code and consumes it, without logging anyone in (the code check shared by
 * login, link and update). Every submission first reserves one attempt with a
 * single conditional UPDATE (`attempts < CODE_MAX_ATTEMPTS`, not consumed, not expired), so
 * concurrent guesses cannot evaluate more than CODE_MAX_ATTEMPTS times; the same UPDATE
 * consumes a right code, so a code logs in once. Failures also count across codes, per destination
 * and IP (`failuresPerDestinationIp`) and per destination from all IPs
 * (`failuresPerDestination`): a stranger's wrong codes from one IP cap that IP, not the owner,
 * who can ask for a fresh code and use it from another IP.
 *
 * @returns the normalised destination the code was for.
 * @throws ApiError `invalid_credentials` (422, 'Invalid or expired verification code') for any
 *   wrong, expired, used, exhausted or unknown code; `too_many_requests` (429) for the per-IP
 *   limit or a per-destination failure cap (for this IP, or global);
 *   `disallowed_login_method` (403); `invalid_data`
 *   (400) for an unparsable destination.
 */
export async function consumeLoginCode(
  ctx: ServerContext,
  ch: CodeChannel,
  app: AppRow,
  rawDestination: string,
  code: string,
  ip: string,
): Promise<string> {
  const submission = submitted(ctx, ch, app, rawDestination, code, ip);
  const [checked] = await submission.check;
  await submission.settle(checked ? checked.passed : null);
  return submission.to;
}

/**
 * A submitted code, before it is checked: the channel's flag, the destination and the per-IP
 * flood guard passed, with {@link CodeSubmission.check}, the statement that checks it (shared
 * by {@link consumeLoginCode} and {@link verifyLoginCode}), and what follows it.
 */
interface CodeSubmission {
  /** The normalised destination. */
  to: string;
  /**
   * One conditional UPDATE that reserves an attempt and, when the code is right, consumes it
   * (see {@link consumeLoginCode}); returns `passed` (true when this submission consumed it),
   * no row when nothing matched. Run as is, or as the {@link LoginProof} of a login.
   */
  check: LoginProof & PromiseLike<{ passed: boolean }[]>;
  /**
   * After the check: resolves when `passed` is true; else throws, counting a failure under
   * both failure caps when the submission was evaluated (or matched no live code while
   * neither cap is reached).
   */
  settle(passed: boolean | null): Promise<void>;
}

/** See {@link CodeSubmission}. @throws as {@link consumeLoginCode}, before anything is checked. */
function submitted(
  ctx: ServerContext,
  ch: CodeChannel,
  app: AppRow,
  rawDestination: string,
  code: string,
  ip: string,
): CodeSubmission {
  assertEnabled(ch, app);
  const to = ch.normalize(rawDestination);
  const nowMs = ctx.now();
  assertAllowed(
    ctx.floodLimits.hit(`authenticate:ip:${ip}`, ctx.rateLimits.authenticatePerIp, nowMs),
  );
  const { failuresPerDestination: failures, failuresPerDestinationIp: failuresIp } = ctx.rateLimits;
  // Both failure caps, checked by the code's update and counted in one statement (issue 13).
  const failureLimits = [
    { key: failuresIpKey(ch, app.id, to, ip), rule: failuresIp },
    { key: failuresKey(ch, app.id, to), rule: failures },
  ];

  // One conditional UPDATE reserves an attempt and, when the code is right, consumes it
  // (issue 13: it was two), and only while neither failure cap is reached (issue 13: that was
  // a peek before it), so a reached cap refuses before the code is charged an attempt.
  // Row-locked, so concurrent guesses cannot evaluate more than CODE_MAX_ATTEMPTS times and a
  // right code consumes once: a second submission finds `consumed_at` set and matches no row.
  // The comparison is of HMAC digests the submitter cannot choose, so comparing them in SQL
  // (not in constant time) reveals nothing.
  const check = ctx.db
    .update(loginCodes)
    .set({
      attempts: sql`${loginCodes.attempts} + 1`,
      consumedAt: sql`CASE WHEN ${loginCodes.codeHash} = ${codeHash(ctx, ch, app.id, to, code)}
        THEN ${new Date(nowMs).toISOString()}::timestamptz END`,
    })
    .where(
      and(
        codeWhere(ch, app.id, to),
        isNull(loginCodes.consumedAt),
        lt(loginCodes.attempts, CODE_MAX_ATTEMPTS),
        gte(loginCodes.expiresAt, new Date(nowMs)),
        limitsNotReached(failureLimits, nowMs),
      ),
    )
    .returning({ passed: sql<boolean>`${loginCodes.consumedAt} IS NOT NULL`.as('passed') });

  const settle = async (passed: boolean | null) => {
    if (passed) return;
    // Nothing matched: a reached failure cap (429 with its window), else no live code with
    // attempts left (a wrong, used, expired or unknown code: counted as a failure).
    if (passed === null) assertAllAllowed(await peekRateLimits(ctx.db, failureLimits, nowMs));
    await hitRateLimits(ctx.db, failureLimits, nowMs);
    throw new ApiError('invalid_credentials', INVALID_CODE_MESSAGE);
  };
  return { to, check, settle };
}

/**
 * Logs in with a submitted code: {@link consumeLoginCode}, then the user owning the
 * `ch.accountType` account of the destination, or a new one, through the login gates. In an
 * app without an allowlist the code's check and the login are one statement (issue 13: they
 * were two; see `findOrCreateUserByAccountAfter`): the account is touched or created only when
 * the check consumed the code.
 *
 * With `options.startSession` (a login route), the session of the login joins that statement
 * too (issue 13: it was a statement of its own), inserted only when the code was consumed and
 * the user found or created there: `session` of the answer holds its tokens. Without it, or
 * when the login took the other path (allowlist, gated sign-up, concurrent creation), there is
 * no `session` and the caller starts one (`loginAnswer` does).
 *
 * @returns the user id (created on first login), whether it is new, and the started session.
 * @throws as {@link consumeLoginCode}; ApiError `allowlist_rejected` (403),
 *   `user_does_not_exist` (404) when sign-ups are disabled, `max_accounts_reached` (403).
 */
export async function verifyLoginCode(
  ctx: ServerContext,
  ch: CodeChannel,
  app: AppRow,
  rawDestination: string,
  code: string,
  ip: string,
  options: { startSession?: CreateSessionOptions } = {},
): Promise<ProvenLogin> {
  const submission = submitted(ctx, ch, app, rawDestination, code, ip);
  const account = { type: ch.accountType, subject: submission.to };
  const start = options.startSession && newSessionStart(ctx, app.id, options.startSession);
  const { passed, login, followedUp } = await findOrCreateUserByAccountAfter(
    ctx.db,
    app,
    account,
    ctx.now(),
    submission.check,
    start && sessionInsertAfterLogin(start),
  );
  await submission.settle(passed);
  if (!start || !followedUp) return login!;
  const session = await issueStartedSession(ctx, start, login!.userId, followedUp.user);
  return { ...login!, session: { ...session, appId: app.id } };
}
