/** The passkey method's screens (issue 11): the WebAuthn dialog and LINK_PASSKEY_SCREEN, lazy. */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const passkeyScreens: ScreenEntries = {
  [SCREEN.AWAITING_PASSKEY_SYSTEM_DIALOGUE]: {
    component: lazyScreen(() => import('./screens/AwaitingPasskey/AwaitingPasskey.tsx')),
    back: SCREEN.LANDING,
    loginStep: true,
  },
  [SCREEN.LINK_PASSKEY_SCREEN]: {
    component: lazyScreen(() => import('./screens/LinkPasskey/LinkPasskey.tsx')),
  },
};
