/** The OAuth method's screens (issue 11): AWAITING_OAUTH_SCREEN, lazy. */
import { SCREEN } from '@latchkey/core';
import { lazy } from 'react';
import type { ScreenEntries } from '../types.ts';

export const oauthScreens: ScreenEntries = {
  [SCREEN.AWAITING_OAUTH_SCREEN]: {
    component: lazy(() => import('./screens/AwaitingOAuth/AwaitingOAuth.tsx')),
    back: SCREEN.LANDING,
  },
};
