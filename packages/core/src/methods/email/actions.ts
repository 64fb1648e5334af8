/**
 * The email method's client actions (spec sections 4 and 5; issues 6 and 11): send a code,
 * log in with it, link an email, update the email, unlink one.
 */
import { isEmailAddress } from '@latchkey/api';
import { bearerIfLoggedIn } from '../../actions/bearerIfLoggedIn.ts';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { updateUser } from '../../actions/updateUser.ts';
import { LatchkeyError } from '../../errors/base.ts';
import { InvalidInputError } from '../../errors/session.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';
import { checkCode } from '../passwordless/checkCode.ts';

/** Parameters of {@link EmailActions.sendEmailCode}. */
export type SendEmailCodeParameters = { email: string; captchaToken?: string };
/** Parameters of {@link EmailActions.loginWithEmailCode}. */
export type LoginWithEmailCodeParameters = { email: string; code: string };
/** Parameters of {@link EmailActions.linkWithEmailCode}. */
export type LinkWithEmailCodeParameters = { email: string; code: string };
/** Parameters of {@link EmailActions.updateEmailWithCode}: the code was sent to `newEmail`. */
export type UpdateEmailWithCodeParameters = { newEmail: string; code: string };

/** The email method's part of the client. */
export interface EmailActions {
  /** Sends a login code by email (spec section 4). Never retried. */
  sendEmailCode(parameters: SendEmailCodeParameters): Promise<void>;
  /** Logs in (or signs up) with an emailed code (spec section 4). */
  loginWithEmailCode(parameters: LoginWithEmailCodeParameters): Promise<AuthenticateResult>;
  /**
   * Links an email to the logged-in user with the code `sendEmailCode` sent to it
   * (`POST /api/v1/passwordless/link`).
   * @throws `ApiError` 422 for a wrong or expired code, `linked_to_another_user`,
   *   `cannot_link_more_of_type` ('User already has an account of type email linked.').
   */
  linkWithEmailCode(parameters: LinkWithEmailCodeParameters): Promise<User>;
  /**
   * Replaces the user's email with `newEmail`, proven by the code sent to `newEmail`
   * (`POST /api/v1/passwordless/update` `{oldAddress, newAddress, code}`; spec section 5).
   * @throws `LatchkeyError` `email_required_to_update` ('User is required to have an email
   *   address to update it.') before any request when the user has no email.
   */
  updateEmailWithCode(parameters: UpdateEmailWithCodeParameters): Promise<User>;
  /** `POST /api/v1/passwordless/unlink` `{address}`. @throws `ApiError` `cannot_unlink_last_account`, `account_not_linked`. */
  unlinkEmail(address: string): Promise<User>;
}

/**
 * Builds the email actions on `store`.
 * @throws (from the actions) {@link InvalidInputError} for a malformed email or a non-numeric
 *   link code; `AlreadyLoggedInError` on a login while logged in; `LatchkeyError`
 *   `missing_or_invalid_token` on a link or unlink while logged out; `ApiError` as answered.
 */
export function emailActions(store: SessionStore): EmailActions {
  const { api, text } = store;
  return {
    async sendEmailCode({ email, captchaToken }) {
      if (!isEmailAddress(email)) throw new InvalidInputError(text.invalidEmail);
      await api.sendEmailCode(
        { email: email.trim(), ...(captchaToken ? { token: captchaToken } : {}) },
        await bearerIfLoggedIn(store),
      );
    },
    async loginWithEmailCode({ email, code }) {
      requireLoggedOut(store);
      return completeLogin(
        store,
        await api.authenticateEmail({ email: email.trim(), code: code.trim() }),
      );
    },
    async linkWithEmailCode({ email, code }) {
      const body = { email: email.trim(), code: checkCode(code, text) };
      return updateUser(store, (bearer) => api.linkEmail(body, bearer), text.mustBeLoggedInToLink);
    },
    async updateEmailWithCode({ newEmail, code }) {
      const user = store.getState().user;
      if (user && !user.email) {
        throw new LatchkeyError(text.emailRequiredToUpdate, { code: 'email_required_to_update' });
      }
      const body = {
        oldAddress: user?.email?.address ?? '',
        newAddress: newEmail.trim(),
        code: checkCode(code, text),
      };
      return updateUser(store, (bearer) => api.updateEmail(body, bearer));
    },
    unlinkEmail(address) {
      const body = { address: address.trim() };
      return updateUser(store, (bearer) => api.unlinkEmail(body, bearer));
    },
  };
}
