/**
 * The OAuth method's UI (issue 11; spec section 5): one login-list button per provider, whose
 * click starts the popup flow through the captcha gate, and AWAITING_OAUTH_SCREEN, which also
 * links a provider (issue 6); and another app's account, `latchkey:{providerAppId}` (issue
 * 21), the same flow with the provider app's name and logo and CROSS_APP_AUTH_SCREEN. Screens:
 * `./screens.ts`.
 */
import { OAUTH_PROVIDER_DISPLAY } from '@latchkey/api';
import { isCrossAppLoginItem, isOAuthProvider, SCREEN } from '@latchkey/core';
import { oauthCaptchaOptions } from './captcha.ts';
import type { LoginMethodUi } from '../types.ts';
import { OAuthItemIcon, OAuthItemLabel } from './crossApp.tsx';
import { oauthLink } from './link.ts';

const isMobile = () =>
  typeof navigator !== 'undefined' && /android|iphone|ipad|ipod|mobile/i.test(navigator.userAgent);

/** Display names of the providers' buttons (brand names). */
const LABELS: Readonly<Record<string, string>> = OAUTH_PROVIDER_DISPLAY;

/** The OAuth method's UI module. */
export const oauthUi: LoginMethodUi = {
  ...oauthLink,
  labels: LABELS,
  // Another app's account, `latchkey:{providerAppId}` (issue 21): the same popup flow.
  owns: isCrossAppLoginItem,
  itemIcon: OAuthItemIcon,
  ItemLabel: OAuthItemLabel,
  // Twitter on mobile only with twitterOAuthOnMobileEnabled (spec section 5).
  hidden: (item, config) => item === 'twitter' && !config.twitterOAuthOnMobileEnabled && isMobile(),
  /**
   * A social button (issue 5): the flow starts synchronously in the click, so the provider's
   * popup opens inside the user's gesture; the screen waits for it. Through the captcha gate
   * (issue 6): with a ready token at once; else CAPTCHA_SCREEN's 'Continue' click starts it.
   * Another app's account (`latchkey:{providerAppId}`, issue 21) the same way, followed by
   * CROSS_APP_AUTH_SCREEN.
   */
  start: ({ client, navigate, withCaptcha }, item) => {
    // Another app's account (issue 21): its 440x680 popup and CROSS_APP_AUTH_SCREEN.
    const cross = isCrossAppLoginItem(item);
    if ((!cross && !isOAuthProvider(item)) || !client) {
      navigate(SCREEN.AWAITING_OAUTH_SCREEN, { method: LABELS[item] ?? item });
      return;
    }
    const screen = cross ? SCREEN.CROSS_APP_AUTH_SCREEN : SCREEN.AWAITING_OAUTH_SCREEN;
    void withCaptcha(
      (captchaToken) => {
        const result = client.initOAuth(item, oauthCaptchaOptions(captchaToken));
        result.catch(() => {}); // the screen reports it
        navigate(screen, { oauth: { provider: item, result } });
      },
      { gesture: true },
    );
  },
};
