import type { ServerAppConfig } from '@latchkey/api';
import { formatMessage, type MessageOverrides, resolveMessages } from '../messages.ts';
import { SCREEN, type ScreenName } from '../screens/screens.ts';
import { LatchkeyError } from './base.ts';
import { ApiError } from './request.ts';

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

/** Context of {@link errorScreenFor}. */
export type ErrorScreenContext = {
  /** The app's name, for `{app}` in 'Account not found'. */
  appName: string;
  /** Allowlist rejection texts (spec section 3, `allowlistConfig`). */
  allowlistConfig?: AllowlistConfig | ServerAppConfig['allowlist_config'] | null;
  /** True once captcha retries ran out (changes the captcha_failure detail). */
  captchaRetriesExhausted?: boolean;
  /**
   * The login method of the failed call, for texts that depend on it (spec section 8):
   * `cannot_link_more_of_type` ('Cannot link more passkeys to account.' for 'passkey', 'You
   * cannot authorize more than one account for this user.' for 'oauth', else the server's
   * message) and `missing_or_invalid_mfa` ('Cannot unlink a passkey enrolled in MFA' for
   * 'passkey').
   */
  method?: 'email' | 'sms' | 'wallet' | 'oauth' | 'passkey';
  /** String overrides. */
  messages?: MessageOverrides;
};

