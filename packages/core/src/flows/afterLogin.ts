/**
 * What follows a successful login (spec section 4, "Code entry" and "OAuth and Telegram
 * screens"; issue 6): the terms consent screen, then embedded-wallet creation, then closing.
 */
import { SUCCESS_CLOSE_MS, SUCCESS_REDIRECT_MS } from '@latchkey/api';
import type { User } from '../session/user.ts';
import { type CreateOnLogin, shouldCreateWalletOnLogin } from '../wallets/embedded/types.ts';

/** The step after a login: AFFIRMATIVE_CONSENT_SCREEN, wallet creation, or close. */
export type AfterLoginStep = 'consent' | 'create-wallet' | 'done';

/** The app settings {@link nextStepAfterLogin} reads. */
export type AfterLoginConfig = {
  /** Server config `require_users_accept_terms`. */
  requireUsersAcceptTerms: boolean;
  /** Client config `embeddedWallets.createOnLogin`. */
  createOnLogin: CreateOnLogin;
};

/**
 * The step after a login (spec section 4): consent first when the app requires terms and the
 * user has not accepted them (`user.hasAcceptedTerms` false); else wallet creation when the
 * create-on-login rule applies ({@link shouldCreateWalletOnLogin}); else 'done'.
 * Call it again after Accept: the accepted user then moves on to wallet creation or 'done'.
 *
 * @param config - See {@link AfterLoginConfig}.
 * @param user - The logged-in user.
 * @returns 'consent' | 'create-wallet' | 'done'.
 * @example nextStepAfterLogin({ requireUsersAcceptTerms: true, createOnLogin: 'off' }, user) // 'consent'
 */
export function nextStepAfterLogin(config: AfterLoginConfig, user: User): AfterLoginStep {
  if (config.requireUsersAcceptTerms && !user.hasAcceptedTerms) return 'consent';
  if (shouldCreateWalletOnLogin(config.createOnLogin, user)) return 'create-wallet';
  return 'done';
}

/**
 * How long the success state shows before `step` (spec sections 4 and 9), in ms:
 * 900 (SUCCESS_REDIRECT_MS) before consent or wallet creation, 1400 (SUCCESS_CLOSE_MS) before
 * closing.
 */
export function afterLoginDelayMs(step: AfterLoginStep): number {
  return step === 'done' ? SUCCESS_CLOSE_MS : SUCCESS_REDIRECT_MS;
}
