/**
 * The SIWE method's client actions (spec sections 4 and 7; issues 4, 6 and 11): log in with a
 * signed EIP-4361 message, link a wallet, unlink one. The nonce comes from `api.siweInit`.
 */
import type { SiweAuthenticateRequest } from '@latchkey/api';
import { completeLogin } from '../../actions/completeLogin.ts';
import { requireLoggedOut } from '../../actions/requireLoggedOut.ts';
import { updateUser } from '../../actions/updateUser.ts';
import type { SessionStore } from '../../session/store.ts';
import type { AuthenticateResult, User } from '../../session/user.ts';

/** The SIWE method's part of the client. */
export interface SiweActions {
  /**
   * Logs in (or signs up) with a signed EIP-4361 message (spec sections 4 and 7,
   * `POST /api/v1/siwe/authenticate`). Get the nonce first with `api.siweInit`.
   * @throws {AlreadyLoggedInError} when logged in; `ApiError` as the server answers.
   */
  loginWithSiwe(parameters: SiweAuthenticateRequest): Promise<AuthenticateResult>;
  /**
   * Links a wallet to the logged-in user with a signed EIP-4361 message
   * (`POST /api/v1/siwe/link`). @returns the updated user.
   */
  linkWithSiwe(parameters: SiweAuthenticateRequest): Promise<User>;
  /**
   * `POST /api/v1/siwe/unlink` `{address}`.
   * @throws `ApiError` `cannot_unlink_embedded_wallet` for the embedded wallet; `cannot_unlink_last_account`, `account_not_linked`.
   */
  unlinkWallet(address: string): Promise<User>;
}

/**
 * Builds the SIWE actions on `store`.
 * @throws (from the actions) `LatchkeyError` `missing_or_invalid_token` on a link or unlink
 *   while logged out; `ApiError` as the server answers.
 */
export function siweActions(store: SessionStore): SiweActions {
  const { api, text } = store;
  return {
    async loginWithSiwe(siwe) {
      requireLoggedOut(store);
      return completeLogin(store, await api.siweAuthenticate(siwe));
    },
    linkWithSiwe: (siwe) =>
      updateUser(store, (bearer) => api.siweLink(siwe, bearer), text.mustBeLoggedInToLink),
    unlinkWallet: (address) => updateUser(store, (bearer) => api.siweUnlink({ address }, bearer)),
  };
}
