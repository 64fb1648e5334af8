/** The SMS method's screens (issue 11): LINK_PHONE_SCREEN, lazy. */
import { SCREEN } from '@latchkey/core';
import { lazy } from 'react';
import type { ScreenEntries } from '../types.ts';

export const smsScreens: ScreenEntries = {
  [SCREEN.LINK_PHONE_SCREEN]: {
    component: lazy(() => import('./screens/LinkPhone/LinkPhone.tsx')),
  },
};
