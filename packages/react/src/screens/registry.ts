import { SCREEN, type ScreenName } from '@latchkey/core';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A screen: a small component that reads everything it needs from the modal context. */
export type ScreenComponent = LazyExoticComponent<ComponentType>;

/** One navigation entry: the screen's component and, when it has a Back button, where it goes. */
export interface ScreenEntry {
  component: ScreenComponent;
  back?: ScreenName;
}

const ErrorScreen = lazy(() => import('./ErrorScreen/ErrorScreen.tsx'));
const AwaitingConnection = lazy(() => import('./AwaitingConnection/AwaitingConnection.tsx'));
const MethodNotConfigured = lazy(() => import('./MethodNotConfigured/MethodNotConfigured.tsx'));

/**
 * The modal's navigation, as data: screen name -> lazily imported component
 * (spec section 2). Each screen's code is fetched the first time it is shown.
 * A new screen is one entry here and one folder beside this file.
 * The allowlist, user-limit and account-not-found screens render core's `errorScreenFor`
 * like ERROR_SCREEN does, so they share its component.
 */
export const SCREENS: Partial<Record<ScreenName, ScreenEntry>> = {
  [SCREEN.LANDING]: { component: lazy(() => import('./Landing/Landing.tsx')) },
  [SCREEN.AWAITING_PASSWORDLESS_CODE]: {
    component: lazy(() => import('./AwaitingPasswordlessCode/AwaitingPasswordlessCode.tsx')),
    back: SCREEN.LANDING,
  },
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
  // External wallets, connect-only and the methods later issues build (issue 4).
  [SCREEN.CONNECT_OR_CREATE]: { component: lazy(() => import('./Landing/Landing.tsx')) },
  [SCREEN.AWAITING_CONNECTION]: { component: AwaitingConnection, back: SCREEN.LANDING },
  [SCREEN.AWAITING_CONNECT_ONLY_CONNECTION]: {
    component: AwaitingConnection,
    back: SCREEN.CONNECT_ONLY_LANDING_SCREEN,
  },
  [SCREEN.LOGIN_FAILED_SCREEN]: { component: lazy(() => import('./LoginFailed/LoginFailed.tsx')) },
  [SCREEN.PHANTOM_INTERSTITIAL_SCREEN]: {
    component: lazy(() => import('./Phantom/PhantomInterstitial.tsx')),
    back: SCREEN.LANDING,
  },
  [SCREEN.INSTALL_PHANTOM_SCREEN]: {
    component: lazy(() => import('./Phantom/InstallPhantom.tsx')),
    back: SCREEN.PHANTOM_INTERSTITIAL_SCREEN,
  },
  [SCREEN.PHANTOM_REDIRECT_SCREEN]: {
    component: lazy(() => import('./Phantom/PhantomRedirect.tsx')),
    back: SCREEN.LANDING,
  },
  [SCREEN.IN_APP_BROWSER_LOGIN_NOT_POSSIBLE]: {
    component: lazy(() => import('./InAppBrowser/InAppBrowser.tsx')),
  },
  [SCREEN.CONNECT_ONLY_LANDING_SCREEN]: {
    component: lazy(() => import('./ConnectOnly/ConnectOnlyLanding.tsx')),
  },
  [SCREEN.CONNECT_ONLY_AUTHENTICATED_SCREEN]: {
    component: lazy(() => import('./ConnectOnly/ConnectOnlyAuthenticated.tsx')),
  },
  [SCREEN.AWAITING_OAUTH_SCREEN]: {
    component: lazy(() => import('./AwaitingOAuth/AwaitingOAuth.tsx')),
    back: SCREEN.LANDING,
  },
  [SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE]: {
    component: lazy(() => import('./AwaitingPasskey/AwaitingPasskey.tsx')),
    back: SCREEN.LANDING,
  },
  // Accounts and gates (issue 6).
  [SCREEN.AFFIRMATIVE_CONSENT_SCREEN]: {
    component: lazy(() => import('./AffirmativeConsent/AffirmativeConsent.tsx')),
  },
  [SCREEN.CAPTCHA_SCREEN]: { component: lazy(() => import('./Captcha/Captcha.tsx')) },
  [SCREEN.LINK_EMAIL_SCREEN]: { component: lazy(() => import('./LinkEmail/LinkEmail.tsx')) },
  [SCREEN.LINK_PHONE_SCREEN]: { component: lazy(() => import('./LinkPhone/LinkPhone.tsx')) },
  [SCREEN.LINK_WALLET_SCREEN]: { component: lazy(() => import('./LinkWallet/LinkWallet.tsx')) },
  [SCREEN.LINK_PASSKEY_SCREEN]: {
    component: lazy(() => import('./LinkPasskey/LinkPasskey.tsx')),
  },
  [SCREEN.UPDATE_EMAIL_SCREEN]: { component: lazy(() => import('./UpdateEmail/UpdateEmail.tsx')) },
  [SCREEN.AWAITING_FARCASTER_CONNECTION]: { component: MethodNotConfigured, back: SCREEN.LANDING },
  [SCREEN.TELEGRAM_AUTH_SCREEN]: { component: MethodNotConfigured, back: SCREEN.LANDING },
};

const FALLBACK: ScreenEntry = { component: ErrorScreen };

/** The entry for `screen`; a screen not built yet shows ERROR_SCREEN. */
export function screenEntry(screen: ScreenName): ScreenEntry {
  return SCREENS[screen] ?? FALLBACK;
}
