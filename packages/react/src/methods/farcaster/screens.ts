/**
 * The Farcaster method's screens (issue 16): AWAITING_FARCASTER_CONNECTION and
 * AWAITING_FARCASTER_SIGNER, each lazy (the QR code's `qrcode` loads with them).
 */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

export const farcasterScreens: ScreenEntries = {
  [SCREEN.AWAITING_FARCASTER_CONNECTION]: {
    component: lazyScreen(() => import('./screens/FarcasterConnect/FarcasterConnect.tsx')),
    back: SCREEN.LANDING,
    loginStep: true,
  },
  // Opened by `useFarcasterSigner().requestFarcasterSigner()` (a wallet flow): no Back.
  [SCREEN.AWAITING_FARCASTER_SIGNER]: {
    component: lazyScreen(() => import('./screens/FarcasterSigner/FarcasterSigner.tsx')),
  },
};
