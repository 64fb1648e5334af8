import { SCREEN, type ScreenName } from '@latchkey/core';
import { lazy } from 'react';
import { METHOD_SCREENS } from '../methods/screens.ts';
import type { ScreenEntries, ScreenEntry } from '../Modal/types.ts';

const ErrorScreen = lazy(() => import('./ErrorScreen/ErrorScreen.tsx'));

/**
 * The modal's navigation, as data: screen name -> lazily imported component
 * (spec section 2). Each screen's code is fetched the first time it is shown.
 * A new screen is one entry here and one folder beside this file; a login method's screens
 * live in its folder (`methods/<id>/screens.ts`) and come in through `METHOD_SCREENS`.
 * The allowlist, user-limit and account-not-found screens render core's `errorScreenFor`
 * like ERROR_SCREEN does, so they share its component.
 */
export const SCREENS: ScreenEntries = {
  ...METHOD_SCREENS,
  [SCREEN.LANDING]: { component: lazy(() => import('./Landing/Landing.tsx')) },
  [SCREEN.ERROR_SCREEN]: { component: ErrorScreen },
  [SCREEN.ALLOWLIST_REJECTION_SCREEN]: { component: ErrorScreen },
  [SCREEN.USER_LIMIT_REACHED_SCREEN]: { component: ErrorScreen },
  [SCREEN.ACCOUNT_NOT_FOUND_SCREEN]: { component: ErrorScreen },
  // Embedded wallet (issue 3): one folder each; the password-flow steps go Back inside their screen.
  [SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN]: {
    component: lazy(
      () => import('./EmbeddedWalletOnAccountCreate/EmbeddedWalletOnAccountCreate.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_CREATED_SCREEN]: {
    component: lazy(() => import('./EmbeddedWalletCreated/EmbeddedWalletCreated.tsx')),
  },
  [SCREEN.EMBEDDED_WALLET_CONNECTING_SCREEN]: {
    component: lazy(() => import('./EmbeddedWalletConnecting/EmbeddedWalletConnecting.tsx')),
  },
  [SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN]: {
    component: lazy(
      () => import('./EmbeddedWalletRecoverySelection/EmbeddedWalletRecoverySelection.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN]: {
    component: lazy(
      () => import('./EmbeddedWalletPasswordRecovery/EmbeddedWalletPasswordRecovery.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN]: {
    component: lazy(
      () => import('./EmbeddedWalletPasswordCreate/EmbeddedWalletPasswordCreate.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN]: {
    component: lazy(
      () => import('./EmbeddedWalletPasswordUpdateSplash/EmbeddedWalletPasswordUpdateSplash.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN]: {
    component: lazy(
      () => import('./EmbeddedWalletPasswordUpdate/EmbeddedWalletPasswordUpdate.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN]: {
    component: lazy(() => import('./EmbeddedWalletSignRequest/EmbeddedWalletSignRequest.tsx')),
  },
  [SCREEN.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN]: {
    component: lazy(
      () => import('./EmbeddedWalletSendTransaction/EmbeddedWalletSendTransaction.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_KEY_EXPORT_SCREEN]: {
    component: lazy(() => import('./EmbeddedWalletKeyExport/EmbeddedWalletKeyExport.tsx')),
  },
  // Connect-only and the login-failed screen (issue 4).
  [SCREEN.CONNECT_OR_CREATE]: { component: lazy(() => import('./Landing/Landing.tsx')) },
  [SCREEN.CONNECT_ONLY_LANDING_SCREEN]: {
    component: lazy(() => import('./ConnectOnly/ConnectOnlyLanding.tsx')),
  },
  [SCREEN.CONNECT_ONLY_AUTHENTICATED_SCREEN]: {
    component: lazy(() => import('./ConnectOnly/ConnectOnlyAuthenticated.tsx')),
  },
  // Accounts and gates (issue 6).
  [SCREEN.AFFIRMATIVE_CONSENT_SCREEN]: {
    component: lazy(() => import('./AffirmativeConsent/AffirmativeConsent.tsx')),
  },
  [SCREEN.CAPTCHA_SCREEN]: { component: lazy(() => import('./Captcha/Captcha.tsx')) },
};

const FALLBACK: ScreenEntry = { component: ErrorScreen };

/** The entry for `screen`; a screen not built yet shows ERROR_SCREEN. */
export function screenEntry(screen: ScreenName): ScreenEntry {
  return SCREENS[screen] ?? FALLBACK;
}
