/**
 * SMS code login, server half (spec sections 4 "Email or SMS login", 5, 8, 9): the `sms`
 * channel of the shared login-code engine (`../passwordless/codes.ts`), so the limits are the
 * email flow's. Destinations are E.164 numbers; a login creates or finds a `phone` account.
 */
import { CODE_TTL_S } from '@latchkey/api';
import type { ServerContext } from '../../context.ts';
import type { AppRow } from '../../db/schema.ts';
import { type CodeChannel, sendLoginCode, verifyLoginCode } from '../passwordless/codes.ts';
import { toE164 } from './phone.ts';

/** The text message of a login code. */
export function loginCodeSms(appName: string, code: string): { subject: null; text: string } {
  return {
    subject: null,
    text: `Your ${appName} login code is ${code}. It expires in ${CODE_TTL_S / 60} minutes.`,
  };
}

/** The SMS channel: numbers normalised to E.164, `phone` accounts, the app's `sms_auth` flag. */
export const SMS_CHANNEL: CodeChannel = {
  channel: 'sms',
  accountType: 'phone',
  enabled: (app) => app.smsAuth,
  disabledMessage: 'SMS login is not enabled for this app',
  normalize: toE164,
  message: loginCodeSms,
};

/**
 * Texts a new login code to `phoneNumber` (any form libphonenumber-js parses; stored E.164).
 *
 * @param purpose `'login'` (allowlist applies) or `'link'` (a logged-in user's link).
 * @returns the E.164 number.
 * @throws ApiError `allowlist_rejected` (403) for a login the allowlist refuses;
 *   `invalid_data` (400) for a bad number; `disallowed_login_method` (403);
 *   `too_many_requests` (429); `not_supported` (400) / `twilio_verification_failed` (502) from
 *   the SMS provider; `internal_error` (500) for other delivery failures.
 */
export function sendSmsCode(
  ctx: ServerContext,
  app: AppRow,
  phoneNumber: string,
  ip: string,
  purpose: 'login' | 'link' = 'login',
): Promise<string> {
  return sendLoginCode(ctx, SMS_CHANNEL, app, phoneNumber, ip, purpose);
}

/**
 * Checks a texted code and consumes it.
 *
 * @returns the user id (created on first login) and whether it is new.
 * @throws ApiError `invalid_credentials` (422), `too_many_requests` (429),
 *   `disallowed_login_method` (403), `invalid_data` (400); the login gates'
 *   `allowlist_rejected` (403), `user_does_not_exist` (404), `max_accounts_reached` (403).
 */
export function verifySmsCode(
  ctx: ServerContext,
  app: AppRow,
  phoneNumber: string,
  code: string,
  ip: string,
): Promise<{ userId: string; isNewUser: boolean }> {
  return verifyLoginCode(ctx, SMS_CHANNEL, app, phoneNumber, code, ip);
}
