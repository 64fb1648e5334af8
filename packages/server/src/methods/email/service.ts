/**
 * Email code login, server half (spec sections 4 "Email or SMS login", 5, 9; security
 * catalogue 16-24): the `email` channel of the shared login-code engine
 * (`../passwordless/codes.ts`: HMAC-hashed 6-digit codes, 10 min, single use, 5 attempts,
 * 30 s resend cooldown, per-destination and per-IP limits).
 */
import { CODE_TTL_S } from '@latchkey/api';
import type { ServerContext } from '../../context.ts';
import type { AppRow } from '../../db/schema.ts';
import { type CodeChannel, sendLoginCode, verifyLoginCode } from '../passwordless/codes.ts';

/** The email body of a login code. */
export function loginCodeEmail(appName: string, code: string): { subject: string; text: string } {
  return {
    subject: `Your ${appName} login code`,
    text: `Your ${appName} login code is ${code}. It expires in ${CODE_TTL_S / 60} minutes.`,
  };
}

/** The email channel: addresses arrive normalised by `emailAddress` (trimmed, lower-cased). */
export const EMAIL_CHANNEL: CodeChannel = {
  channel: 'email',
  accountType: 'email',
  enabled: (app) => app.emailAuth,
  disabledMessage: 'Email login is not enabled for this app',
  normalize: (email) => email,
  message: loginCodeEmail,
};

/**
 * Sends a new login code to `email` (already normalised by `emailAddress`); see `sendLoginCode`.
 *
 * @param purpose `'login'` (allowlist applies) or `'link'` (a logged-in user's link or update).
 * @throws ApiError `allowlist_rejected` (403) for a login the allowlist refuses;
 *   `disallowed_login_method` (403) when email login is off;
 *   `too_many_requests` (429, with `retryAfterS`) for the per-IP limit, the per-destination send
 *   cap or the resend cooldown; `internal_error` (500) when delivery fails.
 */
export async function sendEmailCode(
  ctx: ServerContext,
  app: AppRow,
  email: string,
  ip: string,
  purpose: 'login' | 'link' = 'login',
): Promise<void> {
  await sendLoginCode(ctx, EMAIL_CHANNEL, app, email, ip, purpose);
}

/**
 * Checks a submitted email code and consumes it; see `verifyLoginCode`.
 *
 * @returns the user id (created on first login) and whether it is new.
 * @throws ApiError `invalid_credentials` (422), `too_many_requests` (429),
 *   `disallowed_login_method` (403); the login gates' `allowlist_rejected` (403),
 *   `user_does_not_exist` (404), `max_accounts_reached` (403).
 */
export function verifyEmailCode(
  ctx: ServerContext,
  app: AppRow,
  email: string,
  code: string,
  ip: string,
): Promise<{ userId: string; isNewUser: boolean }> {
  return verifyLoginCode(ctx, EMAIL_CHANNEL, app, email, code, ip);
}
