/**
 * The login-method registry of the wire contract (issue 11): one line per method. Everything
 * that used to list methods by hand (`ROUTES`, `SESSION_ROUTES`, the captcha gate, the app
 * config flags, the login list's flag table) reads {@link LOGIN_METHOD_CONTRACTS}.
 * See `docs/adding-a-login-method.md`.
 */
import { EMAIL_ACCOUNTS, EMAIL_METHOD } from './email.ts';
import { OAUTH_ACCOUNTS, OAUTH_METHOD } from './oauth.ts';
import { PASSKEY_ACCOUNTS, PASSKEY_METHOD } from './passkey.ts';
import { FARCASTER_ACCOUNTS, FARCASTER_METHOD } from './farcaster.ts';
import { SIWE_ACCOUNTS, SIWE_METHOD } from './siwe.ts';
import { SMS_ACCOUNTS, SMS_METHOD } from './sms.ts';
import { TELEGRAM_ACCOUNTS, TELEGRAM_METHOD } from './telegram.ts';
import type { LinkedAccountRule, LoginMethodFlag } from './types.ts';

export { EMAIL_METHOD, OAUTH_METHOD, PASSKEY_METHOD, SIWE_METHOD, SMS_METHOD };
export { FARCASTER_METHOD, TELEGRAM_METHOD };
export {
  FARCASTER_ADMIN_ROUTE_PATTERN,
  FARCASTER_API_URL,
  farcasterAdminRoute,
  FARCASTER_SIGNER_TIMEOUT_MS,
  FARCASTER_CHANNEL_TTL_S,
  FARCASTER_CONNECT_TIMEOUT_MS,
  FARCASTER_ID_REGISTRY_ADDRESS,
  FARCASTER_POLL_INTERVAL_MS,
  FARCASTER_RELAY_URL,
} from './farcaster.ts';
export {
  TELEGRAM_ADMIN_ROUTE_PATTERN,
  TELEGRAM_AUTH_MAX_AGE_S,
  TELEGRAM_WIDGET_URL,
  telegramAdminRoute,
} from './telegram.ts';
export {
  type AccountDetailKind,
  type AllowlistKey,
  defineLoginMethod,
  type LinkedAccountRule,
  type LoginMethodContract,
  type LoginMethodFlag,
} from './types.ts';

/** Every login method's contract, in the spec's flag order (spec section 3). */
export const LOGIN_METHOD_CONTRACTS = [
  EMAIL_METHOD,
  SMS_METHOD,
  OAUTH_METHOD,
  SIWE_METHOD,
  FARCASTER_METHOD,
  PASSKEY_METHOD,
  TELEGRAM_METHOD,
] as const;

/** Id of a login method (`email`, `sms`, `oauth`, `siwe`, `passkey`, ...). */
export type LoginMethodId = (typeof LOGIN_METHOD_CONTRACTS)[number]['id'];

/** Name of a method's app-config flag (`email_auth`, `google_oauth`, ...; spec section 3). */
export type LoginMethodFlagName = (typeof LOGIN_METHOD_CONTRACTS)[number]['flags'][number]['flag'];

/** Every method's app-config flags with the login-list entry each enables (spec section 3). */
export const LOGIN_METHOD_FLAGS: readonly LoginMethodFlag<LoginMethodFlagName>[] =
  LOGIN_METHOD_CONTRACTS.flatMap<LoginMethodFlag<LoginMethodFlagName>>((method) => method.flags);

/** Every method's further boolean app-config settings (`settingFlags`; spec section 3). */
export const LOGIN_METHOD_SETTING_FLAGS: readonly string[] = LOGIN_METHOD_CONTRACTS.flatMap(
  (method) => method.settingFlags ?? [],
);

/** Every method's JSON-object app-config settings (`settingObjects`; spec section 3). */
export const LOGIN_METHOD_SETTING_OBJECTS: readonly string[] = LOGIN_METHOD_CONTRACTS.flatMap(
  (method) => method.settingObjects ?? [],
);

/**
 * Every method's linked-account rules (`<ID>_ACCOUNTS` beside its contract; issue 11), one entry
 * per method with account types. Server-only: kept out of `LOGIN_METHOD_CONTRACTS` so the
 * browser bundle, which reads the contracts, tree-shakes the rules away.
 */
export const LINKED_ACCOUNT_RULE_LISTS: readonly (readonly LinkedAccountRule[])[] = [
  EMAIL_ACCOUNTS,
  SMS_ACCOUNTS,
  OAUTH_ACCOUNTS,
  SIWE_ACCOUNTS,
  FARCASTER_ACCOUNTS,
  PASSKEY_ACCOUNTS,
  TELEGRAM_ACCOUNTS,
];

let accountRules: ReadonlyMap<string, LinkedAccountRule> | undefined;

/**
 * The rule of every linked-account type the methods create, by `type` (issue 11): what the
 * server's account policy, user loader and login gates read instead of naming types. Built on
 * the first call (a top-level map would keep the rules in the browser bundle).
 */
export function linkedAccountRules(): ReadonlyMap<string, LinkedAccountRule> {
  accountRules ??= new Map(LINKED_ACCOUNT_RULE_LISTS.flat().map((rule) => [rule.type, rule]));
  return accountRules;
}

/** `POST` routes the captcha gate guards (spec section 4): the login init calls. */
export const CAPTCHA_GATED_ROUTES: readonly string[] = LOGIN_METHOD_CONTRACTS.flatMap(
  (method) => method.captchaGatedRoutes,
);
