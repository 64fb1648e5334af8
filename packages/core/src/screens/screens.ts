/**
 * The names of the modal's screens (spec section 2), one shared list: the contract between
 * core's flows and react's screen registry (`METHOD_SCREENS`). It already holds the next
 * methods' screens (Telegram, Farcaster, cross-app, MFA).
 */
const SCREEN_NAMES = [
  // Login and connect
  'LANDING',
  'CONNECT_OR_CREATE',
  'AWAITING_PASSWORDLESS_CODE',
  'AWAITING_CONNECTION',
  'AWAITING_CONNECT_ONLY_CONNECTION',
  'AWAITING_FARCASTER_CONNECTION',
  'AWAITING_FARCASTER_SIGNER',
  'AWAITING_PASSKEY_SYSTEM_DIALOGUE',
  'AWAITING_OAUTH_SCREEN',
  'CROSS_APP_AUTH_SCREEN',
  'TELEGRAM_AUTH_SCREEN',
  'PHANTOM_INTERSTITIAL_SCREEN',
  'INSTALL_PHANTOM_SCREEN',
  'PHANTOM_REDIRECT_SCREEN',
  'LOGIN_FAILED_SCREEN',
  'IN_APP_BROWSER_LOGIN_NOT_POSSIBLE',
  'AFFIRMATIVE_CONSENT_SCREEN',
  'CAPTCHA_SCREEN',
  'ERROR_SCREEN',
  'ALLOWLIST_REJECTION_SCREEN',
  'ACCOUNT_NOT_FOUND_SCREEN',
  'USER_LIMIT_REACHED_SCREEN',
  'CONNECT_ONLY_LANDING_SCREEN',
  'CONNECT_ONLY_AUTHENTICATED_SCREEN',
  // Linking
  'LINK_EMAIL_SCREEN',
  'LINK_PHONE_SCREEN',
  'LINK_WALLET_SCREEN',
  'LINK_PASSKEY_SCREEN',
  'UPDATE_EMAIL_SCREEN',
  // Embedded wallet
  'EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN',
  'EMBEDDED_WALLET_CREATED_SCREEN',
  'EMBEDDED_WALLET_CONNECTING_SCREEN',
  'EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN',
  'EMBEDDED_WALLET_RECOVERY_SELECTION_SCREEN',
  'EMBEDDED_WALLET_RECOVERY_OAUTH_SCREEN',
  'EMBEDDED_WALLET_KEY_EXPORT_SCREEN',
  // Issue 22 item 4: import an existing key, typed into the wallet frame's import page
  'EMBEDDED_WALLET_IMPORT_SCREEN',
  'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN',
  'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN',
  'EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN',
  'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN',
  'EMBEDDED_WALLET_PASSWORD_CREATE_SCREEN',
  // Funding
  'FIAT_ON_RAMP_PROMPT_SCREEN',
  'FIAT_ON_RAMP_STATUS_SCREEN',
  // MFA (issue 15): enrolment, and the verification prompt a wallet action may need
  'MFA_ENROLLMENT_FLOW_SCREEN',
  'MFA_VERIFICATION_SCREEN',
] as const;

/** One of the {@link SCREEN} names. */
export type ScreenName = (typeof SCREEN_NAMES)[number];

/**
 * Names of the modal's screens (spec section 2), each key its own value (`SCREEN.LANDING ===
 * 'LANDING'`). The React modal maps each name to a component; flows in core answer with these
 * names to say where to go next. Built from the list so each name is written once.
 */
export const SCREEN = Object.fromEntries(SCREEN_NAMES.map((name) => [name, name])) as {
  readonly [Name in ScreenName]: Name;
};
