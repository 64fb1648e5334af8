/**
 * The SMS method's client actions (spec sections 4 and 5; issues 6 and 11): text a code, log
 * in with it, link a phone number, unlink one.
 */
import { bearerIfLoggedIn } from '../../actions/bearerIfLoggedIn.ts';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { updateUser } from '../../actions/updateUser.ts';
import { InvalidInputError } from '../../errors/session.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';
import { checkCode } from '../passwordless/checkCode.ts';

/** Parameters of {@link SmsActions.sendSmsCode}: E.164 or '+callingcode number'. */
export type SendSmsCodeParameters = { phoneNumber: string; captchaToken?: string };
/** Parameters of {@link SmsActions.loginWithSmsCode}. */
export type LoginWithSmsCodeParameters = { phoneNumber: string; code: string };
/** Parameters of {@link SmsActions.linkWithSmsCode}: E.164 or '+callingcode number'. */
export type LinkWithSmsCodeParameters = { phoneNumber: string; code: string };

/** The SMS method's part of the client. */
export interface SmsActions {
  /**
   * Texts a login code (spec section 4; `POST /api/v1/passwordless_sms/init`). Never retried.
   * `phoneNumber` is the phone input's `qualifiedPhoneNumber` ('+1 4155552671') or E.164.
   * @throws {InvalidInputError} for an empty number; `ApiError` `invalid_data` for one the server
   *   cannot parse, `not_supported` / `twilio_verification_failed` from the SMS provider.
   */
  sendSmsCode(parameters: SendSmsCodeParameters): Promise<void>;
  /** Logs in (or signs up) with a texted code (`POST /api/v1/passwordless_sms/authenticate`). */
  loginWithSmsCode(parameters: LoginWithSmsCodeParameters): Promise<AuthenticateResult>;
  /**
   * Links a phone number with the code `sendSmsCode` texted to it
   * (`POST /api/v1/passwordless_sms/link`). @throws `ApiError` 422 for a wrong or expired code, `linked_to_another_user`,
   *   `cannot_link_more_of_type`.
   */
  linkWithSmsCode(parameters: LinkWithSmsCodeParameters): Promise<User>;
  /** `POST /api/v1/passwordless_sms/unlink` `{phoneNumber}`. @throws `ApiError` `cannot_unlink_last_account`, `account_not_linked`. */
  unlinkPhone(phoneNumber: string): Promise<User>;
}

/**
 * Builds the SMS actions on `store`.
 * @throws (from the actions) {@link InvalidInputError} for an empty number or a non-numeric
 *   link code; `AlreadyLoggedInError` on a login while logged in; `LatchkeyError`
 *   `missing_or_invalid_token` on a link or unlink while logged out; `ApiError` as answered.
 */
export function smsActions(store: SessionStore): SmsActions {
  const { api, text } = store;
  return {
    async sendSmsCode({ phoneNumber, captchaToken }) {
      const trimmed = phoneNumber.trim();
      if (!/\d/.test(trimmed)) throw new InvalidInputError(text.invalidPhone);
      await api.sendSmsCode(
        { phoneNumber: trimmed, ...(captchaToken ? { token: captchaToken } : {}) },
        await bearerIfLoggedIn(store),
      );
    },
    async loginWithSmsCode({ phoneNumber, code }) {
      requireLoggedOut(store);
      return completeLogin(
        store,
        await api.authenticateSms({ phoneNumber: phoneNumber.trim(), code: code.trim() }),
      );
    },
    async linkWithSmsCode({ phoneNumber, code }) {
      const body = { phoneNumber: phoneNumber.trim(), code: checkCode(code, text) };
      return updateUser(store, (bearer) => api.linkSms(body, bearer), text.mustBeLoggedInToLink);
    },
    unlinkPhone(phoneNumber) {
      const body = { phoneNumber: phoneNumber.trim() };
      return updateUser(store, (bearer) => api.unlinkSms(body, bearer));
    },
  };
}
