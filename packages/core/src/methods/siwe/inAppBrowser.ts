/**
 * The in-app browser rule (spec section 5): in an app's embedded browser (Facebook, Instagram,
 * Snapchat, LinkedIn, React Native web views) wallet clicks that the page did not get from the
 * user (untrusted events) are blocked and IN_APP_BROWSER_LOGIN_NOT_POSSIBLE is shown.
 */

const IN_APP_PATTERN = /fbav|fban|instagram|snapchat|linkedinapp|react[ -]?native/i;

/** True when `userAgent` is an in-app browser of spec section 5. */
export function isInAppBrowser(userAgent: string | undefined | null): boolean {
  return !!userAgent && IN_APP_PATTERN.test(userAgent);
}

/**
 * Whether a wallet click may proceed: outside in-app browsers always; inside one only for a
 * trusted (user-made) event.
 */
export function walletClickAllowed(parameters: {
  userAgent: string | undefined | null;
  isTrusted: boolean;
}): boolean {
  return !isInAppBrowser(parameters.userAgent) || parameters.isTrusted;
}
