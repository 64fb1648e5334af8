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

/**
 * How one `details` field of a linked-account row reaches the wire (spec section 3, "User"):
 * `string` a string or `null`; `text` a non-empty string or `null`; `flag` `true` only when the
 * stored value is `true`; `json` an object or array as stored (`null` for anything else).
 */
export type AccountDetailKind = 'string' | 'text' | 'flag' | 'json';

/** An allowlist key: `allowlist_entries.type` (`ALLOWLIST_ENTRY_TYPES`) and its normalised value. */
export interface AllowlistKey {
  readonly type: string;
  readonly value: string;
}

/**
 * The account policy and wire form of one linked-account type (spec section 5, "Linking";
 * section 3, "User"; issue 11). A method's module exports one per type of its `accountTypes`
 * (`<ID>_ACCOUNTS`, beside its contract, not in it: the contract reaches the browser, the rules
 * are server-only and tree-shaken away); `linkedAccountRules()` collects them, and the server's
 * account policy (`users/accounts.ts`), user loader (`users/service.ts`) and login gates
 * (`users/gates.ts`) read that map instead of naming types. Data and small pure functions.
 */
export interface LinkedAccountRule {
  /** `linked_accounts.type`: `email`, `phone`, `wallet`, `passkey`, `<provider>_oauth`, ... */
  readonly type: string;
  /** Most accounts of this type one user may hold (`cannot_link_more_of_type` past it). Default 1. */
  readonly maxPerUser?: number;
  /**
   * Message of `cannot_link_more_of_type` (409) at {@link maxPerUser}. Default
   * 'User already has an account of type {type} linked.'
   */
  readonly tooManyMessage?: string;
  /**
   * Message of `missing_or_invalid_mfa` (401) when unlinking an account of this type whose
   * `details.enrolled_in_mfa` is `true` (such an account is never unlinked). Default
   * 'Cannot unlink an account enrolled in MFA'.
   */
  readonly mfaUnlinkMessage?: string;
  /**
   * Wire field of `linked_accounts[]` that carries the row's subject (`address`, `number`,
   * `credential_id`, `subject`). Without it the server has no generic wire form for the type.
   */
  readonly subjectField?: string;
  /** `details` fields copied to the wire after the subject, in this order, with their kind. */
  readonly detailFields?: Readonly<Record<string, AccountDetailKind>>;
  /**
   * The allowlist keys an account of this type stands for (spec section 2, allowlist), from its
   * normalised subject and its `details`. Default: none (the account never matches).
   */
  readonly allowlistKeys?: (
    subject: string,
    details: Readonly<Record<string, unknown>>,
  ) => readonly AllowlistKey[];
}

/** A login method's wire contract (issue 11). */
export interface LoginMethodContract<
  Id extends string = string,
  Routes extends Record<string, string> = Record<string, string>,
  Flag extends string = string,
> {
  /** Stable method id, also the folder name in every package (`email`, `sms`, `siwe`, ...). */
  readonly id: Id;
  /** App-config flags that enable it, in the spec's order (spec section 3). */
  readonly flags: readonly LoginMethodFlag<Flag>[];
  /**
   * Boolean app-config settings of the method besides its {@link flags} (spec section 3), e.g.
   * `twitter_oauth_on_mobile_enabled`: public, writable by the admin update, `false` by default,
   * stored in the `apps` column of the camel-cased name. Default none.
   */
  readonly settingFlags?: readonly string[];
  /**
   * Further JSON-object app-config settings of the method (spec section 3), e.g.
   * `telegram_auth_config`: public, writable by the admin update, `null` by default, stored in
   * the `apps` column of the camel-cased name. Their wire schemas are in `app-config.ts`.
   * Default none.
   */
  readonly settingObjects?: readonly string[];
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
  const Flag extends string,
>(contract: LoginMethodContract<Id, Routes, Flag>): LoginMethodContract<Id, Routes, Flag> {
  return contract;
}
