import { isInAppBrowser, SCREEN, type ScreenName, walletClickAllowed } from '@latchkey/core';
import type { ScreenParams } from '../../../Modal/types.ts';
import type { WalletOption } from './walletOptions.ts';

/** Where a click on a wallet leads (spec sections 2, 4 and 5). */
export interface WalletDestination {
  screen: ScreenName;
  params: ScreenParams;
}

/** Context of {@link walletDestination}. */
export interface WalletClickContext {
  mode: 'login' | 'connect-only';
  userAgent: string;
  /** `event.isTrusted` of the click (spec section 5). */
  isTrusted: boolean;
  isMobile: boolean;
  /** WalletConnect is configured (project id) and enabled. */
  walletConnect: boolean;
}

/**
 * The screen a wallet click opens:
 * - in an in-app browser, an untrusted click, or a wallet that is not installed there ->
 *   IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (spec section 5);
 * - an installed wallet -> AWAITING_CONNECTION (AWAITING_CONNECT_ONLY_CONNECTION in
 *   connect-only mode) with its EIP-1193 provider (`connector_type` 'injected');
 * - Phantom not installed -> the Phantom redirect on a phone, else PHANTOM_INTERSTITIAL_SCREEN;
 * - WalletConnect, or a wallet with a WalletConnect app that is not installed, when a project
 *   id is configured -> AWAITING_CONNECTION with `walletConnect` (QR code first);
 * - anything else not installed -> LOGIN_FAILED_SCREEN saying it is not installed.
 */
export function walletDestination(
  option: WalletOption,
  ctx: WalletClickContext,
): WalletDestination {
  const inApp = isInAppBrowser(ctx.userAgent);
  if (!walletClickAllowed({ userAgent: ctx.userAgent, isTrusted: ctx.isTrusted })) {
    return { screen: SCREEN.IN_APP_BROWSER_LOGIN_NOT_POSSIBLE, params: {} };
  }
  if (option.provider) {
    return {
      screen:
        ctx.mode === 'connect-only'
          ? SCREEN.AWAITING_CONNECT_ONLY_CONNECTION
          : SCREEN.AWAITING_CONNECTION,
      params: {
        externalWallet: {
          provider: option.provider,
          walletClientType: option.walletClientType,
          connectorType: 'injected',
          name: option.name,
          ...(option.icon ? { icon: option.icon } : {}),
        },
      },
    };
  }
  if (inApp) return { screen: SCREEN.IN_APP_BROWSER_LOGIN_NOT_POSSIBLE, params: {} };
  if (option.known?.id === 'phantom') {
    return {
      screen: ctx.isMobile ? SCREEN.PHANTOM_REDIRECT_SCREEN : SCREEN.PHANTOM_INTERSTITIAL_SCREEN,
      params: {},
    };
  }
  // The list leaves the WalletConnect entry out when it is not offered (no project id); should
  // one still be clicked, its step says so.
  if (
    option.known?.id === 'wallet_connect' ||
    (ctx.walletConnect && (option.known?.walletConnect ?? false))
  ) {
    return {
      screen:
        ctx.mode === 'connect-only'
          ? SCREEN.AWAITING_CONNECT_ONLY_CONNECTION
          : SCREEN.AWAITING_CONNECTION,
      params: { walletConnect: true },
    };
  }
  return {
    screen: SCREEN.LOGIN_FAILED_SCREEN,
    params: { method: option.name, error: { code: 'wallet_not_installed' } },
  };
}
