/**
 * The one table from error code to screen and text (spec section 8, "Error screen by code";
 * issue 11). `errorScreenFor`, `screenForError` and `errorTextFor` are thin reads of it. A code
 * of no single method is one row of {@link SHARED_ERROR_ROWS} here; a login method's codes,
 * rows and one-line texts are its `methods/<id>/errors.ts` (`MethodErrors`), one line in
 * `METHOD_ERRORS` (`../methods/links.ts`), merged in by {@link withMethodErrors}.
 */
import type { ServerAppConfig } from '@latchkey/api';
import { formatMessage, type MessageOverrides, type Messages } from '../messages.ts';
import { METHOD_ERRORS } from '../methods/links.ts';
import { SCREEN, type ScreenName } from '../screens/screens.ts';
import type { LatchkeyErrorCode } from './codes.ts';
import type { MethodErrors } from './methodErrors.ts';

/** What ERROR_SCREEN (and the dedicated rejection screens) show (spec section 8). */
export type ErrorScreen = {
  /** The error's code, or `'unknown_error'`. */
  code: string;
  title: string;
  detail: string;
  /** Call to action; `href` makes it a link (allowlist configuration). */
  cta: { text: string; href?: string };
  /** True when the CTA must reset the captcha before retrying. */
  resetsCaptcha?: boolean;
};

/** The developer's allowlist texts: client config (camelCase) or server config (snake_case). */
export type AllowlistConfig = {
  errorTitle?: string | null;
  errorDetail?: string | null;
  errorCtaText?: string | null;
  errorCtaLink?: string | null;
};

/**
 * The login method of a failed call, for the texts that depend on it: the `method` of each
 * entry of `METHOD_ERRORS` (`../methods/links.ts`; SIWE's is `'wallet'`).
 */
export type ErrorMethod = (typeof METHOD_ERRORS)[number]['method'];

/** Context of `errorScreenFor`. */
export type ErrorScreenContext = {
  /** The app's name, for `{app}` in 'Account not found'. */
  appName: string;
  /** Allowlist rejection texts (spec section 3, `allowlistConfig`). */
  allowlistConfig?: AllowlistConfig | ServerAppConfig['allowlist_config'] | null;
  /** True once captcha retries ran out (changes the captcha_failure detail). */
  captchaRetriesExhausted?: boolean;
  /**
   * The login method of the failed call, for texts that depend on it (spec section 8):
   * `cannot_link_more_of_type` (the method's one-line text when it has one, e.g. 'Cannot link
   * more passkeys to account.', else the server's message) and the rows a method keeps to
   * itself (a `when` on `ctx.method`, e.g. `missing_or_invalid_mfa` for passkeys).
   */
  method?: ErrorMethod;
  /** String overrides. */
  messages?: MessageOverrides;
};

/**
 * One text of a row: a message key, or a function of the resolved catalogue, the context and
 * the error's own message (the server's `error` text or the thrown error's message).
 */
export type ErrorText =
  keyof Messages | ((m: Messages, ctx: ErrorScreenContext, message: string | undefined) => string);

/** One row of {@link ERROR_TABLE}. */
export type ErrorRow = {
  /** The screen the error leads to; ERROR_SCREEN when absent. */
  screen?: ScreenName;
  /** Applies only when this holds; otherwise the code falls back as if it had no row. */
  when?: (ctx: ErrorScreenContext) => boolean;
  title: ErrorText;
  detail: ErrorText;
  /** The call to action; 'Try again' (`defaultErrorCta`) when absent. */
  cta?: ErrorText;
  /** Makes the call to action a link (allowlist configuration). */
  ctaHref?: (ctx: ErrorScreenContext) => string | undefined;
  /** The CTA must reset the captcha before retrying. */
  resetsCaptcha?: true;
  /**
   * The one-line text a method's own screen shows for this code (the passkey dialog, the
   * wallet connection), by method; `any` for every method.
   */
  inline?: Partial<Record<ErrorMethod | 'any', keyof Messages>>;
};

