import { SCREEN, type ScreenName } from '@latchkey/core';
import { lazyScreen, preloadScreenComponent, screenComponentSettled } from '../Modal/lazyScreen.ts';
import { METHOD_SCREENS } from '../methods/screens.ts';
import type { ScreenEntries, ScreenEntry } from '../Modal/types.ts';

const ErrorScreen = lazyScreen(() => import('./ErrorScreen/ErrorScreen.tsx'));

/**
 * The modal's navigation, as data: screen name -> lazily imported component
 * (spec section 2). Each screen's code is fetched the first time it is shown, or before:
 * {@link preloadLikelyNext} fetches the screens that usually follow the one shown (issue 14
 * item 2), and the modal uses {@link preloadScreen} / {@link screenReady} to show no card
 * until its first screen can render.
 * A new screen is one entry here and one folder beside this file; a login method's screens
 * live in its folder (`methods/<id>/screens.ts`) and come in through `METHOD_SCREENS`.
 * The allowlist, user-limit and account-not-found screens render core's `errorScreenFor`
 * like ERROR_SCREEN does, so they share its component.
 */
export const SCREENS: ScreenEntries = {
  ...METHOD_SCREENS,
  [SCREEN.LANDING]: { component: lazyScreen(() => import('./Landing/Landing.tsx')) },
  [SCREEN.ERROR_SCREEN]: { component: ErrorScreen },
  [SCREEN.ALLOWLIST_REJECTION_SCREEN]: { component: ErrorScreen },
  [SCREEN.USER_LIMIT_REACHED_SCREEN]: { component: ErrorScreen },
  [SCREEN.ACCOUNT_NOT_FOUND_SCREEN]: { component: ErrorScreen },
  // Embedded wallet (issue 3): one folder each; the password-flow steps go Back inside their screen.
  [SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletOnAccountCreate/EmbeddedWalletOnAccountCreate.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_CREATED_SCREEN]: {
    component: lazyScreen(() => import('./EmbeddedWalletCreated/EmbeddedWalletCreated.tsx')),
  },
  [SCREEN.EMBEDDED_WALLET_CONNECTING_SCREEN]: {
    component: lazyScreen(() => import('./EmbeddedWalletConnecting/EmbeddedWalletConnecting.tsx')),
  },
  [SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletRecoverySelection/EmbeddedWalletRecoverySelection.tsx'),
    ),
  },
  // Issue 23: the wallet's backup in the user's Google Drive or iCloud (recover, create, set).
  [SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletRecoveryOAuth/EmbeddedWalletRecoveryOAuth.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletPasswordRecovery/EmbeddedWalletPasswordRecovery.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletPasswordCreate/EmbeddedWalletPasswordCreate.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletPasswordUpdateSplash/EmbeddedWalletPasswordUpdateSplash.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletPasswordUpdate/EmbeddedWalletPasswordUpdate.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_SIGN_REQUEST_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletSignRequest/EmbeddedWalletSignRequest.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN]: {
    component: lazyScreen(
      () => import('./EmbeddedWalletSendTransaction/EmbeddedWalletSendTransaction.tsx'),
    ),
  },
  [SCREEN.EMBEDDED_WALLET_KEY_EXPORT_SCREEN]: {
    component: lazyScreen(() => import('./EmbeddedWalletKeyExport/EmbeddedWalletKeyExport.tsx')),
  },
  // Issue 22 item 4: the key import page in a frame.
  [SCREEN.EMBEDDED_WALLET_IMPORT_SCREEN]: {
    component: lazyScreen(() => import('./EmbeddedWalletImport/EmbeddedWalletImport.tsx')),
  },
  // Funding (issue 20): the card on-ramp's prompt and its result.
  [SCREEN.FIAT_ON_RAMP_PROMPT_SCREEN]: {
    component: lazyScreen(() => import('./FiatOnRamp/FiatOnRampPrompt.tsx')),
  },
  [SCREEN.FIAT_ON_RAMP_STATUS_SCREEN]: {
    component: lazyScreen(() => import('./FiatOnRamp/FiatOnRampStatus.tsx')),
  },
  // Connect-only and the login-failed screen (issue 4).
  [SCREEN.CONNECT_OR_CREATE]: { component: lazyScreen(() => import('./Landing/Landing.tsx')) },
  [SCREEN.CONNECT_ONLY_LANDING_SCREEN]: {
    component: lazyScreen(() => import('./ConnectOnly/ConnectOnlyLanding.tsx')),
  },
  [SCREEN.CONNECT_ONLY_AUTHENTICATED_SCREEN]: {
    component: lazyScreen(() => import('./ConnectOnly/ConnectOnlyAuthenticated.tsx')),
  },
  // Accounts and gates (issue 6).
  [SCREEN.AFFIRMATIVE_CONSENT_SCREEN]: {
    component: lazyScreen(() => import('./AffirmativeConsent/AffirmativeConsent.tsx')),
  },
  [SCREEN.CAPTCHA_SCREEN]: { component: lazyScreen(() => import('./Captcha/Captcha.tsx')) },
  // MFA (issue 15): its screens live in `../mfa/`, with the prompt's store and hooks.
  [SCREEN.MFA_VERIFICATION_SCREEN]: {
    component: lazyScreen(() => import('../mfa/MfaVerificationScreen.tsx')),
  },
  [SCREEN.MFA_ENROLLMENT_FLOW_SCREEN]: {
    component: lazyScreen(() => import('../mfa/MfaEnrollment.tsx')),
  },
};