function normaliseAllowlist(config: ErrorScreenContext['allowlistConfig']): AllowlistConfig {
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

/** The code of any thrown value: `LatchkeyError.code`, a `code` string property, or undefined. */
export function errorCodeOf(error: unknown): string | undefined {
  if (error instanceof LatchkeyError) return error.code;
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof LatchkeyError) return error.shortMessage;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/**
 * The title, detail and call to action of the error screen for an error
 * (spec section 8, "Error screen by code"). Every string comes from `messages` and can be
 * overridden through `ctx.messages`; allowlist texts come from `ctx.allowlistConfig`.
 *
 * @param error - Anything thrown (an `ApiError`, `TimeoutError`, ...).
 * @param ctx - App name, allowlist config, captcha retry state, overrides.
 * @returns What to render.
 * @example
 * const screen = errorScreenFor(err, { appName: config.name, allowlistConfig: config.allowlist_config });
 */
export function errorScreenFor(error: unknown, ctx: ErrorScreenContext): ErrorScreen {
  const m = resolveMessages(ctx.messages);
  const code = errorCodeOf(error) ?? 'unknown_error';
  const message = messageOf(error);
  const base = { code };
  switch (code) {
    case 'client_request_timeout':
      return {
        ...base,
        title: m.timedOutTitle,
        detail: message ?? m.timedOutDetail,
        cta: { text: m.timedOutCta },
      };
    case 'twilio_verification_failed':
      return {
        ...base,
        title: m.somethingWentWrongTitle,
        detail: message ?? m.defaultErrorDetail,
        cta: { text: m.somethingWentWrongCta },
      };
    case 'invalid_captcha':
      return {
        ...base,
        title: m.somethingWentWrongTitle,
        detail: m.invalidCaptchaDetail,
        cta: { text: m.somethingWentWrongCta },
        resetsCaptcha: true,
      };
    case 'disallowed_login_method':
      return {
        ...base,
        title: m.notAllowedTitle,
        detail: m.notAllowedDetail,
        cta: { text: m.tryAnotherMethod },
      };
    case 'allowlist_rejected': {
      const a = normaliseAllowlist(ctx.allowlistConfig);
      const cta: ErrorScreen['cta'] = { text: a.errorCtaText || m.allowlistRejectedCta };
      if (a.errorCtaLink) cta.href = a.errorCtaLink;
      return {
        ...base,
        title: a.errorTitle || m.allowlistRejectedTitle,
        detail: a.errorDetail || m.allowlistRejectedDetail,
        cta,
      };
    }
    case 'captcha_failure':
      return {
        ...base,
        title: m.somethingWentWrongTitle,
        detail: ctx.captchaRetriesExhausted
          ? m.captchaFailureExhaustedDetail
          : m.captchaFailureDetail,
        cta: { text: m.somethingWentWrongCta },
        resetsCaptcha: true,
      };
    case 'captcha_timeout':
      return {
        ...base,
        title: m.captchaTimeoutTitle,
        detail: m.captchaTimeoutDetail,
        cta: { text: m.somethingWentWrongCta },
        resetsCaptcha: true,
      };
    case 'linked_to_another_user':
      return {
        ...base,
        title: m.authenticationFailedTitle,
        detail: m.linkedToAnotherUserDetail,
        cta: { text: m.tryAgain },
      };
    case 'not_supported':
      return {
        ...base,
        title: m.regionNotSupportedTitle,
        detail: m.regionNotSupportedDetail,
        cta: { text: m.tryAnotherMethod },
      };
    case 'too_many_requests':
      return {
        ...base,
        title: m.tooManyRequestsTitle,
        detail: m.tooManyRequestsDetail,
        cta: { text: m.tooManyRequestsCta },
      };
    case 'max_accounts_reached':
      return {
        ...base,
        title: m.userLimitReachedTitle,
        detail: m.userLimitReachedDetail,
        cta: { text: m.userLimitReachedCta },
      };
    case 'user_does_not_exist':
      return {
        ...base,
        title: m.accountNotFoundTitle,
        detail: formatMessage(m.accountNotFoundDetail, { app: ctx.appName }),
        cta: { text: m.accountNotFoundCta },
      };
    // Accounts (spec sections 5 and 8; issue 6).
    case 'cannot_link_more_of_type':
      return {
        ...base,
        title: m.linkFailedTitle,
        detail:
          ctx.method === 'passkey'
            ? m.passkeyCannotLinkMore
            : ctx.method === 'oauth'
              ? m.oauthCannotLinkMore
              : (message ?? formatMessage(m.cannotLinkMoreOfType, { type: ctx.method ?? '' })),
        cta: { text: m.defaultErrorCta },
      };
    case 'cannot_unlink_last_account':
      return {
        ...base,
        title: m.unlinkFailedTitle,
        detail: m.cannotUnlinkLastAccountDetail,
        cta: { text: m.defaultErrorCta },
      };
    case 'cannot_unlink_embedded_wallet':
      return {
        ...base,
        title: m.unlinkFailedTitle,
        detail: m.cannotUnlinkEmbeddedWalletDetail,
        cta: { text: m.defaultErrorCta },
      };
    case 'account_not_linked':
      return {
        ...base,
        title: m.unlinkFailedTitle,
        detail: m.accountNotLinkedDetail,
        cta: { text: m.defaultErrorCta },
      };
    case 'email_required_to_update':
      return {
        ...base,
        title: m.updateEmailFailedTitle,
        detail: m.emailRequiredToUpdate,
        cta: { text: m.defaultErrorCta },
      };
    case 'missing_or_invalid_mfa':
      if (ctx.method === 'passkey') {
        return {
          ...base,
          title: m.unlinkFailedTitle,
          detail: m.passkeyMfaUnlink,
          cta: { text: m.defaultErrorCta },
        };
      }
      break;
  }
  if (error instanceof ApiError && error.status === 422) {
    return {
      ...base,
      title: m.somethingWentWrongTitle,
      detail: error.shortMessage,
      cta: { text: m.somethingWentWrongCta },
    };
  }
  return {
    ...base,
    title: m.defaultErrorTitle,
    detail: m.defaultErrorDetail,
    cta: { text: m.defaultErrorCta },
  };
}

/**
 * The screen an error leads to: allowlist_rejected, max_accounts_reached and
 * user_does_not_exist have their own screens (spec sections 2 and 8), everything else
 * goes to ERROR_SCREEN. All of them render {@link errorScreenFor}.
 */
export function screenForError(error: unknown): ScreenName {
  switch (errorCodeOf(error)) {
    case 'allowlist_rejected':
      return SCREEN.ALLOWLIST_REJECTION_SCREEN;
    case 'max_accounts_reached':
      return SCREEN.USER_LIMIT_REACHED_SCREEN;
    case 'user_does_not_exist':
      return SCREEN.ACCOUNT_NOT_FOUND_SCREEN;
    default:
      return SCREEN.ERROR_SCREEN;
  }
}