/** The allowlist texts of either config shape, camelCase. */
export function normaliseAllowlist(config: ErrorScreenContext['allowlistConfig']): AllowlistConfig {
  if (!config) return {};
  if ('error_title' in config) {
    return {
      errorTitle: config.error_title,
      errorDetail: config.error_detail,
      errorCtaText: config.cta_text,
      errorCtaLink: config.cta_link,
    };
  }
  return config;
}

/** The row of every code without one of its own (and of 'not logged in'). */
export const DEFAULT_ERROR_ROW: ErrorRow = {
  title: 'defaultErrorTitle',
  detail: 'defaultErrorDetail',
};

/**
 * Every code of `NOT_AUTHENTICATED_CODES` (core raises `missing_or_invalid_token`, the others
 * are public aliases): one row, the default texts on the error screen.
 */
const NOT_AUTHENTICATED_ROW: ErrorRow = {
  ...DEFAULT_ERROR_ROW,
  inline: { any: 'mustBeLoggedIn' },
};

const unlinkFailed = (detail: keyof Messages): ErrorRow => ({ title: 'unlinkFailedTitle', detail });

/** The rows of the codes of no single login method (spec section 8). */
export const SHARED_ERROR_ROWS: Partial<Record<LatchkeyErrorCode, ErrorRow>> = {
  client_request_timeout: {
    title: 'timedOutTitle',
    detail: (m, _ctx, message) => message ?? m.timedOutDetail,
    cta: 'timedOutCta',
  },
  twilio_verification_failed: {
    title: 'somethingWentWrongTitle',
    detail: (m, _ctx, message) => message ?? m.defaultErrorDetail,
    cta: 'somethingWentWrongCta',
  },
  invalid_captcha: {
    title: 'somethingWentWrongTitle',
    detail: 'invalidCaptchaDetail',
    cta: 'somethingWentWrongCta',
    resetsCaptcha: true,
  },
  disallowed_login_method: {
    title: 'notAllowedTitle',
    detail: 'notAllowedDetail',
    cta: 'tryAnotherMethod',
  },
  allowlist_rejected: {
    screen: SCREEN.ALLOWLIST_REJECTION_SCREEN,
    title: (m, ctx) =>
      normaliseAllowlist(ctx.allowlistConfig).errorTitle || m.allowlistRejectedTitle,
    detail: (m, ctx) =>
      normaliseAllowlist(ctx.allowlistConfig).errorDetail || m.allowlistRejectedDetail,
    cta: (m, ctx) => normaliseAllowlist(ctx.allowlistConfig).errorCtaText || m.allowlistRejectedCta,
    ctaHref: (ctx) => normaliseAllowlist(ctx.allowlistConfig).errorCtaLink || undefined,
  },
  captcha_failure: {
    title: 'somethingWentWrongTitle',
    detail: (m, ctx) =>
      ctx.captchaRetriesExhausted ? m.captchaFailureExhaustedDetail : m.captchaFailureDetail,
    cta: 'somethingWentWrongCta',
    resetsCaptcha: true,
  },
  captcha_timeout: {
    title: 'captchaTimeoutTitle',
    detail: 'captchaTimeoutDetail',
    cta: 'somethingWentWrongCta',
    resetsCaptcha: true,
  },
  linked_to_another_user: {
    title: 'authenticationFailedTitle',
    detail: 'linkedToAnotherUserDetail',
    cta: 'tryAgain',
  },
  too_many_requests: {
    title: 'tooManyRequestsTitle',
    detail: 'tooManyRequestsDetail',
    cta: 'tooManyRequestsCta',
  },
  max_accounts_reached: {
    screen: SCREEN.USER_LIMIT_REACHED_SCREEN,
    title: 'userLimitReachedTitle',
    detail: 'userLimitReachedDetail',
    cta: 'userLimitReachedCta',
  },
  user_does_not_exist: {
    screen: SCREEN.ACCOUNT_NOT_FOUND_SCREEN,
    title: 'accountNotFoundTitle',
    detail: (m, ctx) => formatMessage(m.accountNotFoundDetail, { app: ctx.appName }),
    cta: 'accountNotFoundCta',
  },
  // Accounts (spec sections 5 and 8; issue 6).
  cannot_link_more_of_type: {
    title: 'linkFailedTitle',
    // The method's own one-line text (its `inline`, e.g. passkeys'), else the server's message.
    detail: (m, ctx, message) => {
      const key = ctx.method && ERROR_TABLE.cannot_link_more_of_type?.inline?.[ctx.method];
      return key
        ? m[key]
        : (message ?? formatMessage(m.cannotLinkMoreOfType, { type: ctx.method ?? '' }));
    },
  },
  cannot_unlink_last_account: unlinkFailed('cannotUnlinkLastAccountDetail'),
  cannot_unlink_embedded_wallet: unlinkFailed('cannotUnlinkEmbeddedWalletDetail'),
  account_not_linked: unlinkFailed('accountNotLinkedDetail'),
  missing_or_invalid_token: NOT_AUTHENTICATED_ROW,
  not_authenticated: NOT_AUTHENTICATED_ROW,
  must_be_authenticated: NOT_AUTHENTICATED_ROW,
};

