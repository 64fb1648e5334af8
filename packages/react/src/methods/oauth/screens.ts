/**
 * The OAuth method's screens (issue 11), lazy: AWAITING_OAUTH_SCREEN, and CROSS_APP_AUTH_SCREEN
 * for another app's account (issue 21).
 */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const oauthScreens: ScreenEntries = {
  [SCREEN.AWAITING_OAUTH_SCREEN]: {
    component: lazyScreen(() => import('./screens/AwaitingOAuth/AwaitingOAuth.tsx')),
    back: SCREEN.LANDING,
    loginStep: true,
  },
  [SCREEN.CROSS_APP_AUTH_SCREEN]: {
    component: lazyScreen(() => import('./screens/CrossAppAuth/CrossAppAuth.tsx')),
    back: SCREEN.LANDING,
    loginStep: true,
  },
};
