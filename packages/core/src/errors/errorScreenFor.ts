import { type Messages, resolveMessages } from '../messages.ts';
import { SCREEN, type ScreenName } from '../screens/screens.ts';
import { LatchkeyError } from './base.ts';
import { ApiError } from './request.ts';
import {
  DEFAULT_ERROR_ROW,
  type ErrorMethod,
  type ErrorScreen,
  type ErrorScreenContext,
  errorRowFor,
  resolveErrorText,
} from './table.ts';

export type { AllowlistConfig, ErrorMethod, ErrorScreen, ErrorScreenContext } from './table.ts';

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
 * (spec section 8, "Error screen by code"): a read of `ERROR_TABLE` (`./table.ts`). Every
 * string comes from `messages` and can be overridden through `ctx.messages`; allowlist texts
 * come from `ctx.allowlistConfig`. A code without a row shows the server's message for an
 * HTTP 422 answer, else the default texts.
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
  const row = errorRowFor(code, ctx);
  if (!row && error instanceof ApiError && error.status === 422) {
    return {
      code,
      title: m.somethingWentWrongTitle,
      detail: error.shortMessage,
      cta: { text: m.somethingWentWrongCta },
    };
  }
  const {
    title,
    detail,
    cta = 'defaultErrorCta',
    ctaHref,
    resetsCaptcha,
  } = row ?? DEFAULT_ERROR_ROW;
  const screen: ErrorScreen = {
    code,
    title: resolveErrorText(title, m, ctx, message),
    detail: resolveErrorText(detail, m, ctx, message),
    cta: { text: resolveErrorText(cta, m, ctx, message) },
  };
  const href = ctaHref?.(ctx);
  if (href) screen.cta.href = href;
  if (resetsCaptcha) screen.resetsCaptcha = true;
  return screen;
}

/**
 * The screen an error leads to: allowlist_rejected, max_accounts_reached and
 * user_does_not_exist have their own screens (spec sections 2 and 8), everything else
 * goes to ERROR_SCREEN. All of them render {@link errorScreenFor}. Reads `ERROR_TABLE`.
 */
export function screenForError(error: unknown): ScreenName {
  return errorRowFor(errorCodeOf(error))?.screen ?? SCREEN.ERROR_SCREEN;
}

/**
 * The one-line text a method's own screen shows for an error (spec section 8): the passkey
 * dialog ('Passkey request timed out or rejected by user.', 'Cannot link more passkeys to
 * account.', ...), the wallet connection ('This wallet has already been linked to another
 * user.', 'The request timed out. Try again.'), and 'You must be logged in...' for the
 * not-authenticated codes. Reads the `inline` column of `ERROR_TABLE`.
 *
 * @param error - Anything thrown.
 * @param method - The method whose screen shows the text.
 * @param m - The resolved catalogue (`resolveMessages(overrides)` or the modal's).
 * @param options.shared - Also the texts shared by every method (`inline.any`, such as 'You must
 *   be logged in...'). Default `true`; a screen that shows only its method's texts passes `false`.
 * @returns The text, or `undefined` when the code has none for this method (the caller picks
 *   its fallback, e.g. `m.passkeyUnknownError`).
 * @example
 * const text = errorTextFor(err, 'passkey', m) ?? m.passkeyUnknownError;
 */
export function errorTextFor(
  error: unknown,
  method: ErrorMethod,
  m: Messages,
  options: { shared?: boolean } = {},
): string | undefined {
  const inline = errorRowFor(errorCodeOf(error), { method })?.inline;
  const key = inline?.[method] ?? (options.shared === false ? undefined : inline?.any);
  return key === undefined ? undefined : m[key];
}
