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
};

const FALLBACK: ScreenEntry = { component: ErrorScreen };

/** The entry for `screen`; a screen not built yet shows ERROR_SCREEN. */
export function screenEntry(screen: ScreenName): ScreenEntry {
  return SCREENS[screen] ?? FALLBACK;
}
