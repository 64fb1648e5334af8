/** The planned methods' screens (issue 11): 'not configured' until issue 16 builds them. */
import { SCREEN } from '@latchkey/core';
import { lazy } from 'react';
import type { ScreenEntries } from '../types.ts';

const MethodNotConfigured = lazy(
  () => import('../../screens/MethodNotConfigured/MethodNotConfigured.tsx'),
);

export const plannedScreens: ScreenEntries = {
  [SCREEN.AWAITING_FARCASTER_CONNECTION]: { component: MethodNotConfigured, back: SCREEN.LANDING },
};
