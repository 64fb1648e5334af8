/**
 * SMS as a second factor (issue 15; spec sections 4 "MFA enrolment", 5, 7): codes texted through
 * the login-code engine (`methods/passwordless/codes.ts`) under their own kind, `sms-mfa`, so an
 * MFA code never logs in and a login code never passes MFA, with the engine's limits (6 digits,
 * 10 minutes, 5 submissions per code, resend cooldown, per-number send and failure caps) plus the
 * per-user MFA failure caps.
 *
 * A user whose login method is SMS cannot enrol SMS as the second factor (spec section 5): the
 * second factor must be something else.
 */
import { CODE_TTL_S } from '@latchkey/api';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { type AppRow, linkedAccounts, mfaEnrolments } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import {
  type CodeChannel,
  consumeLoginCode,
  sendLoginCode,
} from '../methods/passwordless/codes.ts';
import { toE164 } from '../methods/sms/phone.ts';
import {
  addMfaMethod,
  assertAppAllows,
  assertMayChangeMethods,
  checkFactor,
  markSessionVerified,
  type MfaSession,
} from './service.ts';

/** The text of an MFA code. */
export function mfaCodeSms(appName: string, code: string): { subject: null; text: string } {
  return {
    subject: null,
    text: `Your ${appName} verification code is ${code}. It expires in ${CODE_TTL_S / 60} minutes.`,
  };
}

/** The `sms-mfa` code kind: texted like login codes, stored and limited apart from them. */
export const SMS_MFA_CHANNEL: CodeChannel = {
  channel: 'sms',
  kind: 'sms-mfa',
  accountType: 'phone',
  // Enrolment checks the app's `mfa_methods` itself; an enrolled user keeps verifying even if
  // the app later stops offering SMS, so the wallet is never locked behind a removed factor.
  enabled: () => true,
  disabledMessage: 'This app does not offer SMS as a second factor',
  normalize: toE164,
  message: mfaCodeSms,
};

async function enrolledNumber(ctx: ServerContext, userId: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ phoneNumber: mfaEnrolments.phoneNumber })
    .from(mfaEnrolments)
    .where(
      and(
        eq(mfaEnrolments.userId, userId),
        eq(mfaEnrolments.method, 'sms'),
        isNotNull(mfaEnrolments.enrolledAt),
      ),
    );
  return row?.phoneNumber ?? undefined;
}

async function assertNoSmsLogin(ctx: ServerContext, userId: string): Promise<void> {
  const [phone] = await ctx.db
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.type, 'phone')))
    .limit(1);
  if (phone) {
    throw new ApiError(
      'invalid_data',
      'SMS is this account’s login method; choose another second factor',
    );
  }
}

/**
 * Texts an MFA code (`POST /api/v1/mfa/passwordless_sms/init`): to `phoneNumber` for an
 * enrolment (`action: 'enroll'`), or to the enrolled number for a verification.
 *
 * @throws ApiError for an enrolment `not_supported` (400) when the app does not offer SMS,
 *   `missing_or_invalid_mfa` (401) when the user has methods and the session is not verified,
 *   `invalid_data` (400) for a bad number, SMS already enrolled, or a user who logs in by SMS;
 *   for a verification `missing_or_invalid_mfa` (401) when no number is enrolled;
 *   `too_many_requests` (429) and the SMS provider's errors from the code engine.
 */
export async function sendMfaSms(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
  request: { action: 'enroll'; phoneNumber: string } | { action: 'verify' },
  ip: string,
): Promise<void> {
  if (request.action === 'enroll') {
    assertAppAllows(app, 'sms');
    const state = await assertMayChangeMethods(ctx, s);
    if (state.methods.some((m) => m.type === 'sms')) {
      throw new ApiError('invalid_data', 'SMS is already enrolled; remove it first');
    }
    await assertNoSmsLogin(ctx, s.userId);
    await sendLoginCode(ctx, SMS_MFA_CHANNEL, app, request.phoneNumber, ip, 'link');
    return;
  }
  const number = await enrolledNumber(ctx, s.userId);
  if (!number) throw new ApiError('missing_or_invalid_mfa', 'No phone number is enrolled');
  await sendLoginCode(ctx, SMS_MFA_CHANNEL, app, number, ip, 'link');
}

/** The code engine's check, under the user's MFA failure caps (`checkFactor`). */
function consumeMfaCode(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
  number: string,
  code: string,
  ip: string,
): Promise<string> {
  return checkFactor(ctx, s.userId, () =>
    consumeLoginCode(ctx, SMS_MFA_CHANNEL, app, number, code, ip),
  );
}

/**
 * Enrols the number a code was texted to (`POST /api/v1/mfa/passwordless_sms/enroll`); the
 * session counts as MFA-verified.
 *
 * @throws as {@link sendMfaSms}'s enrolment; `missing_or_invalid_mfa` (401) for a wrong, used or
 *   expired code; `mfa_verification_max_attempts_reached` (429).
 */
export async function enrollMfaSms(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
  phoneNumber: string,
  code: string,
  ip: string,
): Promise<void> {
  assertAppAllows(app, 'sms');
  const state = await assertMayChangeMethods(ctx, s);
  if (state.methods.some((m) => m.type === 'sms')) {
    throw new ApiError('invalid_data', 'SMS is already enrolled; remove it first');
  }
  const number = toE164(phoneNumber);
  await consumeMfaCode(ctx, app, s, number, code, ip);
  const nowMs = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(mfaEnrolments)
      .values({
        userId: s.userId,
        method: 'sms',
        phoneNumber: number,
        createdAt: new Date(nowMs),
        enrolledAt: new Date(nowMs),
      })
      .onConflictDoUpdate({
        target: [mfaEnrolments.userId, mfaEnrolments.method],
        set: { phoneNumber: number, createdAt: new Date(nowMs), enrolledAt: new Date(nowMs) },
      });
    await addMfaMethod(tx, s.userId, 'sms', nowMs);
    await markSessionVerified(tx, s.sessionId, nowMs);
  });
}

/**
 * Verifies a texted MFA code (`POST /api/v1/mfa/passwordless_sms/verify`).
 *
 * @returns until when the session is verified, ms since the epoch.
 * @throws ApiError `missing_or_invalid_mfa` (401) when no number is enrolled or the code is
 *   wrong, used or expired; `mfa_verification_max_attempts_reached` (429).
 */
export async function verifyMfaSms(
  ctx: ServerContext,
  app: AppRow,
  s: MfaSession,
  code: string,
  ip: string,
): Promise<number> {
  const number = await enrolledNumber(ctx, s.userId);
  if (!number) throw new ApiError('missing_or_invalid_mfa', 'No phone number is enrolled');
  await consumeMfaCode(ctx, app, s, number, code, ip);
  return markSessionVerified(ctx.db, s.sessionId, ctx.now());
}
