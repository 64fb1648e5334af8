/**
 * MFA (issue 15; spec sections 2 "MFA", 4 "MFA enrolment" and "MFA prompt", 5, 9): TOTP
 * enrolment and verification, removal, and the freshness check the wallet share routes make.
 *
 * - TOTP is RFC 6238 through the `otpauth` package: SHA-1, 6 digits, 30 s steps, one step of
 *   drift either way; the secret (20 random bytes) is sealed at rest with the server's MFA key.
 *   Each step's code is accepted once (`mfa_enrolments.totp_last_step`, a conditional UPDATE).
 * - Wrong codes count per user (`mfaFailuresPerUser`, default 4 per 300 s, and a daily cap);
 *   past the cap every code is refused with `mfa_verification_max_attempts_reached` (429).
 * - A verification or an enrolment marks the session MFA-verified (`sessions.mfa_verified_at`)
 *   for `MFA_VERIFICATION_TTL_S`. The routes run behind `requireDpop`, so only the session's own
 *   frame key can do that: a stolen access token cannot.
 * - While a user has an enrolled method, {@link assertMfaFresh} refuses wallet shares to a
 *   session that is not MFA-verified, and adding or removing a method needs a verification too.
 */
import {
  MFA_CHANGE_NEEDS_VERIFICATION_MESSAGE,
  MFA_INVALID_CODE_MESSAGE,
  MFA_LABEL_ACCOUNT_TYPES,
  MFA_MAX_ATTEMPTS_MESSAGE,
  MFA_REQUIRED_MESSAGE,
  MFA_VERIFICATION_TTL_S,
  type MfaMethod,
  TOTP_PERIOD_S,
  TOTP_WINDOW_STEPS,
} from '@latchkey/api';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { ServerContext } from '../context.ts';
import { decryptString, encryptString } from '../crypto.ts';
import {
  type AppRow,
  linkedAccounts,
  type MfaEnrolmentRow,
  type MfaMethodColumn,
  mfaEnrolments,
  sessions,
  users,
} from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { hitRateLimits, peekRateLimits, type RateLimitState } from '../rate-limit.ts';

/** Seconds a pending TOTP enrolment (secret shown, no code yet) stays usable. */
export const MFA_ENROLLMENT_TTL_S = 600;

/** The session whose MFA the calls read and write: from the DPoP-verified access token. */
export interface MfaSession {
  appId: string;
  userId: string;
  sessionId: string;
}

/** What {@link mfaState} reads in one statement. */
export interface MfaState {
  methods: MfaMethodColumn[];
  verifiedAt: Date | null;
}

async function mfaState(ctx: ServerContext, s: MfaSession): Promise<MfaState> {
  const [row] = await ctx.db
    .select({ methods: users.mfaMethods, verifiedAt: sessions.mfaVerifiedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, s.sessionId), eq(sessions.userId, s.userId)));
  if (!row) throw new ApiError('missing_or_invalid_token', 'Missing or invalid token');
  return row;
}

/** Whether a verification at `verifiedAt` still counts at `nowMs`. */
function fresh(verifiedAt: Date | null, nowMs: number): boolean {
  return verifiedAt !== null && verifiedAt.getTime() + MFA_VERIFICATION_TTL_S * 1000 > nowMs;
}

/**
 * Refuses a wallet share (auth share, recovery share, OPAQUE recovery) to a session that has not
 * passed MFA within `MFA_VERIFICATION_TTL_S` seconds, when its user has an enrolled method.
 * A user without methods passes. One statement.
 *
 * @returns until when the verification holds (ms since the epoch), or null for a user without
 *   methods (the auth share answer passes it on, so the frame keeps the key no longer).
 * @throws ApiError `missing_or_invalid_mfa` (401, 'MFA verification required').
 */
export async function assertMfaFresh(ctx: ServerContext, s: MfaSession): Promise<number | null> {
  const state = await mfaState(ctx, s);
  if (state.methods.length === 0) return null;
  if (!fresh(state.verifiedAt, ctx.now())) {
    throw new ApiError('missing_or_invalid_mfa', MFA_REQUIRED_MESSAGE);
  }
  return state.verifiedAt!.getTime() + MFA_VERIFICATION_TTL_S * 1000;
}

/**
 * A user with methods may change them only from a freshly verified session (spec section 4).
 * @returns the user's methods and the session's last verification.
 * @throws ApiError `missing_or_invalid_mfa` (401, 'To add or delete verification methods, ...').
 */
