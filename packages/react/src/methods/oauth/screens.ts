/** The OAuth method's screens (issue 11): AWAITING_OAUTH_SCREEN, lazy. */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const oauthScreens: ScreenEntries = {
  [SCREEN.AWAITING_OAUTH_SCREEN]: {
    component: lazyScreen(() => import('./screens/AwaitingOAuth/AwaitingOAuth.tsx')),
    back: SCREEN.LANDING,
    loginStep: true,
  },
};
