/** The passkey method's screens (issue 11): the WebAuthn dialog and LINK_PASSKEY_SCREEN, lazy. */
import { SCREEN } from '@latchkey/core';
import { lazy } from 'react';
import type { ScreenEntries } from '../types.ts';

export const passkeyScreens: ScreenEntries = {
  [SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE]: {
    component: lazy(() => import('./screens/AwaitingPasskey/AwaitingPasskey.tsx')),
    back: SCREEN.LANDING,
  },
  [SCREEN.LINK_PASSKEY_SCREEN]: {
    component: lazy(() => import('./screens/LinkPasskey/LinkPasskey.tsx')),
  },
};