/**
 * `shared` with every login method's part (`MethodErrors`, issue 11): the methods' `rows` are
 * added, then each `inline` text goes into its code's row under the method's id (a code with no
 * row gets the default texts).
 *
 * @param shared - The rows of no single method; not mutated.
 * @param methods - The methods' parts, `METHOD_ERRORS` (`../methods/links.ts`).
 * @returns The merged table. A code has one row: a method's row replaces a shared one of the
 *   same code (`table.test.ts` checks that none does).
 */
export function withMethodErrors(
  shared: Partial<Record<LatchkeyErrorCode, ErrorRow>>,
  methods: readonly MethodErrors<keyof Messages, LatchkeyErrorCode, ScreenName>[],
): Partial<Record<LatchkeyErrorCode, ErrorRow>> {
  const table = { ...shared };
  for (const { rows } of methods) Object.assign(table, rows);
  for (const { method, inline = {} } of methods) {
    for (const [code, key] of Object.entries(inline) as [LatchkeyErrorCode, keyof Messages][]) {
      const row = table[code] ?? DEFAULT_ERROR_ROW;
      table[code] = { ...row, inline: { ...row.inline, [method]: key } };
    }
  }
  return table;
}

/**
 * Error code -> screen and texts (spec section 8): {@link SHARED_ERROR_ROWS} and every login
 * method's rows and one-line texts (`METHOD_ERRORS`). Codes without a row show
 * {@link DEFAULT_ERROR_ROW} (or, for an HTTP 422 answer, the server's message).
 */
export const ERROR_TABLE: Partial<Record<LatchkeyErrorCode, ErrorRow>> = withMethodErrors(
  SHARED_ERROR_ROWS,
  METHOD_ERRORS,
);

/**
 * The row that applies to `code` in `ctx`: its own row when it has one and its `when` holds,
 * else `undefined`.
 *
 * @param code - Any code (unknown codes have no row).
 * @param ctx - The context; only `method` matters for `when` today.
 */
export function errorRowFor(
  code: string | undefined,
  ctx: Pick<ErrorScreenContext, 'method'> = {},
): ErrorRow | undefined {
  if (code === undefined) return undefined;
  const row = ERROR_TABLE[code as LatchkeyErrorCode];
  if (!row) return undefined;
  if (row.when && !row.when(ctx as ErrorScreenContext)) return undefined;
  return row;
}

/**
 * Resolves one {@link ErrorText} against the catalogue.
 *
 * @param text - A message key or a text function.
 * @param m - The resolved catalogue (overrides applied).
 * @param ctx - The error screen context.
 * @param message - The error's own message, if any.
 */
export function resolveErrorText(
  text: ErrorText,
  m: Messages,
  ctx: ErrorScreenContext,
  message: string | undefined,
): string {
  return typeof text === 'function' ? text(m, ctx, message) : m[text];
}
