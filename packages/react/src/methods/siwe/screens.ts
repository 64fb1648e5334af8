/**
 * The wallet (SIWE) method's screens (issue 11): connection (login and connect-only),
 * WalletConnect's QR code inside it, the failed-connection screen, Phantom, the in-app-browser notice and
 * LINK_WALLET_SCREEN, each lazy.
 */
import { SCREEN } from '@latchkey/core';
import { lazyScreen } from '../../Modal/lazyScreen.ts';
import type { ScreenEntries } from '../types.ts';

const AwaitingConnection = lazyScreen(
  () => import('./screens/AwaitingConnection/AwaitingConnection.tsx'),
);

export const siweScreens: ScreenEntries = {
  [SCREEN.AWAITING_CONNECTION]: {
    component: AwaitingConnection,
    back: SCREEN.LANDING,
    loginStep: true,
  },
  [SCREEN.AWAITING_CONNECT_ONLY_CONNECTION]: {
    component: AwaitingConnection,
    back: SCREEN.CONNECT_ONLY_LANDING_SCREEN,
  },
  [SCREEN.PHANTOM_INTERSTITIAL_SCREEN]: {
    component: lazyScreen(() => import('./screens/Phantom/PhantomInterstitial.tsx')),
    back: SCREEN.LANDING,
  },
  [SCREEN.INSTALL_PHANTOM_SCREEN]: {
    component: lazyScreen(() => import('./screens/Phantom/InstallPhantom.tsx')),
    back: SCREEN.PHANTOM_INTERSTITIAL_SCREEN,
  },
  [SCREEN.PHANTOM_REDIRECT_SCREEN]: {
    component: lazyScreen(() => import('./screens/Phantom/PhantomRedirect.tsx')),
    back: SCREEN.LANDING,
  },
  [SCREEN.IN_APP_BROWSER_LOGIN_NOT_POSSIBLE]: {
    component: lazyScreen(() => import('./screens/InAppBrowser/InAppBrowser.tsx')),
  },
  // The connection failed (spec sections 2 and 8): retry the same attempt or pick another wallet.
  [SCREEN.LOGIN_FAILED_SCREEN]: {
    component: lazyScreen(() => import('./screens/LoginFailed/LoginFailed.tsx')),
  },
  [SCREEN.LINK_WALLET_SCREEN]: {
    component: lazyScreen(() => import('./screens/LinkWallet/LinkWallet.tsx')),
  },
};
