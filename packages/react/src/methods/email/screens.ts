/** The email method's screens (issue 11): LINK_EMAIL_SCREEN and UPDATE_EMAIL_SCREEN, lazy. */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const emailScreens: ScreenEntries = {
  [SCREEN.LINK_EMAIL_SCREEN]: {
    component: lazyScreen(() => import('./screens/LinkEmail/LinkEmail.tsx')),
  },
  [SCREEN.UPDATE_EMAIL_SCREEN]: {
    component: lazyScreen(() => import('./screens/UpdateEmail/UpdateEmail.tsx')),
  },
};
