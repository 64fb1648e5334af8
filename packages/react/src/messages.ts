import { type Messages as CoreMessages, messages as coreMessages } from '@latchkey/core';
import { METHOD_MESSAGES } from './methods/links.ts';
import { crossAppMessages } from './crossapp/messages.ts';
import { mfaMessages } from './mfa/messages.ts';

/**
 * Strings only the React modal shows (chrome, accessibility labels, link texts): the chrome's
 * and each login method's (`methods/<id>/messages.ts`, through `METHOD_MESSAGES` of
 * `methods/links.ts`; issue 11). They sit beside core's catalogue and are overridden the same
 * way, through `config.messages`. Placeholders in braces are filled with core's
 * `formatMessage`. No key is also in core's catalogue (issue 11): a string both need lives in
 * core ('Done', 'One last step'), and `messages.test.ts` fails to compile when the two share a
 * key.
 */
export const reactMessages = {
  /** Landing title when `appearance.landingHeader` is not set (spec section 3). */
  landingHeader: 'Log in or sign up',
  close: 'Close',
  back: 'Back',
  /** Accessible name of each code box; `{n}` is 1 to 6. */
  digitLabel: 'Digit {n}',
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

  // Embedded wallet (spec sections 2, 4, 5 and 8; issue 3)
  walletCreatingTitle: 'Creating your wallet',
  walletCreatingDetail: 'This only takes a moment.',
  walletCreatedNewUser: 'Welcome',
  walletCreatedReturning: 'All set!',
  walletCreatedDetail: 'Your wallet is ready.',
  walletConnectingTitle: 'Connecting your wallet',
  walletConnectingDetail: 'Just a moment…',
  walletCreationFailedTitle: 'Could not create your wallet',
  walletErrorTitle: 'Something went wrong',
  walletErrorDetail: "We're on it. Please try again later.",
  unableToRecoverWallet: 'Unable to recover wallet',
  recoverySelectionTitle: 'Recover your wallet',
  recoverySelectionDetail: 'Choose how to restore your wallet on this device.',
  recoveryMethodPassword: 'Password',
  recoveryMethodGoogleDrive: 'Google Drive',
  recoveryMethodIcloud: 'iCloud',
  // Issue 23: choosing a backup (create and set) and the cloud recovery screen ({provider}:
  // 'Google Drive' or 'iCloud').
  recoveryBackupTitle: 'Back up your wallet',
  recoveryBackupDetail:
    'Choose where your backup lives. You will use it to restore your wallet on a new device.',
  cloudRecoverTitle: 'Restore from {provider}',
  cloudRecoverDetail: 'Use the {provider} account that holds your backup.',
  cloudBackupTitle: 'Back up to {provider}',
  cloudBackupDetail: 'Your recovery key is saved in your own {provider}; only this app can see it.',
  /** The accessible title of the cloud recovery frame. */
  cloudFrameTitle: '{provider} backup',
  cloudBackupSuccessTitle: 'Backup complete',
  cloudBackupSuccessDetail: 'You can now restore your wallet from {provider} on a new device.',
  cloudRedirecting: 'Taking you to {provider}…',
  cloudBackupFailed: 'An error has occurred, please try again.',
  passwordRecoveryTitle: 'Enter your password',
  passwordRecoveryDetail:
    'Enter the recovery password you set to restore your wallet on this device.',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm password',
  invalidRecoveryPassword: 'Invalid recovery password, please try again.',
  recoverWallet: 'Recover wallet',
  recovering: 'Recovering…',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  whySecureTitle: 'Why do I need to secure my account?',
  whySecureDetail:
    'Your wallet lives on this device. A backup lets you restore it on a new device or if this one loses its data.',
  backupGoogleDrive: 'Google Drive: keep an encrypted backup in your own drive.',
  backupIcloud: 'iCloud: keep an encrypted backup in your own iCloud.',
  backupPassword: 'Password: only you know it; we never see it.',
  passwordCreateTitle: 'Set a password',
  passwordCreateDetail:
    'Secure your wallet with a password. You will need it to use your wallet on a new device.',
  passwordStrengthLabel: 'Strength: {label}',
  passwordStrengthWeak: 'Weak',
  passwordStrengthMedium: 'Medium',
  passwordStrengthStrong: 'Strong',
  generatePassword: 'Generate a password',
  continue: 'Continue',
  passwordSaveTitle: 'Save your password',
  passwordSaveDetail: 'Keep it somewhere safe. We cannot recover it for you.',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  passwordConfirmTitle: 'Confirm your password',
  passwordConfirmDetail: 'Type your password again.',
  passwordFinalizeTitle: 'Confirm you saved it',
  passwordAcknowledgement:
    'I understand that if I lose my password and device, I will lose access to my account and my assets.',
  setPassword: 'Set Password',
  settingPassword: 'Setting password…',
  passwordSuccessTitle: 'Success',
  passwordSuccessDetail: 'Your wallet is now secured with your password.',
  passwordFailureTitle: 'Something went wrong',
  passwordUpdateSplashTitle: 'Secure your wallet',
  passwordUpdateSplashDetail:
    'Your wallet is recovered automatically today. Add a password so only you can restore it.',
  passwordUpdateTitle: 'Switch to password recovery',
  passwordUpdateDetail: 'Set a password that only you know. It replaces automatic recovery.',
  signTitle: 'Sign message',
  signDescription: 'Signing this message will not cost you any fees.',
  signButton: 'Sign and continue',
  signing: 'Signing…',
  signed: 'Signed',
  /** The title of the approval frame in the sign and send screens (issue 24). */
  approvalFrameTitle: 'Approve in your wallet',
  approvalRetry: 'Try again',
  signTypedDataLabel: 'Typed data',
  messageMustBeNonEmpty: 'Message must be a non-empty string',
  userRejected: 'user rejected',
  sendTitle: 'Send {symbol}',
  reviewTransaction: 'Review transaction',
  txTo: 'To',
  txFrom: 'From',
  txAmount: 'Amount',
  txNetwork: 'Network',
  txEstimatedFee: 'Estimated fee',
  txTotal: 'Total',
  txBalance: 'Balance',
  submitting: 'Submitting (may take a few moments)...',
  addFunds: 'Add Funds',
  addFundsOn: 'Add funds on {network} to complete the transaction.',
  insufficientFunds: 'Wallet has insufficient funds on this network for this transaction.',
  /** FIAT_ON_RAMP_PROMPT_SCREEN (issue 20; spec section 2, Funding): three points and the button. */
  onRampTitle: 'Fund your wallet',
  onRampPointPay:
    "Pay by card, Apple Pay or bank transfer on MoonPay's own page. This app never sees your card.",
  onRampPointVerify: 'MoonPay may ask you to verify your identity before your first purchase.',
  onRampPointArrive:
    'What you buy goes straight to {address} and can take a few minutes to arrive.',
  onRampContinue: 'Continue to Moonpay',
  onRampPreparing: 'Preparing your purchase…',
  onRampUnavailable: 'Card purchases are not available right now.',
  /** FIAT_ON_RAMP_STATUS_SCREEN (spec section 4, "Fiat on-ramp result"). */
  onRampCompletedTitle: "You've funded your account!",
  onRampCompletedDetail: 'It may take a few minutes for the assets to appear in your wallet.',
  onRampFailedTitle: 'Something went wrong!',
  onRampFailedDetail:
    'Your purchase did not go through. Contact MoonPay support for help; debit cards are accepted more often than credit cards.',
  onRampServiceFailureTitle: 'We could not check your purchase',
  onRampServiceFailureDetail:
    'MoonPay cannot be reached right now. Your purchase may still go through: check your wallet later.',
  onRampProcessingTitle: 'Processing payment',
  onRampProcessingDetail:
    'This can take a few hours. MoonPay will send you an e-mail when it is done.',
  onRampInProgressTitle: 'In Progress',
  onRampInProgressDetail: 'Finish your purchase in the MoonPay tab. This page updates by itself.',
  /** The send screen's dollar amounts (spec section 9) when the price cannot be had. */
  tokenPriceUnavailable: 'Unable to fetch token price on chain id {chainId}',
  txPrepareError:
    'There was an error preparing your transaction. Your transaction request will likely fail.',
  txSuccessTitle: 'Transaction complete',
  txSubmittedTitle: 'Transaction submitted',
  txHash: 'Transaction hash',
  txBlock: 'Block',
  txGasUsed: 'Gas used',
  viewOnExplorer: 'View on explorer',
  txErrorTitle: 'Transaction failed',
  txErrorCode: 'Error code',
  retryTransaction: 'Retry transaction',
  copyHash: 'Copy hash',
  exportTitle: 'Export your private key',
  exportDetail: 'Shown only inside this secure frame, never to this app.',
  exportFrameTitle: 'Private key export',
  /** EMBEDDED_WALLET_IMPORT_SCREEN (issue 22 item 4): bring an existing Ethereum key in. */
  importTitle: 'Import a wallet',
  importDetail: 'Type or paste your private key inside this secure frame, never into this app.',
  importFrameTitle: 'Private key import',
  /** The title of the password frame in the password screens (issue 24 item 4). */
  passwordFrameTitle: 'Wallet password',
  // Login gates: terms consent and captcha (issue 6; spec sections 2, 4 and 8)
  consentDetail: 'By signing up, you agree to our terms and privacy policy.',
  consentViewTerms: 'View Terms',
  consentViewPrivacy: 'View Privacy Policy',
  consentDecline: 'No thanks',
  consentAccept: 'Accept',
  consentAccepting: 'Accepting...',
  /** `useLogin({ onError })` message of code `terms_declined`. */
  termsDeclined: 'The user declined the terms and privacy policy',
  captchaTitle: 'Checking that you are human',
  captchaLoadingDetail: 'This only takes a moment.',
  captchaReadyTitle: 'You are verified',
  captchaReadyDetail: 'Continue to log in.',
  captchaContinue: 'Continue',
  // Linking and unlinking (issue 6; spec sections 2, 5 and 9)
  exitedLinkFlow: 'The user closed the link modal',
  // <LatchkeyButton/> (issue 12 item 7): the app's account button and its menu
  latchkeyButtonLogIn: 'Log in',
  /** The logged-in button's text when the user has no wallet, email or phone. */
  latchkeyButtonAccount: 'Account',
  latchkeyButtonCopyAddress: 'Copy address',
  latchkeyButtonLogOut: 'Log out',
  // Each login method's texts (methods/<id>/messages.ts).
  ...METHOD_MESSAGES,
  // MFA's prompt and enrolment screens (issue 15, mfa/messages.ts).
  ...mfaMessages,
  // A provider app's own sign-in page (issue 21, crossapp/messages.ts).
  ...crossAppMessages,
} as const;

/** Every string the modal may show: core's catalogue plus {@link reactMessages}. */
export type Messages = CoreMessages & { -readonly [K in keyof typeof reactMessages]: string };

/** Any subset of {@link Messages}, passed as `config.messages`. */
export type MessageOverrides = Partial<Messages>;

/**
 * Core's catalogue and the modal's in English, then a locale's `catalogue` (`locales/`), then
 * the host's `overrides` on top (non-string values ignored).
 */
export function resolveAllMessages(
  overrides?: MessageOverrides,
  catalogue?: Messages | null,
): Messages {
  const merged: Messages = { ...coreMessages, ...reactMessages, ...catalogue };
  if (!overrides) return merged;
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') merged[key as keyof Messages] = value;
  }
  return merged;
}

/** Where 'Protected by Latchkey' points: the Latchkey project. */
export const LATCHKEY_PROJECT_URL = 'https://github.com/latchkey/latchkey';