export async function assertMayChangeMethods(ctx: ServerContext, s: MfaSession): Promise<MfaState> {
  const state = await mfaState(ctx, s);
  if (state.methods.length > 0 && !fresh(state.verifiedAt, ctx.now())) {
    throw new ApiError('missing_or_invalid_mfa', MFA_CHANGE_NEEDS_VERIFICATION_MESSAGE);
  }
  return state;
}

/** @throws ApiError `not_supported` (400) when the app does not offer `method`. */
export function assertAppAllows(app: AppRow, method: MfaMethod): void {
  if (!app.mfaMethods.includes(method)) {
    throw new ApiError('not_supported', `This app does not offer ${method} as a second factor`);
  }
}

const failureLimits = (ctx: ServerContext, userId: string) => [
  { key: `mfa-failures:user:${userId}`, rule: ctx.rateLimits.mfaFailuresPerUser },
  { key: `mfa-failures-day:user:${userId}`, rule: ctx.rateLimits.mfaFailuresPerUserDaily },
];

function assertUnderFailureCap(states: readonly RateLimitState[]): void {
  const blocked = states.find((state) => !state.allowed);
  if (blocked) {
    throw new ApiError('mfa_verification_max_attempts_reached', MFA_MAX_ATTEMPTS_MESSAGE, {
      retryAfterS: blocked.retryAfterS,
    });
  }
}

/**
 * Refuses every MFA attempt of a user past the failure caps (`mfaFailuresPerUser`, daily cap).
 * @throws ApiError `mfa_verification_max_attempts_reached` (429, Retry-After).
 */
export async function assertMfaAttemptsLeft(ctx: ServerContext, userId: string): Promise<void> {
  assertUnderFailureCap(await peekRateLimits(ctx.db, failureLimits(ctx, userId), ctx.now()));
}

/**
 * Counts a failed second factor against the user's caps and throws `missing_or_invalid_mfa`
 * (401; default message 'The code you entered is not valid').
 */
export async function wrongCode(
  ctx: ServerContext,
  userId: string,
  message: string = MFA_INVALID_CODE_MESSAGE,
): Promise<never> {
  await hitRateLimits(ctx.db, failureLimits(ctx, userId), ctx.now());
  throw new ApiError('missing_or_invalid_mfa', message);
}

/**
 * Runs a second-factor check for `userId` under the failure caps: refused at once past them, and
 * a refusal of `check` (`invalid_credentials`: a wrong, used or expired code or assertion) counted
 * and answered as `missing_or_invalid_mfa` with `message`.
 * @throws ApiError `mfa_verification_max_attempts_reached` (429), `missing_or_invalid_mfa` (401),
 *   or what `check` throws otherwise.
 */
export async function checkFactor<T>(
  ctx: ServerContext,
  userId: string,
  check: () => Promise<T>,
  message: string = MFA_INVALID_CODE_MESSAGE,
): Promise<T> {
  await assertMfaAttemptsLeft(ctx, userId);
  try {
    return await check();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'invalid_credentials') {
      return wrongCode(ctx, userId, message);
    }
    throw error;
  }
}

/** The transaction handle of `ctx.db.transaction`. */
type Tx = Parameters<Parameters<ServerContext['db']['transaction']>[0]>[0];

/** Adds `type` to `users.mfa_methods` (once) with `verified_at` = `nowMs`, in `tx`. */
export async function addMfaMethod(
  tx: Tx,
  userId: string,
  type: MfaMethod,
  nowMs: number,
): Promise<void> {
  const entry: MfaMethodColumn = { type, verified_at: Math.floor(nowMs / 1000) };
  await tx
    .update(users)
    .set({ mfaMethods: sql`${users.mfaMethods} || ${JSON.stringify([entry])}::jsonb` })
    .where(
      and(
        eq(users.id, userId),
        sql`NOT ${users.mfaMethods} @> ${JSON.stringify([{ type }])}::jsonb`,
      ),
    );
}

/** Marks the session MFA-verified at `nowMs`, in `tx` (or directly). */
export async function markSessionVerified(
  tx: Tx | ServerContext['db'],
  sessionId: string,
  nowMs: number,
): Promise<number> {
  await tx
    .update(sessions)
    .set({ mfaVerifiedAt: new Date(nowMs) })
    .where(eq(sessions.id, sessionId));
  return nowMs + MFA_VERIFICATION_TTL_S * 1000;
}

