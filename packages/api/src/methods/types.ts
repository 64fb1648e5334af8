/**
 * The shape of a login method's wire contract (issue 11). Each method's zod-free module
 * (`methods/<id>.ts`) exports one {@link LoginMethodContract}; `methods/index.ts` lists them in
 * `LOGIN_METHOD_CONTRACTS`, and `ROUTES`, `SESSION_ROUTES`, the server's captcha gate, the app
 * config flags and the client's login list all read that list instead of naming methods.
 *
 * Zod-free on purpose: `@latchkey/core` imports these, and a module that builds schemas would
 * pull zod into the browser bundle. A method's zod schemas live in `methods/<id>.schema.ts`.
 */

/** One server app-config flag of a method and the login-list entry it enables. */
export interface LoginMethodFlag<Flag extends string = string, Item extends string = string> {
  /** snake_case field of the server app config, e.g. `email_auth`, `google_oauth`. */
  readonly flag: Flag;
  /** Name of the login-list entry (and `loginMethods` value) this flag enables, e.g. `email`. */
  readonly loginItem: Item;
}

/** A login method's wire contract (issue 11). */
export interface LoginMethodContract<
  Id extends string = string,
  Routes extends Record<string, string> = Record<string, string>,
> {
  /** Stable method id, also the folder name in every package (`email`, `sms`, `siwe`, ...). */
  readonly id: Id;
  /** App-config flags that enable it, in the spec's order (spec section 3). */
  readonly flags: readonly LoginMethodFlag[];
  /** `type` values of the linked accounts it creates (`email`, `phone`, `wallet`, ...). */
  readonly accountTypes: readonly string[];
  /** Its API paths, merged into `ROUTES` under the same keys. */
  readonly routes: Routes;
  /** Routes that start a session (may carry the wallet frame's DPoP login proof). */
  readonly sessionRoutes: readonly string[];
  /** `POST` routes the captcha gate guards when the app has `captcha_enabled` (spec section 4). */
  readonly captchaGatedRoutes: readonly string[];
}

/** Declares a method contract with its literal types kept (an identity function). */
export function defineLoginMethod<
  const Id extends string,
  const Routes extends Record<string, string>,
>(contract: LoginMethodContract<Id, Routes>): LoginMethodContract<Id, Routes> {
  return contract;
}
