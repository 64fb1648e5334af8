/**
 * Linking, unlinking, updating the email and accepting the terms (spec sections 5, 6 and 7;
 * issue 6). Every call needs a logged-in user and answers the updated user, which becomes the
 * session's user. `createLatchkeyClient` spreads these methods into the client.
 */
import { type OAuthProvider, ROUTES, type UserWire } from '@latchkey/api';
import type { ApiClient } from '../api/createApiClient.ts';
import { LatchkeyError } from '../errors/base.ts';
import { InvalidInputError } from '../errors/session.ts';
import type { Messages } from '../messages.ts';
import type { InitOAuthOptions } from '../methods/oauth/flow.ts';
import { toUser, type User } from './user.ts';

/** Parameters of {@link AccountMethods.linkWithEmailCode}. */
export type LinkWithEmailCodeParameters = { email: string; code: string };
/** Parameters of {@link AccountMethods.linkWithSmsCode}: E.164 or '+callingcode number'. */
export type LinkWithSmsCodeParameters = { phoneNumber: string; code: string };
/** Parameters of {@link AccountMethods.updateEmailWithCode}: the code was sent to `newEmail`. */
export type UpdateEmailWithCodeParameters = { newEmail: string; code: string };

/**
 * The account methods of the client (issue 6). Each one:
 * - throws `LatchkeyError` `missing_or_invalid_token` ('You must be logged in to link an
 *   account.' / '... to change your accounts.') before any request when nobody is logged in;
 * - sets the session's user to the server's answer and returns it;
 * - throws `ApiError` as the server answers (spec section 8).
 */
export interface AccountMethods {
  /**
   * Links an email to the logged-in user with the code `sendEmailCode` sent to it
   * (`POST /api/v1/passwordless/link`).
   * @throws `ApiError` 422 for a wrong or expired code, `linked_to_another_user`,
   *   `cannot_link_more_of_type` ('User already has an account of type email linked.').
   */
  linkWithEmailCode(parameters: LinkWithEmailCodeParameters): Promise<User>;
  /**
   * Links a phone number with the code `sendSmsCode` texted to it
   * (`POST /api/v1/passwordless_sms/link`). Errors as {@link linkWithEmailCode}.
   */
  linkWithSmsCode(parameters: LinkWithSmsCodeParameters): Promise<User>;
  /**
   * Replaces the user's email with `newEmail`, proven by the code sent to `newEmail`
   * (`POST /api/v1/passwordless/update` `{oldAddress, newAddress, code}`; spec section 5).
   * @throws `LatchkeyError` `email_required_to_update` ('User is required to have an email
   *   address to update it.') before any request when the user has no email.
   */
  updateEmailWithCode(parameters: UpdateEmailWithCodeParameters): Promise<User>;
  /**
   * Links a social account (issue 6): like `initOAuth` (call it synchronously in the click; a
   * popup, or a full-page redirect when blocked) but finishes with `POST /api/v1/oauth/link`.
   * After a redirect, `completeOAuth` links too and resolves `{user, isNewUser: false}`.
   * @returns the updated user (popup), or null when the page is leaving for the provider.
   * @throws `ApiError` `linked_to_another_user`, `cannot_link_more_of_type`; the OAuth errors
   *   of `initOAuth`.
   */
  linkOAuth(provider: OAuthProvider, options?: InitOAuthOptions): Promise<User | null>;
  /** `POST /api/v1/passwordless/unlink` `{address}`. @throws `ApiError` `cannot_unlink_last_account`, `account_not_linked`. */
  unlinkEmail(address: string): Promise<User>;
  /** `POST /api/v1/passwordless_sms/unlink` `{phoneNumber}`. Errors as {@link unlinkEmail}. */
  unlinkPhone(phoneNumber: string): Promise<User>;
  /**
   * `POST /api/v1/siwe/unlink` `{address}`.
   * @throws `ApiError` `cannot_unlink_embedded_wallet` for the embedded wallet; as {@link unlinkEmail}.
   */
  unlinkWallet(address: string): Promise<User>;
  /** `POST /api/v1/oauth/unlink` `{provider, subject}`. Errors as {@link unlinkEmail}. */
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>;
  /**
   * `POST /api/v1/passkeys/unlink` `{credential_id}`.
   * @throws `ApiError` `missing_or_invalid_mfa` for a passkey enrolled in MFA ('Cannot unlink a
   *   passkey enrolled in MFA'); as {@link unlinkEmail}.
   */
  unlinkPasskey(credentialId: string): Promise<User>;
  /** Records the user's consent to the terms (`POST /api/v1/users/me/accept_terms`, empty body). */
  acceptTerms(): Promise<User>;
}

