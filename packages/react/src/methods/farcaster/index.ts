/**
 * The Farcaster method's login-list part (issue 16): the `farcaster` entry, whose click goes
 * through the captcha gate and opens AWAITING_FARCASTER_CONNECTION with the token; the screen
 * opens the relay channel and shows its QR code. Screens: `./screens.ts`; account helpers:
 * `./accounts.ts`.
 */
import { SCREEN } from '@latchkey/core';
import type { LoginMethodUi } from '../types.ts';
import { FarcasterIcon } from './icon.tsx';
import { farcasterLink } from './link.ts';

/** Display name of the `farcaster` login-list entry (a brand name, not translated). */
const LABEL = 'Farcaster';

/** Farcaster (Sign In With Farcaster, FIP-11). */
export const farcasterUi: LoginMethodUi = {
  ...farcasterLink,
  labels: { farcaster: LABEL },
  itemIcon: FarcasterIcon,
  // No popup: the screen starts the login, with the token the gate hands over (single use).
  start: ({ navigate, withCaptcha }) => {
    void withCaptcha((captchaToken) =>
      navigate(SCREEN.AWAITING_FARCASTER_CONNECTION, {
        method: LABEL,
        ...(captchaToken ? { captchaToken } : {}),
      }),
    );
  },
};
