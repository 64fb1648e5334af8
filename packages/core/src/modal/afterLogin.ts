/**
 * Where a finished login goes next inside the modal (spec section 4, "Code entry" and "OAuth";
 * issue 6): the terms consent screen, embedded-wallet creation, or the successful end. Core's
 * `nextStepAfterLogin` decides the step; this drives the modal through it. DOM-free.
 */
import {
  type AfterLoginConfig,
  type AfterLoginStep,
  nextStepAfterLogin,
} from '../flows/afterLogin.ts';
import { SCREEN, type ScreenName } from '../screens/screens.ts';
import type { AuthenticateResult } from '../session/user.ts';
import type { ModalFailure } from './flow.ts';

/** The `useLogin({ onError })` code when the user declines the required terms. */
export const TERMS_DECLINED = 'terms_declined';

/**
 * The params {@link routeLogin} opens a screen with: `login` for AFFIRMATIVE_CONSENT_SCREEN,
 * or a `create` wallet request (settled by nobody: a failure logs the user out) for
 * EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN.
 */
export type AfterLoginParams =
  | { login: AuthenticateResult }
  | {
      wallet: {
        kind: 'create';
        login: AuthenticateResult;
        resolve: (value: unknown) => void;
        reject: (reason: unknown) => void;
      };
    };

/** What {@link routeLogin} drives: the app's rules, the modal's navigation and its end. */
export interface LoginRouteTarget {
  rules: AfterLoginConfig;
  navigate: (screen: ScreenName, params: AfterLoginParams) => void;
  complete: (result: AuthenticateResult) => void;
}

/**
 * Takes a finished login to its next step (spec section 4): AFFIRMATIVE_CONSENT_SCREEN with
 * `params.login`; EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN with a `create` wallet request; or
 * `complete(result)` (the modal closes and `useLogin({ onComplete })` fires).
 *
 * @returns The step taken: 'consent' | 'create-wallet' | 'done'.
 */
export function routeLogin(target: LoginRouteTarget, result: AuthenticateResult): AfterLoginStep {
  const step = nextStepAfterLogin(target.rules, result.user);
  switch (step) {
    case 'consent':
      target.navigate(SCREEN.AFFIRMATIVE_CONSENT_SCREEN, { login: result });
      break;
    case 'create-wallet':
      target.navigate(SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN, {
        wallet: { kind: 'create', login: result, resolve: () => {}, reject: () => {} },
      });
      break;
    default:
      target.complete(result);
  }
  return step;
}

/**
 * The modal is closed during a login's success pause: the login finishes (`complete`) unless
 * the terms still need consent; then closing declines them: `logout()` runs (its failure is
 * ignored) and the `terms_declined` failure with `termsDeclinedMessage` is returned for the
 * login listeners. A wallet still to be created is created later, on reconnect.
 *
 * @returns The failure to report, or undefined when the login completed.
 */
export function closeLoginOnSuccess(
  target: Pick<LoginRouteTarget, 'rules' | 'complete'> & { termsDeclinedMessage: string },
  result: AuthenticateResult,
  logout: () => Promise<void>,
): ModalFailure | undefined {
  if (nextStepAfterLogin(target.rules, result.user) === 'consent') {
    logout().catch(() => {});
    return { code: TERMS_DECLINED, message: target.termsDeclinedMessage };
  }
  target.complete(result);
  return undefined;
}
