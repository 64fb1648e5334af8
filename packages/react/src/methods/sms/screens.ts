/** The SMS method's screens (issue 11): LINK_PHONE_SCREEN, lazy. */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const smsScreens: ScreenEntries = {
  [SCREEN.LINK_PHONE_SCREEN]: {
    component: lazyScreen(() => import('./screens/LinkPhone/LinkPhone.tsx')),
  },
};