/** The `otpauth` TOTP of a base32 secret (RFC 6238 defaults the authenticator apps expect). */
function totpOf(secretBase32: string, issuer = '', label = 'Latchkey'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * The time step `code` belongs to at `nowMs` (unix seconds / 30), within one step either way,
 * or null when it matches none.
 */
function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: nowMs,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}

/** The label of the user in authenticator apps (`MFA_LABEL_ACCOUNT_TYPES`), else the user id. */
async function accountLabel(ctx: ServerContext, userId: string): Promise<string> {
  const accounts = await ctx.db
    .select({ type: linkedAccounts.type, subject: linkedAccounts.subject })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.userId, userId),
        inArray(linkedAccounts.type, [...MFA_LABEL_ACCOUNT_TYPES]),
      ),
    )
    .orderBy(asc(linkedAccounts.id));
  for (const type of MFA_LABEL_ACCOUNT_TYPES) {
    const account = accounts.find((a) => a.type === type);
    if (account) return account.subject;
  }
  return userId;
}

/**
 * The user's TOTP row: the enrolled one, or the pending one still within
 * {@link MFA_ENROLLMENT_TTL_S} of its creation at `nowMs`.
 */
async function totpEnrolment(
  ctx: ServerContext,
  userId: string,
  state: 'pending' | 'enrolled',
  nowMs: number,
): Promise<MfaEnrolmentRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(mfaEnrolments)
    .where(
      and(
        eq(mfaEnrolments.userId, userId),
        eq(mfaEnrolments.method, 'totp'),
        state === 'enrolled'
          ? isNotNull(mfaEnrolments.enrolledAt)
          : and(
              isNull(mfaEnrolments.enrolledAt),
              gt(mfaEnrolments.createdAt, new Date(nowMs - MFA_ENROLLMENT_TTL_S * 1000)),
            ),
      ),
    );
  return row;
}

/**
 * Starts a TOTP enrolment: a new secret (20 random bytes), sealed and kept pending for
 * {@link MFA_ENROLLMENT_TTL_S} seconds, replacing any earlier pending one.
 *
 * @returns the base32 secret and its `otpauth://totp/<app name>:<label>?...` URI.
 * @throws ApiError `not_supported` (400) when the app does not offer TOTP;
 *   `missing_or_invalid_mfa` (401) for a user with methods whose session is not MFA-verified;
 *   `invalid_data` (400) when TOTP is already enrolled.
 */
export async function initTotpEnrollment(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
): Promise<{ secret: string; authUrl: string }> {
  assertAppAllows(app, 'totp');
  const state = await assertMayChangeMethods(ctx, s);
  if (state.methods.some((m) => m.type === 'totp')) {
    throw new ApiError('invalid_data', 'An authenticator app is already enrolled; remove it first');
  }
  const secret = new Secret({ size: 20 }).base32;
  const sealed = await encryptString(secret, ctx.keys.mfaSecretKey);
  const now = new Date(ctx.now());
  await ctx.db
    .insert(mfaEnrolments)
    .values({ userId: s.userId, method: 'totp', secretSealed: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: [mfaEnrolments.userId, mfaEnrolments.method],
      set: { secretSealed: sealed, createdAt: now, totpLastStep: null },
      // An enrolled row is never replaced here (checked above; this guards a race).
      setWhere: isNull(mfaEnrolments.enrolledAt),
    });
  const label = await accountLabel(ctx, s.userId);
  return { secret, authUrl: totpOf(secret, app.name, label).toString() };
}

/**
 * Finishes a TOTP enrolment with the first code of the pending secret: the method is enrolled,
 * added to `users.mfa_methods`, and the session counts as MFA-verified (the user just proved
 * the factor).
 *
 * @throws ApiError `not_supported` (400); `missing_or_invalid_mfa` (401) when no enrolment is
 *   pending, it has expired, the code is wrong or its step was used, or the user has other
 *   methods and the session is not verified; `mfa_verification_max_attempts_reached` (429).
 */
