/**
 * The passkey method's client actions (WebAuthn; spec sections 4 and 5; issues 7 and 11): sign
 * up, log in, add a passkey, remove one. The browser ceremonies come from the lazy
 * `@latchkey/core/passkey` entry (`methods/passkey/index.ts`), loaded on first use.
 */
import type { PasskeyOptionsResponse } from '@latchkey/api';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { updateUser } from '../../actions/updateUser.ts';
import { LatchkeyError } from '../../errors/base.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';
import type { PasskeyCeremonies } from './types.ts';

/**
 * Options of {@link PasskeyActions.signupWithPasskey} and {@link PasskeyActions.loginWithPasskey}.
 * `captchaToken` goes as `token` in the init call's body (apps with a captcha; issue 6).
 */
export type PasskeyLoginOptions = { captchaToken?: string };

/** The passkey method's part of the client. */
export interface PasskeyActions {
  /**
   * Signs up with a new passkey (spec section 4; `POST /api/v1/passkeys/register/init`, the
   * browser's create dialog, then `POST /api/v1/passkeys/register/authenticate`).
   * @throws {AlreadyLoggedInError} when logged in; `LatchkeyError` `passkey_not_allowed` when the
   *   user cancels or the dialog times out; `ApiError` as the server answers.
   */
  signupWithPasskey(options?: PasskeyLoginOptions): Promise<AuthenticateResult>;
  /**
   * Logs in with a passkey the browser already has (discoverable credentials;
   * `POST /api/v1/passkeys/authenticate/init`, the browser's dialog, then
   * `POST /api/v1/passkeys/authenticate`). Errors as {@link signupWithPasskey}.
   */
  loginWithPasskey(options?: PasskeyLoginOptions): Promise<AuthenticateResult>;
  /**
   * Adds a passkey to the logged-in user (`POST /api/v1/passkeys/register/link`; at most 5,
   * else `ApiError` `cannot_link_more_of_type`). @returns the updated user.
   */
  linkPasskey(): Promise<User>;
  /**
   * `POST /api/v1/passkeys/unlink` `{credential_id}`.
   * @throws `ApiError` `missing_or_invalid_mfa` for a passkey enrolled in MFA ('Cannot unlink a
   *   passkey enrolled in MFA'); `cannot_unlink_last_account`, `account_not_linked`.
   */
  unlinkPasskey(credentialId: string): Promise<User>;
}

/**
 * Builds the passkey actions on `store`.
 * @param load - Loads the ceremonies, e.g. `() => import('@latchkey/core/passkey')`; without
 *   it every ceremony throws `LatchkeyError` `passkey_unsupported`.
 */
export function passkeyActions(
  store: SessionStore,
  load: (() => Promise<PasskeyCeremonies>) | undefined,
): PasskeyActions {
  const { api, text } = store;

  async function ceremonies(): Promise<PasskeyCeremonies> {
    if (!load) {
      throw new LatchkeyError(text.passkeyUnknownError, {
        code: 'passkey_unsupported',
        details: "Pass `passkeys: () => import('@latchkey/core/passkey')` to createLatchkeyClient",
      });
    }
    return load();
  }

  /** A login ceremony: options from `init`, the browser's dialog (`register` or not), `finish`. */
  async function login(
    init: typeof api.passkeyRegisterInit,
    register: boolean,
    captchaToken: string | undefined,
  ): Promise<AuthenticateResult> {
    requireLoggedOut(store);
    const c = await ceremonies();
    const { options }: PasskeyOptionsResponse = await init(
      captchaToken ? { token: captchaToken } : {},
      { accessToken: null },
    );
    const response = await (register ? c.createPasskey(options) : c.getPasskey(options));
    return completeLogin(
      store,
      await (register
        ? api.passkeyRegister({ response }, { accessToken: null })
        : api.passkeyAuthenticate({ response }, { accessToken: null })),
    );
  }

  return {
    signupWithPasskey: (options = {}) => login(api.passkeyRegisterInit, true, options.captchaToken),
    loginWithPasskey: (options = {}) =>
      login(api.passkeyAuthenticateInit, false, options.captchaToken),
    linkPasskey: () =>
      updateUser(
        store,
        async (bearer) => {
          const c = await ceremonies();
          const { options } = await api.passkeyRegisterInit({}, bearer);
          return api.passkeyLink({ response: await c.createPasskey(options) }, bearer);
        },
        text.mustBeLoggedInToLink,
      ),
    unlinkPasskey: (credentialId) =>
      updateUser(store, (bearer) => api.passkeyUnlink({ credential_id: credentialId }, bearer)),
  };
}
