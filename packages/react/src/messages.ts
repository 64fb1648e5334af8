import { type Messages as CoreMessages, messages as coreMessages } from '@latchkey/core';

/**
 * Strings only the React modal shows (chrome, accessibility labels, link texts). They sit
 * beside core's catalogue and are overridden the same way, through `config.messages`.
 * Placeholders in braces are filled with core's `formatMessage`.
 */
export const reactMessages = {
  /** Landing title when `appearance.landingHeader` is not set (spec section 3). */
  landingHeader: 'Log in or sign up',
  close: 'Close',
  back: 'Back',
  /** Accessible name of each code box; `{n}` is 1 to 6. */
  digitLabel: 'Digit {n}',
  emailLabel: 'Email address',
  verifying: 'Verifying…',
  sending: 'Sending…',
  /** Countdown after a resend; `{seconds}` counts down from 30 (spec section 9). */
  resendCountdown: '{seconds}s',
  /** Footer sentence; `{terms}` and `{privacy}` become links (spec section 2, footer). */
  footerTermsTemplate: 'By logging in I agree to the {terms} & {privacy}',
  termsLink: 'Terms',
  privacyLink: 'Privacy Policy',
  /** 'Protected by' is core's; this is the link text after it. */
  protectedByName: 'Latchkey',
  logoAlt: '{app} logo',
  /** Stands in for `{app}` while the app config has not loaded. */
  appNameFallback: 'us',
  loading: 'Loading…',
} as const;

/** Every string the modal may show: core's catalogue plus {@link reactMessages}. */
export type Messages = CoreMessages & { -readonly [K in keyof typeof reactMessages]: string };

/** Any subset of {@link Messages}, passed as `config.messages`. */
export type MessageOverrides = Partial<Messages>;

/** Core's catalogue and the modal's, with `overrides` on top (non-string values ignored). */
export function resolveAllMessages(overrides?: MessageOverrides): Messages {
  const merged: Messages = { ...coreMessages, ...reactMessages };
  if (!overrides) return merged;
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') merged[key as keyof Messages] = value;
  }
  return merged;
}

/** Where 'Protected by Latchkey' points: the Latchkey project. */
export const LATCHKEY_PROJECT_URL = 'https://github.com/latchkey/latchkey';
