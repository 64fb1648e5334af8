/**
 * The code screen email and SMS share (issue 11): AWAITING_PASSWORDLESS_CODE, lazy. Not a
 * method of its own: `passwordless/` holds what the two passwordless methods share (this
 * screen and the modal's flow handle, `./flow.ts`).
 */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const passwordlessScreens: ScreenEntries = {
  [SCREEN.AWAITING_PASSWORDLESS_CODE]: {
    component: lazyScreen(
      () => import('./screens/AwaitingPasswordlessCode/AwaitingPasswordlessCode.tsx'),
    ),
    back: SCREEN.LANDING,
    loginStep: true,
  },
};