/** What the account methods need from the client. */
export interface AccountDeps {
  api: ApiClient;
  text: Messages;
  /** The session's user, or null when logged out. */
  currentUser(): User | null;
  /** A valid access token or null (`client.getAccessToken`). */
  getAccessToken(): Promise<string | null>;
  /** Makes `user` the session's user. */
  setUser(user: User): void;
  /** Starts an OAuth link (the client opens the popup synchronously). */
  linkOAuth: AccountMethods['linkOAuth'];
}

/**
 * Builds the {@link AccountMethods} (spec sections 5, 6 and 7).
 * @param deps - See {@link AccountDeps}.
 */
export function createAccountMethods(deps: AccountDeps): AccountMethods {
  const { api, text } = deps;

  async function requireToken(message: string): Promise<string> {
    const token = deps.currentUser() ? await deps.getAccessToken() : null;
    if (!token) throw new LatchkeyError(message, { code: 'missing_or_invalid_token' });
    return token;
  }

  async function call(path: string, body: unknown, message: string): Promise<User> {
    const accessToken = await requireToken(message);
    const { user } = await api.request<{ user: UserWire }>({
      method: 'POST',
      path,
      body,
      accessToken,
    });
    const next = toUser(user);
    deps.setUser(next);
    return next;
  }

  const link = (path: string, body: unknown) => call(path, body, text.mustBeLoggedInToLink);
  const change = (path: string, body: unknown) => call(path, body, text.mustBeLoggedIn);

  function checkCode(code: string): string {
    const trimmed = code.replace(/[\s-]/g, '');
    if (!/^[0-9]+$/.test(trimmed)) throw new InvalidInputError(text.codeShouldBeNumeric);
    return trimmed;
  }

  return {
    linkWithEmailCode: async ({ email, code }) =>
      link(ROUTES.passwordlessLink, { email: email.trim(), code: checkCode(code) }),
    linkWithSmsCode: async ({ phoneNumber, code }) =>
      link(ROUTES.passwordlessSmsLink, { phoneNumber: phoneNumber.trim(), code: checkCode(code) }),
    async updateEmailWithCode({ newEmail, code }) {
      const user = deps.currentUser();
      if (user && !user.email) {
        throw new LatchkeyError(text.emailRequiredToUpdate, { code: 'email_required_to_update' });
      }
      return change(ROUTES.passwordlessUpdate, {
        oldAddress: user?.email?.address ?? '',
        newAddress: newEmail.trim(),
        code: checkCode(code),
      });
    },
    linkOAuth: (provider, options) => deps.linkOAuth(provider, options),
    unlinkEmail: (address) => change(ROUTES.passwordlessUnlink, { address: address.trim() }),
    unlinkPhone: (phoneNumber) =>
      change(ROUTES.passwordlessSmsUnlink, { phoneNumber: phoneNumber.trim() }),
    unlinkWallet: (address) => change(ROUTES.siweUnlink, { address }),
    unlinkOAuth: (provider, subject) => change(ROUTES.oauthUnlink, { provider, subject }),
    unlinkPasskey: (credentialId) => change(ROUTES.passkeyUnlink, { credential_id: credentialId }),
    acceptTerms: () => change(ROUTES.acceptTerms, {}),
  };
}
