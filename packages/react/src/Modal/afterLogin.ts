import {
  afterLoginDelayMs,
  type AuthenticateResult,
  closeLoginOnSuccess,
  nextStepAfterLogin,
  routeLogin,
  type ScreenName,
  TERMS_DECLINED,
} from '@latchkey/core';
import type { ResolvedConfig } from '../config/resolveConfig.ts';
import type { LoginFailure, ScreenParams } from './types.ts';

/** What comes after a successful login (spec section 4, "Code entry" and "OAuth"). */
export type AfterLoginStep = ReturnType<typeof nextStepAfterLogin>;

/** The app rules core's after-login route reads, from the resolved config. */
function rulesOf(config: ResolvedConfig) {
  return {
    requireUsersAcceptTerms: config.legal.requireUsersAcceptTerms,
    createOnLogin: config.wallet.createOnLogin,
  };
}

/**
 * The step after a login (spec section 4): 'consent' when the app requires terms acceptance
 * and the user has not accepted them, else 'create-wallet' when an embedded wallet must be
 * created on login, else 'done'. Core's `nextStepAfterLogin` decides; this reads the rules
 * from the modal's resolved config.
 */
export function afterLoginStep(config: ResolvedConfig, result: AuthenticateResult): AfterLoginStep {
  return nextStepAfterLogin(rulesOf(config), result.user);
}

/**
 * How long the success state shows before {@link routeAfterLogin} runs, in ms (spec sections 4
 * and 9): 900 before the consent or wallet-creation screen, 1400 before closing.
 */
export function afterLoginDelay(config: ResolvedConfig, result: AuthenticateResult): number {
  return afterLoginDelayMs(afterLoginStep(config, result));
}

/** What {@link routeAfterLogin} drives: the modal's navigation and its successful end. */
export interface AfterLoginTarget {
  config: ResolvedConfig;
  navigate: (screen: ScreenName, params?: ScreenParams) => void;
  complete: (result: AuthenticateResult) => void;
}

/**
 * The one place a finished login goes next (spec section 4): AFFIRMATIVE_CONSENT_SCREEN with
 * `params.login`; EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN (its failure logs the user out);
 * or `complete(result)`, which closes the modal and fires `useLogin({ onComplete })`.
 * Every login method's screen (code entry, wallet connection, OAuth, passkey) calls it after
 * its success pause ({@link afterLoginDelay}); the consent screen calls it again after Accept.
 * Core's `routeLogin` (`@latchkey/core`, modal/) decides; this reads the rules from the config.
 *
 * @returns The step taken.
 */
export function routeAfterLogin(
  target: AfterLoginTarget,
  result: AuthenticateResult,
): AfterLoginStep {
  return routeLogin(
    { rules: rulesOf(target.config), navigate: target.navigate, complete: target.complete },
    result,
  );
}

/**
 * The modal is closed during a login's success pause: the login finishes instead of being
 * abandoned (`complete`), unless the terms still need consent: then closing declines them,
 * the user is logged out and `useLogin({ onError })` gets `terms_declined` (returned, for
 * `useOnCancel`). A wallet still to be created is created later by the provider on reconnect.
 */
export function closeDuringLoginSuccess(
  target: Pick<AfterLoginTarget, 'config' | 'complete'>,
  result: AuthenticateResult,
  logout: () => Promise<void>,
): LoginFailure | undefined {
  return closeLoginOnSuccess(
    {
      rules: rulesOf(target.config),
      complete: target.complete,
      termsDeclinedMessage: target.config.messages.termsDeclined,
    },
    result,
    logout,
  );
}

/** The `useLogin({ onError })` code when the user declines the required terms. */
export { TERMS_DECLINED };