const FALLBACK: ScreenEntry = { component: ErrorScreen };

/** The entry for `screen`; a screen not built yet shows ERROR_SCREEN. */
export function screenEntry(screen: ScreenName): ScreenEntry {
  return SCREENS[screen] ?? FALLBACK;
}

/** What follows a login method's awaiting screen: the consent, or the wallet's creation. */
const AFTER_LOGIN = [
  SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN,
  SCREEN.AFFIRMATIVE_CONSENT_SCREEN,
  SCREEN.ERROR_SCREEN,
] as const;

/** The methods' awaiting screens (entries marked `loginStep`, declared in each method folder). */
const LOGIN_STEPS = (Object.keys(SCREENS) as ScreenName[]).filter((s) => SCREENS[s]?.loginStep);

/**
 * The screens that usually follow each screen (issue 14 item 2, "No flicker, no jumps"): their
 * code is fetched while that screen shows, so moving on renders at once. A login goes LANDING ->
 * the method's awaiting screen (code, OAuth, passkey, wallet: `loginStep`) -> (consent) ->
 * wallet creation -> wallet created; the password splash leads to the password screen. Other
 * moves still keep the old screen until the new one's code is in (the modal navigates in a
 * transition).
 */
const LIKELY_NEXT: Partial<Record<ScreenName, readonly ScreenName[]>> = {
  [SCREEN.LANDING]: [...LOGIN_STEPS, SCREEN.ERROR_SCREEN],
  ...Object.fromEntries(LOGIN_STEPS.map((step) => [step, AFTER_LOGIN])),
  [SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN]: [
    SCREEN.EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN,
  ],
  [SCREEN.AFFIRMATIVE_CONSENT_SCREEN]: [SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN],
  // Issue 23: a backup or recovery choice usually goes on to the cloud page or the password flow.
  [SCREEN.EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN]: [
    SCREEN.EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN,
    SCREEN.EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN,
  ],
  [SCREEN.EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN]: [SCREEN.EMBEDDED_WALLET_CREATED_SCREEN],
};

/**
 * Starts fetching `screen`'s code.
 *
 * @returns A promise that settles once the fetch has (fulfilled even when it failed: rendering
 * the screen then shows the import error as before).
 */
export function preloadScreen(screen: ScreenName): Promise<void> {
  return preloadScreenComponent(screenEntry(screen).component);
}

/** Whether `screen` can render without waiting for its code (fetched, or failed to fetch). */
export function screenReady(screen: ScreenName): boolean {
  return screenComponentSettled(screenEntry(screen).component);
}

/** The screens that usually follow `screen` ({@link LIKELY_NEXT}). */
export function likelyNext(screen: ScreenName): readonly ScreenName[] {
  return LIKELY_NEXT[screen] ?? [];
}

/** Starts fetching the code of the screens that usually follow `screen` ({@link LIKELY_NEXT}). */
export function preloadLikelyNext(screen: ScreenName): void {
  for (const next of likelyNext(screen)) void preloadScreen(next);
}