export async function submitTotpEnrollment(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
  code: string,
): Promise<void> {
  assertAppAllows(app, 'totp');
  await assertMayChangeMethods(ctx, s);
  const nowMs = ctx.now();
  await assertMfaAttemptsLeft(ctx, s.userId);
  const pending = await totpEnrolment(ctx, s.userId, 'pending', nowMs);
  if (!pending?.secretSealed) {
    throw new ApiError('missing_or_invalid_mfa', 'No authenticator enrolment is pending');
  }
  const secret = await decryptString(pending.secretSealed, ctx.keys.mfaSecretKey);
  const step = totpStep(secret, code, nowMs);
  if (step === null) return wrongCode(ctx, s.userId);
  const now = new Date(nowMs);
  const enrolled = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(mfaEnrolments)
      .set({ enrolledAt: now, totpLastStep: step })
      .where(
        and(
          eq(mfaEnrolments.userId, s.userId),
          eq(mfaEnrolments.method, 'totp'),
          isNull(mfaEnrolments.enrolledAt),
          eq(mfaEnrolments.secretSealed, pending.secretSealed!),
        ),
      )
      .returning({ userId: mfaEnrolments.userId });
    if (rows.length === 0) return false;
    await addMfaMethod(tx, s.userId, 'totp', nowMs);
    await markSessionVerified(tx, s.sessionId, nowMs);
    return true;
  });
  if (!enrolled)
    throw new ApiError('missing_or_invalid_mfa', 'No authenticator enrolment is pending');
}

/**
 * Verifies a TOTP code of an enrolled user: the code's step must be later than the last accepted
 * one (each code works once), then the session counts as MFA-verified for
 * `MFA_VERIFICATION_TTL_S` seconds.
 *
 * @returns until when the session is verified, ms since the epoch.
 * @throws ApiError `missing_or_invalid_mfa` (401) when TOTP is not enrolled or the code is wrong
 *   or used; `mfa_verification_max_attempts_reached` (429, Retry-After) past the failure cap.
 */
export async function verifyTotp(ctx: ServerContext, s: MfaSession, code: string): Promise<number> {
  const nowMs = ctx.now();
  await assertMfaAttemptsLeft(ctx, s.userId);
  const enrolment = await totpEnrolment(ctx, s.userId, 'enrolled', nowMs);
  if (!enrolment?.secretSealed) {
    throw new ApiError('missing_or_invalid_mfa', 'No authenticator app is enrolled');
  }
  const secret = await decryptString(enrolment.secretSealed, ctx.keys.mfaSecretKey);
  const step = totpStep(secret, code, nowMs);
  if (step === null) return wrongCode(ctx, s.userId);
  const accepted = await ctx.db.transaction(async (tx) => {
    // Row-locked and conditional: of two submissions of one code, only the first matches.
    const rows = await tx
      .update(mfaEnrolments)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(mfaEnrolments.userId, s.userId),
          eq(mfaEnrolments.method, 'totp'),
          isNotNull(mfaEnrolments.enrolledAt),
          or(isNull(mfaEnrolments.totpLastStep), lt(mfaEnrolments.totpLastStep, step)),
        ),
      )
      .returning({ userId: mfaEnrolments.userId });
    if (rows.length === 0) return false;
    await markSessionVerified(tx, s.sessionId, nowMs);
    return true;
  });
  if (!accepted) return wrongCode(ctx, s.userId);
  return nowMs + MFA_VERIFICATION_TTL_S * 1000;
}

/**
 * Removes an enrolled method (spec section 4: 'remove a method'); needs a verified session.
 *
 * @throws ApiError `missing_or_invalid_mfa` (401) when the session is not MFA-verified;
 *   `invalid_data` (400) when the method is not enrolled.
 */
export async function unenrollMfa(
  ctx: ServerContext,
  s: MfaSession,
  method: MfaMethod,
): Promise<void> {
  const state = await assertMayChangeMethods(ctx, s);
  if (!state.methods.some((m) => m.type === method)) {
    throw new ApiError('invalid_data', `${method} is not enrolled`);
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(mfaEnrolments)
      .where(and(eq(mfaEnrolments.userId, s.userId), eq(mfaEnrolments.method, method)));
    if (method === 'passkey') {
      // The passkeys stay linked (they still log in); they are no longer second factors.
      await tx
        .update(linkedAccounts)
        .set({
          details: sql`jsonb_set(${linkedAccounts.details}, '{enrolled_in_mfa}', 'false'::jsonb)`,
        })
        .where(and(eq(linkedAccounts.userId, s.userId), eq(linkedAccounts.type, 'passkey')));
    }
    // Filtered in SQL, so a concurrent change of another method is not overwritten.
    await tx
      .update(users)
      .set({
        mfaMethods: sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb)
          FROM jsonb_array_elements(${users.mfaMethods}) AS e WHERE e->>'type' <> ${method})`,
      })
      .where(eq(users.id, s.userId));
  });
}
