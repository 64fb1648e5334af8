import { METHOD_MESSAGES } from './methods/links.ts';

/**
 * The texts of `@latchkey/core` that belong to no login method, in English (spec sections 2, 4,
 * 5 and 8). Each method's texts live in its folder (`methods/<id>/messages.ts`, issue 11).
 */
export const sharedMessages = {
  // Validation (spec section 5)
  invalidAppId: 'Cannot initialize the Latchkey provider with an invalid Latchkey app ID',
  alreadyLoggedIn:
    'Attempted to log in, but user is already logged in. Use a `link` helper instead.',

  // Session (spec section 8, "Other")
  refreshTokenInvalid: 'Unable to refresh tokens - token is missing or no longer valid',

  // Login and connect (spec section 2)
  submit: 'Submit',
  moreOptions: 'More options',
  connect: 'Connect',
  tryAgain: 'Try again',
  cancel: 'Cancel',
  consentTitle: 'One last step',
  consentText: 'By signing up, you agree to our terms and privacy policy.',
  viewTerms: 'View Terms',
  viewPrivacyPolicy: 'View Privacy Policy',
  noThanks: 'No thanks',
  accept: 'Accept',
  footerTerms: 'By logging in I agree to the Terms & Privacy Policy',
  protectedBy: 'Protected by',

  // Error screen by code (spec section 8)
  timedOutTitle: 'Timed out',
  timedOutDetail: 'The request timed out.',
  timedOutCta: 'Try again',
  somethingWentWrongTitle: 'Something went wrong',
  somethingWentWrongCta: 'Try again',
  invalidCaptchaDetail: 'Please try again.',
  notAllowedTitle: 'Not allowed',
  notAllowedDetail: 'This login method is not allowed for this app.',
  tryAnotherMethod: 'Try another method',
  allowlistRejectedTitle: "You don't have access to this app",
  allowlistRejectedDetail: 'Have you been invited?',
  allowlistRejectedCta: 'Try another account',
  captchaFailureDetail: 'You did not pass CAPTCHA. Please try again.',
  captchaFailureExhaustedDetail: 'If you use an adblocker or VPN, try disabling and re-attempting.',
  captchaTimeoutTitle: 'Something went wrong!',
  captchaTimeoutDetail: 'Please try again later.',
  authenticationFailedTitle: 'Authentication failed',
  linkedToAnotherUserDetail: 'This account has already been linked to another user.',
  tooManyRequestsTitle: 'Request failed',
  tooManyRequestsDetail: 'Too many attempts.',
  tooManyRequestsCta: 'Try again later',
  userLimitReachedTitle: 'Unable to sign in',
  userLimitReachedDetail:
    'This application has reached its user limit and cannot sign in new users.',
  userLimitReachedCta: 'Try again later',
  accountNotFoundTitle: 'Account not found',
  accountNotFoundDetail: 'Please try logging in again or go to {app} to create an account.',
  accountNotFoundCta: 'Try again',
  defaultErrorTitle: 'Something went wrong',
  defaultErrorDetail: 'Try later',
  defaultErrorCta: 'Try again',

  // The login list and connect-only mode (spec sections 2, 4, 5 and 8; issue 4)
  moreSocials: 'More options',
  methodNotConfiguredTitle: 'Not available yet',
  methodNotConfiguredDetail: '{method} login is not configured for this app.',
  connectOnlyTitle: 'Connect a wallet',
  connectOnlyAuthenticatedTitle: 'Wallet connected',
  connectOnlyAuthenticatedDetail: '{address} is connected to this page.',
  done: 'Done',

  // Accounts: linking, unlinking, terms (spec sections 5, 6, 7 and 8; issue 6)
  mustBeLoggedInToLink: 'You must be logged in to link an account.',
  mustBeLoggedIn: 'You must be logged in to change your accounts.',
  linkFailedTitle: 'Could not link account',
  unlinkFailedTitle: 'Could not remove account',
  cannotUnlinkLastAccountDetail:
    'This is your only login method. Link another one before removing it.',
  cannotUnlinkEmbeddedWalletDetail: 'The embedded wallet cannot be unlinked.',
  accountNotLinkedDetail: 'This account is not linked to your user.',
  cannotLinkMoreOfType: 'User already has an account of type {type} linked.',
  captchaUnsupportedSiteKey: 'Unsupported captcha site key',
} as const;

/**
 * Every user-facing string of `@latchkey/core`, in English (spec sections 2, 4, 5 and 8): the
 * {@link sharedMessages} and each login method's texts (`METHOD_MESSAGES` of
 * `methods/links.ts`, one line per method). One flat catalogue so any string can be overridden
 * with a `Partial<Messages>`: `errorScreenFor(err, { appName, messages: { defaultErrorTitle:
 * 'Oops' } })`. Placeholders in braces (`{app}`, `{email}`) are filled by {@link formatMessage}.
 */
export const messages = { ...sharedMessages, ...METHOD_MESSAGES } as const;

/** The catalogue's shape: every key maps to a string. */
export type Messages = { -readonly [K in keyof typeof messages]: string };

/** Any subset of the catalogue, to override strings. */
export type MessageOverrides = Partial<Messages>;

/**
 * Merges overrides onto the English catalogue.
 *
 * @param overrides - Strings to replace; `undefined` values are ignored.
 * @returns A full catalogue.
 */
export function resolveMessages(overrides?: MessageOverrides): Messages {
  if (!overrides) return messages;
  const merged: Messages = { ...messages };
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') merged[key as keyof Messages] = value;
  }
  return merged;
}

/**
 * Fills `{name}` placeholders; unknown placeholders are left as written.
 *
 * @example formatMessage('Go to {app}', { app: 'Acme' }) // 'Go to Acme'
 */
export function formatMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}
