/** The planned methods' screens (issue 11): 'not configured' until issue 16 builds them. */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

const MethodNotConfigured = lazyScreen(
  () => import('../../screens/MethodNotConfigured/MethodNotConfigured.tsx'),
);

export const plannedScreens: ScreenEntries = {
  [SCREEN.AWAITING_FARCASTER_CONNECTION]: { component: MethodNotConfigured, back: SCREEN.LANDING },
};
